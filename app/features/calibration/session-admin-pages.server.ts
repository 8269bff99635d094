import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addComment, changeRating, moveParticipants, progressToReview, terminateParticipant } from "~/features/calibration/meeting.server";
import { isSpoofing } from "~/platform/auth.server";
import { intentOf, notFoundPage, pageRead } from "~/platform/page-errors.server";
import { pageMessage } from "~/platform/i18n/page-message";
import { MeetingRefusal, meetingAction } from "~/features/calibration/meeting-action.server";
import { PICK_KEYS } from "~/features/calibration/meeting-keys";
import { formNumber, formText, requireSessionRef, sessionPageParams } from "~/features/calibration/meeting-pages.server";
import { readSessionPage } from "~/features/calibration/meeting-reads.server";
import { PARTICIPANT_PAGE_SIZE, parseBoxParam } from "~/features/calibration/participant-page";
import type { SessionAdminPageData } from "~/features/calibration/meeting-page-types";
import { requestPreferences } from "~/platform/i18n/request-preferences.server";

/**
 * The session admin's page (/app/session-admin/calibration-sessions/{id}?cycle_id=) runs the meeting:
 * rating changes with a reason (the grid's dialog and the 9-box), moves, terminations, session comments and
 * the progress to review. Each intent calls the meeting service, which checks the role and the state again.
 */

/**
 * The page: the session as its admin reads it, one page (?page=, ADR 0067) of the participant table, the latest
 * changes of the history (?history=) and the 9-box in counts, every person of the box opened with ?box= (ADR 0091), in
 * two statements (meeting-reads.server.ts); a malformed parameter is the 404 page.
 */
export async function loadSessionAdminPage(request: Request, params: LoaderFunctionArgs["params"]): Promise<SessionAdminPageData> {
  const { page, history } = sessionPageParams(request);
  const box = parseBoxParam(new URL(request.url).searchParams.get("box"));
  if (box === undefined) throw notFoundPage();
  const { current, cycleId, sessionId } = await requireSessionRef(request, params);
  const { language } = await requestPreferences(request);
  const read = await pageRead(() => readSessionPage(current, "session_admin", cycleId, sessionId, { page, pageSize: PARTICIPANT_PAGE_SIZE, history, box, language }));
  return {
    role: "session_admin",
    cycleId,
    spoofing: isSpoofing(current),
    detail: read.detail,
    participant_page: read.participant_page,
    history_page: read.history_page,
    board: read.board ?? { boxes: {}, open: box },
  };
}

function requiredId(form: FormData, name: string, what: keyof typeof PICK_KEYS): number {
  const id = formNumber(form, name);
  if (id === undefined || !Number.isInteger(id) || id <= 0) throw new MeetingRefusal(pageMessage(PICK_KEYS[what]));
  return id;
}

export async function sessionAdminAction({ request, params }: ActionFunctionArgs) {
  const { current, cycleId, sessionId } = await requireSessionRef(request, params);
  const form = await request.formData();
  const intent = intentOf(form, ["set_rating", "move", "terminate", "progress_to_review", "comment"] as const);
  return meetingAction(intent, async () => {
    switch (intent) {
      case "set_rating": {
        const spId = requiredId(form, "sp_id", "participant");
        const rating = formNumber(form, "calibrated_rating");
        const potential = formNumber(form, "potential");
        const body = { ...(rating !== undefined ? { calibrated_rating: rating } : {}), ...(potential !== undefined ? { potential } : {}), reason: formText(form, "reason") };
        const { changed } = await changeRating(current, cycleId, sessionId, spId, body);
        return pageMessage(changed ? "calibrationMeeting.done.ratingSaved" : "calibrationMeeting.done.nothingChanged");
      }
      case "move": {
        const targetId = requiredId(form, "target_id", "target");
        const ids = form.getAll("participant_id").map((v) => Number(v));
        const { moved } = await moveParticipants(current, cycleId, sessionId, targetId, { participant_ids: ids });
        return pageMessage("calibrationMeeting.done.moved", { count: moved });
      }
      case "terminate":
        await terminateParticipant(current, cycleId, sessionId, requiredId(form, "sp_id", "participant"));
        return pageMessage("calibrationMeeting.done.terminated");
      case "progress_to_review":
        await progressToReview(current, cycleId, sessionId);
        return pageMessage("calibrationMeeting.done.sentForReview");
      default:
        await addComment(current, "session_admin", cycleId, sessionId, null, { body: formText(form, "body") });
        return pageMessage("calibrationMeeting.done.commentAdded");
    }
  });
}
