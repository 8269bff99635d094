/**
 * The setup pages of rating calibration sessions (HR partner: /app/ratings/hr-partners…; admin:
 * /app/admin/calibration-sessions and the admin edit page): the data their loaders hand the components and
 * the pure helpers both sides use. PURE module (components import it; no server code).
 */
import type { CycleStage } from "~/features/cycles/rules";
import type { SessionState } from "~/features/calibration/rules";
import type { HrPartnerParticipantJson, SessionJson } from "~/features/calibration/types";
import type { Reader } from "~/platform/i18n/format";
import type { PageMessage } from "~/platform/i18n/page-message";
import type { GapSession } from "~/features/insights/meeting-fairness";

export type SetupOwner = "hr_partner" | "admin";

export type SetupCycle = { id: number; name: string; state: CycleStage; stage_label: string };
export type SetupCycleOption = { id: number; name: string };

/** Why a list page shows no cycle (the CycleMessage, said by the page from `kind`), or the selected cycle. */
type NoCycle = { kind: "none" | "invalid"; message: string; cycles: SetupCycleOption[] };

/** /app/ratings/hr-partners: the HR partner's sessions of the cycle and their participants (with the session each is in). */
export type HrPartnerPageData =
  | NoCycle
  | {
      kind: "selected";
      cycles: SetupCycleOption[];
      cycle: SetupCycle;
      sessions: SessionJson[];
      participants: HrPartnerParticipantJson[];
      /** The sessions whose fairness insights the reader may open (the insights rule; ADR 0117). */
      insightSessions: number[];
    };

export type AdminSessionRow = SessionJson & { workflow_id: string };

/** /app/admin/calibration-sessions: every session of the cycle and the participants in none. */
export type AdminSessionsPageData =
  | NoCycle
  | { kind: "selected"; cycles: SetupCycleOption[]; cycle: SetupCycle; sessions: AdminSessionRow[]; unassigned: HrPartnerParticipantJson[] };

/** The create and edit pages of a session (HR partner or admin). `session` is null on the create page. */
export type SessionFormPageData = {
  owner: SetupOwner;
  cycle: SetupCycle;
  session: SessionJson | null;
  workflowId: string | null;
  /** Participants the form lists (the HR partner's, or all of the cycle's for the admin). */
  pool: HrPartnerParticipantJson[];
  /** Name, people and guideline may change (create, or a draft). */
  structureEditable: boolean;
  /** The deadline may change (create, or any session not closed). */
  deadlineEditable: boolean;
  canActivate: boolean;
  /** The list page this form returns to. */
  backTo: string;
  /** The HR partner's edit page: whether the reader may open the session's fairness insights (ADR 0117). */
  insightsLink?: boolean;
};

export const SESSION_FORM_FIELDS = ["name", "participant_ids", "session_admin_id", "panelist_ids", "sign_off_ids", "guideline", "deadline"] as const;
export type SessionFormField = (typeof SESSION_FORM_FIELDS)[number];
/** Each field's errors as keys and values (ADR 0076): the page says them in the reader's language. */
export type SessionFieldErrors = Partial<Record<SessionFormField | "form", PageMessage[]>>;

/** What a setup page's action answers (a success redirects or toasts `message`; a failure shows `formError` and `fieldErrors`). */
export type SetupActionResult =
  | { ok: true; intent: string; message: PageMessage }
  | { ok: false; intent: string; formError: PageMessage | null; fieldErrors: SessionFieldErrors; gapSessions?: GapSession[] };

/** Can this participant be put into the session `sessionId` (null: a new one)? Not reviewer-only and in no other session. */
export function isPickable(p: HrPartnerParticipantJson, sessionId: number | null): boolean {
  return !p.reviewer_only && (p.session === null || p.session.id === sessionId);
}

/** How many sessions are in each state (the admin's close buttons, the list's summary). */
export function countByState(sessions: ReadonlyArray<{ state: SessionState }>): Record<SessionState, number> {
  const out: Record<SessionState, number> = { draft: 0, active: 0, in_review: 0, revision_requested: 0, closed: 0 };
  for (const s of sessions) out[s.state]++;
  return out;
}

/** One formatter, made once (toLocaleString with options builds one per call). */
const DEADLINE_FORMAT = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A deadline as the lists show it (UTC, so the server and the browser render the same text). */
export function deadlineText(iso: string | null): string {
  if (!iso) return "No deadline";
  const d = new Date(iso);
  // toLocaleString answered "Invalid Date" where format() throws.
  return Number.isNaN(d.getTime()) ? "Invalid Date UTC" : DEADLINE_FORMAT.format(d) + " UTC";
}

/**
 * A deadline as the setup pages show it, for the reader (ADR 0086): the reader's language and time zone, the zone
 * named; English keeps the day-month-year order the pages always had ("1 Mar 2027, 23:59 UTC"). Null: no deadline.
 */
export function deadlineFor(iso: string | null, reader: Reader): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "—";
  const locale = reader.language === "en" || reader.language === "en-XA" ? "en-GB" : reader.language;
  let format = READER_DEADLINE_FORMATS.get(`${locale}|${reader.timeZone}`);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone: reader.timeZone,
      timeZoneName: "short",
    });
    if (READER_DEADLINE_FORMATS.size > 100) READER_DEADLINE_FORMATS.clear();
    READER_DEADLINE_FORMATS.set(`${locale}|${reader.timeZone}`, format);
  }
  return format.format(d);
}
const READER_DEADLINE_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** The time of a deadline given as a date alone: the end of that day (local time). */
export const DEFAULT_DEADLINE_TIME = "23:59";

/** An ISO time as a datetime-local value ("2027-02-15T17:00") in the browser's time zone (call in the browser only). */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value, read in the browser's time zone, as ISO UTC ("" when empty or invalid). */
export function localInputToIso(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return "";
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString();
}
