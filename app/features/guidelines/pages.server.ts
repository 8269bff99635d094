import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { requireUser } from "~/platform/auth.server";
import { sortCycles } from "~/features/cycles/rules";
import { toCycleJson } from "~/features/cycles/model.server";
import { DEFAULT_REVIEWER_NAMES, groupRuleText, NAME_GROUPS } from "~/features/cycles/reviewer-names";

/**
 * The General Guideline page (/app/guides/general-guideline; issue 26 §3 and §6, ADR 0058): the product's guideline
 * with each of the caller's cycles' actual rule on reviewers' names. The cycles are those the caller takes part in
 * that have left the draft stage (a draft's setting may still change and concerns nobody yet), in list order.
 * A super admin also reads how to point the menu at the company's own guideline (GENERAL_GUIDELINE_URL).
 */

export type GuidelineCycle = { id: number; name: string; stage_label: string; rules: string[] };
export type GeneralGuidelineData = { cycles: GuidelineCycle[]; default_rules: string[]; admin_note: boolean };

export async function loadGeneralGuideline({ request }: LoaderFunctionArgs): Promise<GeneralGuidelineData> {
  const current = await requireUser(request);
  const db = await getDb();
  const rows = await db.cycle.findMany({ where: { state: { not: "DRAFT" }, participants: { some: { userId: current.user.id } } } });
  const cycles = sortCycles(rows.map(toCycleJson)).map((c) => {
    const names = { peer: c.peer_names, upward: c.upward_names };
    return { id: c.id, name: c.name, stage_label: c.stage_label, rules: NAME_GROUPS.map((g) => groupRuleText(names, g)) };
  });
  return {
    cycles,
    default_rules: NAME_GROUPS.map((g) => groupRuleText(DEFAULT_REVIEWER_NAMES, g)),
    // While spoofing, `user` is the viewed (non-admin) user: they see what that user sees.
    admin_note: current.user.role === "SUPER_ADMIN",
  };
}
