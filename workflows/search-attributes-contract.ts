/**
 * Custom Temporal search attributes used by the app: the ONE place they are listed.
 * The dev server registers them at launch (scripts/lib/temporal-dev.ts), production registers them
 * at boot (app/platform/temporal.server.ts `ensureSearchAttributes`), workflows set them.
 * Pure module: safe inside the workflow bundle.
 */
import { defineSearchAttributeKey, SearchAttributeType } from "@temporalio/common";

/** The cycle's id (as text), on every cycle workflow: `CycleId = "12"` in the Temporal UI. */
export const CycleIdKey = defineSearchAttributeKey("CycleId", SearchAttributeType.KEYWORD);
/** The cycle's stage (draft, start, spu_feedback, ...), kept up to date on every transition. */
export const CycleStageKey = defineSearchAttributeKey("CycleStage", SearchAttributeType.KEYWORD);
/** Kind of background job (upload/download/nudge workflows). */
export const JobTypeKey = defineSearchAttributeKey("JobType", SearchAttributeType.KEYWORD);

/** A calibration session's state (draft, active, in_review, revision_requested, closed). */
export const SessionStateKey = defineSearchAttributeKey("SessionState", SearchAttributeType.KEYWORD);

/** An endorsement request's status (requested, accepted, rejected, endorsed, expired, cancelled). */
export const EndorsementStatusKey = defineSearchAttributeKey("EndorsementStatus", SearchAttributeType.KEYWORD);

export const CUSTOM_SEARCH_ATTRIBUTE_KEYS = [CycleIdKey, CycleStageKey, JobTypeKey, SessionStateKey, EndorsementStatusKey] as const;

/** Type names as the Temporal CLI spells them (`--search-attribute CycleId=Keyword`). */
const CLI_TYPE_NAMES: Record<SearchAttributeType, string> = {
  TEXT: "Text",
  KEYWORD: "Keyword",
  INT: "Int",
  DOUBLE: "Double",
  BOOL: "Bool",
  DATETIME: "Datetime",
  KEYWORD_LIST: "KeywordList",
};

/** `["CycleId=Keyword", ...]` for `temporal server start-dev --search-attribute`. */
export function searchAttributeCliPairs(): string[] {
  return CUSTOM_SEARCH_ATTRIBUTE_KEYS.map((k) => `${k.name}=${CLI_TYPE_NAMES[k.type]}`);
}
