// Every workflow the worker runs (the worker's workflowsPath points here). Deterministic code only.
export { cycleWorkflow } from "./cycle";
export { bulkJobWorkflow } from "./bulk-job";
export { scheduledNudgeWorkflow } from "./nudge-schedule";
export { calibrationSessionWorkflow } from "./calibration-session";
export { endorsementWorkflow } from "./endorsement";
