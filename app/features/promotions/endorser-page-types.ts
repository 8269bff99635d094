/**
 * The endorser's pages (/app/promotions/endorsements…, spec §2, issue 14) and what every promotion page's
 * action answers. PURE: the components import it; endorser-pages.server.ts returns these shapes.
 */
import type { EndorsementDetailJson, EndorsementJson } from "~/features/promotions/types";

export const ENDORSEMENTS_PATH = "/app/promotions/endorsements";

export const endorsementPaths = {
  list: () => ENDORSEMENTS_PATH,
  endorse: (endorsementId: number, cycleId: number) => `${ENDORSEMENTS_PATH}/${endorsementId}/endorse?cycle_id=${cycleId}`,
  view: (endorsementId: number, cycleId: number) => `${ENDORSEMENTS_PATH}/${endorsementId}/view?cycle_id=${cycleId}`,
};

/** /app/promotions/endorsements: my requests, newest first. */
export type EndorsementListPageData = { endorsements: EndorsementJson[] };

/** /…/{endorsementId}/endorse and /…/{endorsementId}/view. */
export type EndorsementPageData = { cycleId: number; spoofing: boolean; endorsement: EndorsementDetailJson };

/**
 * What a promotion page's action answers (the shape of calibration's MeetingActionResult, so its
 * useMeetingAction, ConfirmDialog and CommentThread work on these pages): a toast on success; the message
 * and a message per field otherwise.
 */
export type PromotionActionResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string | null; message: string; fieldErrors: Record<string, string> };
