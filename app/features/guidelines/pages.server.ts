import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { requireUser } from "~/platform/auth.server";
import { sortCycles } from "~/features/cycles/rules";
import { toCycleJson } from "~/features/cycles/model.server";
import { DEFAULT_REVIEWER_NAMES, type ReviewerNames } from "~/features/cycles/reviewer-names";
import type { CycleStage } from "~/features/cycles/rules";

/**
 * The General Guideline page (/app/guides/general-guideline; issue 26 §3 and §6, ADR 0058): the product's guideline
 * with each of the caller's cycles' actual rule on reviewers' names. The cycles are those the caller takes part in
 * that have left the draft stage (a draft's setting may still change and concerns nobody yet), in list order.
 * A super admin also reads how to point the menu at the company's own guideline (GENERAL_GUIDELINE_URL).
 */

/** Each cycle's setting (`names`) and stage: the page says them in the reader's language (issue 28). */
export type GuidelineCycle = { id: number; name: string; state: CycleStage; names: ReviewerNames };
export type GeneralGuidelineData = { cycles: GuidelineCycle[]; default_names: ReviewerNames; admin_note: boolean };

export async function loadGeneralGuideline({ request }: LoaderFunctionArgs): Promise<GeneralGuidelineData> {
  const current = await requireUser(request);
  const db = await getDb();
  const rows = await db.cycle.findMany({ where: { state: { not: "DRAFT" }, participants: { some: { userId: current.user.id } } } });
  const cycles = sortCycles(rows.map(toCycleJson)).map((c) => {
    return { id: c.id, name: c.name, state: c.state, names: { peer: c.peer_names, upward: c.upward_names } };
  });
  return {
    cycles,
    default_names: DEFAULT_REVIEWER_NAMES,
    // While spoofing, `user` is the viewed (non-admin) user: they see what that user sees.
    admin_note: current.user.role === "SUPER_ADMIN",
  };
}
