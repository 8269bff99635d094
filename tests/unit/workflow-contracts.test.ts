import { describe, expect, it } from "vitest";
import { activities, type AppActivities } from "../../worker/activities/index";
import * as workflows from "../../workflows/index";
import { BULK_JOB_WORKFLOW, type BulkJobWorkflow } from "../../workflows/bulk-job-contract";
import { CYCLE_WORKFLOW, deleteUpdate, stageQuery, transitionUpdate, type CycleWorkflow } from "../../workflows/cycle-contract";
import { CALIBRATION_SESSION_WORKFLOW, sessionDeadlineUpdate, sessionStateQuery, sessionTransitionUpdate, type CalibrationSessionWorkflow } from "../../workflows/calibration-session-contract";
import { ENDORSEMENT_WORKFLOW, endorsementStatusQuery, endorsementUpdate, type EndorsementWorkflow } from "../../workflows/endorsement-contract";
import { SCHEDULED_NUDGE_WORKFLOW, type ScheduledNudgeWorkflow } from "../../workflows/nudge-contract";

// Services start workflows by the names their contracts declare; the worker registers the workflows
// by their exported names. A renamed workflow function or a mistyped name fails here, not at run time.
describe("workflow contracts", () => {
  it("name every workflow the worker registers, with the contract's signature", () => {
    const cycle: CycleWorkflow = workflows.cycleWorkflow;
    const bulkJob: BulkJobWorkflow = workflows.bulkJobWorkflow;
    const nudge: ScheduledNudgeWorkflow = workflows.scheduledNudgeWorkflow;
    const calibration: CalibrationSessionWorkflow = workflows.calibrationSessionWorkflow;
    const endorsement: EndorsementWorkflow = workflows.endorsementWorkflow;
    const registered = workflows as Record<string, unknown>;
    expect(registered[CYCLE_WORKFLOW]).toBe(cycle);
    expect(registered[BULK_JOB_WORKFLOW]).toBe(bulkJob);
    expect(registered[SCHEDULED_NUDGE_WORKFLOW]).toBe(nudge);
    expect(registered[CALIBRATION_SESSION_WORKFLOW]).toBe(calibration);
    expect(registered[ENDORSEMENT_WORKFLOW]).toBe(endorsement);
    expect(Object.keys(workflows).sort()).toEqual([BULK_JOB_WORKFLOW, CYCLE_WORKFLOW, SCHEDULED_NUDGE_WORKFLOW, CALIBRATION_SESSION_WORKFLOW, ENDORSEMENT_WORKFLOW].sort());
  });

  it("declare the cycle workflow's updates and query as the workflow handles them", () => {
    expect([transitionUpdate.name, deleteUpdate.name, stageQuery.name]).toEqual(["transition", "delete", "stage"]);
    expect([transitionUpdate.type, deleteUpdate.type, stageQuery.type]).toEqual(["update", "update", "query"]);
  });

  it("declare the calibration session workflow's updates and query as the workflow handles them", () => {
    expect([sessionTransitionUpdate.name, sessionDeadlineUpdate.name, sessionStateQuery.name]).toEqual(["transition", "deadline", "state"]);
  });

  it("declare the endorsement workflow's update and query as the workflow handles them", () => {
    expect([endorsementUpdate.name, endorsementStatusQuery.name]).toEqual(["respond", "status"]);
  });

  it("are implemented by the activities the worker registers", () => {
    const names: (keyof AppActivities)[] = [
      "applyCycleTransition",
      "deleteDraftCycle",
      "beginJob",
      "runJobStep",
      "finishJob",
      "failJob",
      "startScheduledNudge",
      "applySessionTransition",
      "setSessionDeadline",
      "remindCalibrationSession",
      "applyEndorsementEvent",
      "notifyEndorsement",
    ];
    expect(Object.keys(activities).sort()).toEqual([...names].sort());
    for (const name of names) expect(typeof activities[name]).toBe("function");
  });
});
