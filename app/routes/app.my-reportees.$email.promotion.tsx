import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pageTitle } from "~/platform/i18n/page-title";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMessage } from "~/platform/i18n/page-message";
import { nominationFailureMessage, rationaleIssueMessage } from "~/features/promotions/nomination-messages";
import { NominationPage, type NominationActionResult } from "~/features/promotions/components/nomination-page";
import { RouteErrorBoundary } from "~/platform/ui/error-view";
import { RationaleSchema } from "~/features/manager-review/rules";
import { isSpoofing } from "~/platform/auth.server";
import { nominateForPromotion, withdrawNomination } from "~/features/manager-review/nominations.server";
import { readNominationPage } from "~/features/promotions/nomination-page-reads.server";
import { forPage } from "~/platform/page-errors.server";
import { pageFormFailure, reportPageParams, requireReportPage } from "~/features/manager-review/pages.server";

export const handle = pageTitle<typeof loader>((data) =>
  data ? pageMessage("promotions.titles.nomination", { name: data.participant.name }) : pageMessage("promotions.titles.nominationUnknown"),
);

/** /app/my-reportees/{email}/promotion?cycle_id=: nominate my direct report for promotion with a rationale, or withdraw. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // One prepared statement (issue 27): the report's cycles and the nomination, with the API's 404/403.
  const { current, email, cycleId } = await reportPageParams(request, params);
  const { cycles, ...detail } = await forPage(() => readNominationPage(current.user.id, cycleId, email));
  return { cycles, cycleId, spoofing: isSpoofing(current), ...detail };
}

/** The action's answer: its texts as keys with values (said in the reader's language on the page). */
type ActionResult = NominationActionResult;

export async function action({ request, params }: ActionFunctionArgs) {
  const page = await requireReportPage(request, params);
  const form = await request.formData();
  const intent = form.get("intent") === "withdraw" ? "withdraw" : "nominate";
  try {
    if (intent === "withdraw") {
      await withdrawNomination(page.current, page.cycleId, page.email);
      return data<ActionResult>({ ok: true, intent, message: pageMessage("promotions.nomination.withdrawnToast"), rationaleError: null, rationale: null });
    }
    const raw = String(form.get("rationale") ?? "");
    const rationale = RationaleSchema.safeParse(raw);
    if (!rationale.success) {
      const message = rationaleIssueMessage(raw);
      return data<ActionResult>({ ok: false, intent, message, rationaleError: message, rationale: raw }, { status: 400 });
    }
    const { created } = await nominateForPromotion(page.current, page.cycleId, { email: page.email, rationale: rationale.data });
    return data<ActionResult>({
      ok: true,
      intent,
      message: pageMessage(created ? "promotions.nomination.nominated" : "promotions.nomination.updated"),
      rationaleError: null,
      rationale: null,
    });
  } catch (err) {
    const failure = pageFormFailure(err);
    return data<ActionResult>(
      { ok: false, intent, message: nominationFailureMessage(failure.message), rationaleError: null, rationale: String(form.get("rationale") ?? "") || null },
      { status: failure.status },
    );
  }
}

export default function PromotionPage() {
  return <NominationPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
