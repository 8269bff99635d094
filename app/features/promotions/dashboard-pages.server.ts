import { data, redirect } from "@remix-run/node";
import { ApiError } from "~/platform/api.server";
import { assertSuperAdmin, isSpoofing, pageGuard, requireUser } from "~/platform/auth.server";
import { forPage, intentOf } from "~/platform/page-errors.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { keyedAction, type KeyedActionResult } from "~/platform/keyed-action.server";
import { getPromotionDashboard } from "~/features/promotions/dashboard.server";
import { adminClosePromotionSessions, transitionPromotionSession } from "~/features/promotions/sessions.server";
import { readPromotionSessions } from "~/features/promotions/session-reads.server";
import { startNominationDownload } from "~/features/jobs/types/nominations-download.server";
import { formText } from "~/features/promotions/page-helpers.server";
import type { DashboardJson, PromotionSessionJson } from "~/features/promotions/types";

/**
 * The admin promotion dashboard (/app/admin/promotion-dashboard?cycle_id=, super admin only: the /app/admin
 * layout refuses others with 'You do not have access to this page', and the loader and action here check
 * again): the dashboard's counts for the cycle, the cycle's promotion sessions, closing one or all of them,
 * and starting the nominations download (the DOWNLOAD_NOMINATIONS job of app/features/jobs).
 */

async function requireAdmin(request: Request) {
  const current = await requireUser(request);
  pageGuard(() => assertSuperAdmin(current));
  return current;
}

type CycleOption = { id: number; name: string };
export type DashboardPageData =
  | { kind: "none" | "invalid"; message: string; cycles: CycleOption[] }
  | {
      kind: "selected";
      cycles: CycleOption[];
      cycleId: number;
      spoofing: boolean;
      dashboard: DashboardJson;
      sessions: PromotionSessionJson[];
    };

const options = (d: DashboardJson): CycleOption[] => d.cycles.map((c) => ({ id: c.id, name: c.name }));

/** Without ?cycle_id= the page goes to the cycle the dashboard picks (the latest with nominations, else the latest). */
export async function loadDashboardPage(request: Request): Promise<DashboardPageData> {
  const current = await requireAdmin(request);
  const url = new URL(request.url);
  const raw = url.searchParams.get("cycle_id");
  if (raw === null || raw === "" || !/^\d+$/.test(raw)) {
    const overview = await forPage(() => getPromotionDashboard(current, null));
    if (raw && overview.cycles.length)
      return {
        kind: "invalid",
        message: "Invalid Cycle ID",
        cycles: options(overview),
      };
    if (!overview.cycle) return { kind: "none", message: "No cycles present", cycles: [] };
    url.searchParams.set("cycle_id", String(overview.cycle.id));
    throw redirect(url.pathname + url.search);
  }
  const cycleId = Number(raw);
  let dashboard: DashboardJson;
  try {
    dashboard = await getPromotionDashboard(current, cycleId);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    const overview = await forPage(() => getPromotionDashboard(current, null));
    return {
      kind: "invalid",
      message: "Invalid Cycle ID",
      cycles: options(overview),
    };
  }
  const sessions = await forPage(() => readPromotionSessions(cycleId, null));
  return {
    kind: "selected",
    cycles: options(dashboard),
    cycleId,
    spoofing: isSpoofing(current),
    dashboard,
    sessions,
  };
}

/** The page of a nominations download job (app/routes/app.admin.cycles.$cycleId.download-nomination-jobs.*). */
const nominationJobsPath = (cycleId: number, jobId?: number) => `/app/admin/cycles/${cycleId}/download-nomination-jobs${jobId ? `/${jobId}` : ""}`;

/**
 * intent=download: start the cycle's DOWNLOAD_NOMINATIONS job and go to its page (like the participants
 * download); intent=close: one session (session_id, event close) or, with scope=all, every open promotion
 * session of the cycle.
 */
export async function dashboardAction(request: Request) {
  const current = await requireAdmin(request);
  const raw = new URL(request.url).searchParams.get("cycle_id") ?? "";
  const form = await request.formData();
  const intent = intentOf(form, ["close", "download"] as const);
  if (intent === "download") {
    try {
      if (!/^\d+$/.test(raw)) throw new ApiError(404, "not_found", "Invalid Cycle ID");
      const job = await startNominationDownload(current, Number(raw));
      return redirect(nominationJobsPath(Number(raw), job.id));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Said on the page from the refusal (issue 28): no background job service (503), else "could not be started".
      const message = pageMessage(err.status === 503 ? "promotions.dashboard.downloadUnavailable" : "promotions.dashboard.downloadFailed");
      return data<KeyedActionResult<"download">>({ ok: false, intent, message, fieldErrors: {} }, { status: err.status });
    }
  }
  // The toasts and refusals as keys (issue 28; calibration's ConfirmDialog says them in the reader's language).
  return keyedAction(
    pageMessage("promotions.couldNotSave"),
    intent,
    async () => {
      if (!/^\d+$/.test(raw)) throw new ApiError(404, "not_found", "Invalid Cycle ID");
      const cycleId = Number(raw);
      // The written reason a significant gap in a session's promotion decisions asks for (ADR 0120).
      const reason = formText(form, "comment");
      if (formText(form, "scope") === "all") {
        const { closed_session_ids: closed } = await adminClosePromotionSessions(current, cycleId, reason);
        return closed.length ? pageMessage("promotions.sessions.closedCount", { count: closed.length }) : pageMessage("promotions.sessions.noneToClose");
      }
      const sessionId = formText(form, "session_id");
      if (!/^\d+$/.test(sessionId)) throw new ApiError(400, "bad_request", "Pick a session to close");
      const session = await transitionPromotionSession(current, "admin", cycleId, Number(sessionId), "close", reason ? { comment: reason } : {});
      return pageMessage("promotions.sessions.closed", { name: session.name });
    },
    (err) => {
      if ("issues" in err) return null;
      if (err.code === "spoofing") return { message: pageMessage("promotions.spoofing") };
      if (err.code === "gap_reason_required") {
        const sessions = (err.details as { sessions?: unknown[] } | null)?.sessions;
        const message = sessions ? pageMessage("meetingFairness.forced.reasonRequired", { count: sessions.length }) : pageMessage("meetingFairness.promotion.reasonRequired");
        return { message, fieldErrors: { comment: message } };
      }
      if (err.status === 404 && err.message === "Invalid Cycle ID") return { message: pageMessage("promotions.invalidCycle") };
      if (err.status === 400) return { message: pageMessage("promotions.sessions.pickSession") };
      if (err.status === 409) return { message: pageMessage("promotions.sessions.notAllowed") };
      return null;
    },
  );
}
