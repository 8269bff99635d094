/**
 * The HR partner's (promotion session admin's) pages, /app/promotions/hr-partners… (spec §2, issue 14): their
 * paths, loader data and form results. PURE: the components import it; hr-*-pages.server.ts return these.
 */
import type { CycleStage } from "~/features/cycles/rules";
import type { PageMessage } from "~/platform/i18n/page-message";
import type { CommentJson } from "~/features/calibration/types";
import type { NominationRowJson, PromotionSessionDetailJson, PromotionSessionJson } from "~/features/promotions/types";

export const HR_PROMOTIONS_PATH = "/app/promotions/hr-partners";

export const hrPaths = {
  nominations: (cycleId: number) => `${HR_PROMOTIONS_PATH}/nominations?cycle_id=${cycleId}`,
  create: (cycleId: number) => `${HR_PROMOTIONS_PATH}/create-session?cycle_id=${cycleId}`,
  session: (sessionId: number, cycleId: number) => `${HR_PROMOTIONS_PATH}/sessions/${sessionId}?cycle_id=${cycleId}`,
  edit: (sessionId: number, cycleId: number) => `${HR_PROMOTIONS_PATH}/sessions/${sessionId}/edit?cycle_id=${cycleId}`,
  /** The live-update stream of a promotion session (app/routes/app.calibration-sessions.$sessionId.events.ts). */
  events: (sessionId: number, cycleId: number, role: string) => `/app/calibration-sessions/${sessionId}/events?cycle_id=${cycleId}&role=${role}&kind=promotion`,
};

export type HrCycle = { id: number; name: string; state: CycleStage; stage_label: string };
export type HrCycleOption = { id: number; name: string };

/** /app/promotions/hr-partners/nominations: the cycle's nominations and my promotion sessions (or why no cycle). */
export type NominationsPageData =
  | { kind: "none" | "invalid"; message: string; cycles: HrCycleOption[] }
  | {
      kind: "selected";
      cycles: HrCycleOption[];
      cycle: HrCycle;
      myId: number;
      nominations: NominationRowJson[];
      sessions: PromotionSessionJson[];
      /** The sessions whose fairness insights the reader may open (the insights rule; ADR 0117). */
      insightSessions: number[];
    };

/** The create and edit forms of a promotion session (`session` null: create). */
export type SessionFormData = {
  cycle: HrCycle;
  session: PromotionSessionJson | null;
  /** Nominations the form offers: free ones, and (edit) those in this session. */
  pool: NominationRowJson[];
  /** The nominations in the session now (edit). */
  selected: number[];
  structureEditable: boolean;
  deadlineEditable: boolean;
  backTo: string;
};

export type SessionFormPage = { kind: "invalid"; message: string; cycles: HrCycleOption[] } | { kind: "form"; form: SessionFormData };

export const PROMOTION_FORM_FIELDS = ["name", "nomination_ids", "session_admin_id", "panelist_ids", "sign_off_ids", "deadline"] as const;
export type PromotionFormField = (typeof PROMOTION_FORM_FIELDS)[number];
/** Each field's errors as keys and values (issue 28): the form says them in the reader's language. */
export type PromotionFieldErrors = Partial<Record<PromotionFormField | "form", PageMessage[]>>;

/** A failed save of the session form (a success redirects). */
export type SessionFormResult = { ok: false; formError: PageMessage | null; fieldErrors: PromotionFieldErrors };

/** /app/promotions/hr-partners/sessions/{id}: the session as the one running it reads it, with each nomination's comments. */
export type HrSessionPageData = {
  cycleId: number;
  cycle: HrCycle;
  role: "hr_partner" | "session_admin";
  spoofing: boolean;
  myId: number;
  detail: PromotionSessionDetailJson;
  comments: Record<number, CommentJson[]>;
  /** Whether the reader may open the session's fairness insights (the insights rule; ADR 0117). */
  insightsLink: boolean;
};
