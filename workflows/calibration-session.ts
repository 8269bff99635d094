/**
 * One workflow per calibration session (id `calibration-session-<id>`, ADR 0026). It owns the
 * session's state, like the cycle workflow owns the cycle's stage:
 *  - update `transition`: its validator refuses a move out of order before anything is written; the
 *    handler writes the state (and on close the outcome) through an activity, in one transaction with
 *    its audit record, then changes the in-workflow state and the SessionState search attribute;
 *  - update `deadline`: stores a new deadline and restarts the reminders;
 *  - reminders: 24 h before the deadline and at it, to whoever must act next in the current state
 *    (each at most once per state and deadline: the dedupe key carries the round);
 *  - query `state`.
 * The workflow completes once the session is closed. Deterministic code only.
 */
import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  isCancellation,
  log,
  makeContinueAsNewFunc,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from "@temporalio/workflow";
import { turnstile } from "./turnstile";
import { reminderTimes, validateSessionTransition, type SessionState } from "../app/features/calibration/rules";
import { CycleIdKey, SessionStateKey } from "./search-attributes-contract";
import {
  CALIBRATION_FAILURE,
  sessionDeadlineUpdate,
  sessionStateQuery,
  sessionTransitionUpdate,
  type CalibrationActivities,
  type CalibrationSessionWorkflowInput,
  type CalibrationSessionWorkflowResult,
  type SessionDeadlineRequest,
  type SessionTransitionRequest,
} from "./calibration-session-contract";

const { applySessionTransition, setSessionDeadline } = proxyActivities<CalibrationActivities>({
  startToCloseTimeout: "1 minute",
  retry: { initialInterval: "1 second", backoffCoefficient: 2, maximumInterval: "20 seconds", maximumAttempts: 5 },
});
const { remindCalibrationSession } = proxyActivities<CalibrationActivities>({
  startToCloseTimeout: "5 minutes",
  retry: { initialInterval: "5 seconds", backoffCoefficient: 2, maximumInterval: "5 minutes", maximumAttempts: 10 },
});

export async function calibrationSessionWorkflow(input: CalibrationSessionWorkflowInput): Promise<CalibrationSessionWorkflowResult> {
  const { sessionId, cycleId } = input;
  let state: SessionState = input.state;
  let deadline: string | null = input.deadline;
  let round = input.round ?? 0;
  let sent = new Set<string>(input.sent ?? []);
  // Update handlers run one after the other; each re-checks the state once it has the turn.
  const { exclusive, busy: isBusy } = turnstile();


  function newRound(): void {
    round++;
    sent = new Set();
  }

  function checkTransition(req: SessionTransitionRequest) {
    const check = validateSessionTransition(state, req.transition, sessionId);
    if (!check.ok) {
      throw ApplicationFailure.create({
        message: check.message,
        type: state === "closed" ? CALIBRATION_FAILURE.closed : CALIBRATION_FAILURE.invalidTransition,
        nonRetryable: true,
        details: [{ code: check.code, state, transition: req.transition }],
      });
    }
    return check;
  }

  function checkOpen(): void {
    if (state === "closed") {
      throw ApplicationFailure.create({ message: `Calibration session ${sessionId} is closed`, type: CALIBRATION_FAILURE.closed, nonRetryable: true });
    }
  }

  setHandler(sessionStateQuery, () => state);

  setHandler(
    sessionTransitionUpdate,
    (req) =>
      exclusive(async () => {
        const check = checkTransition(req);
        await applySessionTransition({ sessionId, transition: req.transition, from: check.from, to: check.to, actor: req.actor, comment: req.comment ?? null, ...(req.gaps?.length ? { gaps: req.gaps } : {}) });
        state = check.to;
        newRound();
        upsertSearchAttributes([{ key: SessionStateKey, value: state }]);
        return { sessionId, from: check.from, state };
      }),
    { validator: (req) => void checkTransition(req), description: "Move the calibration session to its next state" },
  );

  setHandler(
    sessionDeadlineUpdate,
    (req) =>
      exclusive(async () => {
        checkOpen();
        await setSessionDeadline({ sessionId, deadline: req.deadline, actor: req.actor });
        deadline = req.deadline;
        newRound();
        return { sessionId, deadline };
      }),
    { validator: (_req: SessionDeadlineRequest) => checkOpen(), description: "Set the session's deadline (restarts its reminders)" },
  );

  while (state !== "closed" && !(workflowInfo().continueAsNewSuggested && !isBusy())) {
    const current = round;
    const roundOver = () => round !== current || state === "closed";
    // Continue-as-new waits for a running update (its `&& !isBusy()` keeps this from waking at once, again and again).
    const changed = () => roundOver() || (workflowInfo().continueAsNewSuggested && !isBusy());
    const next = deadline ? reminderTimes(Date.parse(deadline), Date.now()).find((t) => !sent.has(t.kind)) : undefined;
    if (!next) {
      await condition(changed);
      continue;
    }
    const due = await condition(changed, Math.max(1, next.at - Date.now())).then((woke) => !woke);
    if (!due) continue;
    // An update is writing: remind once it is done, unless it started a new round (or closed the session).
    if (isBusy()) await condition(() => !isBusy());
    if (roundOver()) continue;
    sent.add(next.kind);
    try {
      await remindCalibrationSession({ sessionId, state, kind: next.kind, round });
    } catch (err) {
      // A reminder that still fails after its retries must not end the workflow: the session has to stay movable.
      if (isCancellation(err)) throw err;
      log.warn("Calibration session reminder failed", { sessionId, state, kind: next.kind, round, error: String(err) });
    }
  }

  await condition(allHandlersFinished);
  if (state === "closed") return { sessionId, state };

  const continueAsNew = makeContinueAsNewFunc<typeof calibrationSessionWorkflow>({
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(cycleId) },
      { key: SessionStateKey, value: state },
    ],
  });
  return continueAsNew({ sessionId, cycleId, state, deadline, round, sent: [...sent] });
}
