import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/db.server";
import { badRequest, type ApiError } from "~/platform/api.server";
import { ZodError } from "zod";
import { isSpoofing, requireUser, type CurrentUser } from "~/platform/auth.server";
import { forbiddenPage, intentOf, notFoundPage, pageIdParam, pageRead } from "~/platform/page-errors.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { keyedAction } from "~/platform/keyed-action.server";
import { endorsementIssues, endorsementRefusal } from "~/features/promotions/endorsement-messages";
import { answerEndorsement, getEndorsement } from "~/features/promotions/endorsements.server";
import { readEndorsement, readMyEndorsements } from "~/features/promotions/endorser-reads.server";
import { formText } from "~/features/promotions/page-helpers.server";
import type { EndorsementListPageData, EndorsementPageData } from "~/features/promotions/endorser-page-types";

/**
 * The endorser's pages (spec §2, issue 14): /app/promotions/endorsements (my requests),
 * /…/{endorsementId}/endorse?cycle_id= (accept or reject the request, then write the endorsement: only the
 * endorser, the 403 page for anyone else) and /…/{endorsementId}/view?cycle_id= (read-only: the endorser,
 * the promotion session's members and super admins, as getEndorsement decides; 'Not found' for anyone else). Every write goes through
 * the endorsement service (it checks the endorser and the request's state again, and talks to the workflow).
 * The pages read in one prepared statement each (endorser-reads.server.ts; the API's JSON and rules).
 */

export async function loadEndorsementList(request: Request): Promise<EndorsementListPageData> {
  const current = await requireUser(request);
  return { endorsements: await pageRead(() => readMyEndorsements(current)) };
}

type Ref = { current: CurrentUser; cycleId: number; endorsementId: number };

/**
 * The endorsement of a page: params.endorsementId and ?cycle_id=. Without cycle_id the page goes to the address
 * with the request's cycle written in (the service then checks who may read it); a malformed id is the 404 page.
 */
async function endorsementRef(request: Request, params: LoaderFunctionArgs["params"]): Promise<Ref> {
  const current = await requireUser(request);
  const endorsementId = pageIdParam(params.endorsementId);
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "") {
    const db = await getDb();
    const row = await db.endorsement.findUnique({ where: { id: endorsementId }, select: { nomination: { select: { participant: { select: { cycleId: true } } } } } });
    if (!row) throw notFoundPage();
    url.searchParams.set("cycle_id", String(row.nomination.participant.cycleId));
    throw redirect(url.pathname + url.search);
  }
  if (!/^\d+$/.test(raw)) throw notFoundPage();
  return { current, cycleId: Number(raw), endorsementId };
}

/**
 * The request as the endorser answers it. The endorse page is the endorser's alone: anyone else gets the 403
 * page (a session member who may read the request included), and the page shows nothing of the request.
 */
async function myRequest({ current, cycleId, endorsementId }: Ref) {
  const read = await pageRead(() => readEndorsement(current, cycleId, endorsementId));
  if (!read) throw notFoundPage();
  if (read.endorserId !== current.user.id) throw forbiddenPage();
  if (!read.json) throw notFoundPage();
  return read.json;
}

export async function loadEndorsePage(request: Request, params: LoaderFunctionArgs["params"]): Promise<EndorsementPageData> {
  const ref = await endorsementRef(request, params);
  return { cycleId: ref.cycleId, spoofing: isSpoofing(ref.current), endorsement: await myRequest(ref) };
}

export async function loadEndorsementView(request: Request, params: LoaderFunctionArgs["params"]): Promise<EndorsementPageData> {
  const { current, cycleId, endorsementId } = await endorsementRef(request, params);
  const read = await pageRead(() => readEndorsement(current, cycleId, endorsementId));
  if (!read?.json) throw notFoundPage();
  return { cycleId, spoofing: isSpoofing(current), endorsement: read.json };
}

const MESSAGES = {
  accept: "promotions.endorsements.accepted",
  reject: "promotions.endorsements.rejected",
  endorse: "promotions.endorsements.submitted",
} as const;

/** intent accept, reject (optional reason, posted as `comment` by the confirmation dialog) or endorse (outcome, endorsement). */
export async function endorseAction({ request, params }: ActionFunctionArgs) {
  const ref = await endorsementRef(request, params);
  const form = await request.formData();
  const intent = intentOf(form, ["accept", "reject", "endorse"] as const);
  // The page's texts as keys (issue 28): the toast, and the service's refusals and the answer's checks as the page says them.
  const explain = (err: ApiError | ZodError) =>
    err instanceof ZodError ? endorsementIssues(err.issues) : { message: endorsementRefusal(err) ?? pageMessage("promotions.couldNotSave") };
  return keyedAction(pageMessage("promotions.couldNotSave"), intent, async () => {
    const e = await getEndorsement(ref.current, ref.cycleId, ref.endorsementId);
    if (!intent) throw badRequest("Unknown action");
    const reason = formText(form, "comment");
    const body =
      intent === "endorse"
        ? { outcome: formText(form, "outcome") || undefined, endorsement: formText(form, "endorsement") }
        : intent === "reject"
          ? reason
            ? { reason }
            : {}
          : {};
    await answerEndorsement(ref.current, ref.cycleId, e.nomination_id, e.endorser.id, intent, body);
    return pageMessage(MESSAGES[intent]);
  }, explain);
}
