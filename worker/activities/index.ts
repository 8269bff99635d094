// Every activity the worker registers, checked against the interfaces the workflow contracts declare
// (workflows/*-contract.ts). Workflows never import this module: they proxy their contract's interface.
import type { CalibrationActivities } from "../../workflows/calibration-session-contract";
import type { BulkJobActivities } from "../../workflows/bulk-job-contract";
import type { CycleActivities } from "../../workflows/cycle-contract";
import type { NudgeActivities } from "../../workflows/nudge-contract";
import type { EndorsementActivities } from "../../workflows/endorsement-contract";
import { applyCycleTransition, deleteDraftCycle } from "./cycles";
import { applySessionTransition, remindCalibrationSession, setSessionDeadline } from "./calibration";
import { beginJob, failJob, finishJob, runJobStep } from "./jobs";
import { startScheduledNudge } from "./nudges";
import { applyEndorsementEvent, notifyEndorsement } from "./endorsements";

export type AppActivities = CycleActivities & BulkJobActivities & NudgeActivities & CalibrationActivities & EndorsementActivities;

export const activities: AppActivities = {
  applyCycleTransition,
  deleteDraftCycle,
  beginJob,
  runJobStep,
  finishJob,
  failJob,
  startScheduledNudge,
  applySessionTransition,
  setSessionDeadline,
  remindCalibrationSession,
  applyEndorsementEvent,
  notifyEndorsement,
};
