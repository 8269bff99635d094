/**
 * One workflow per endorsement request (id `endorsement-<id>`, ADR 0028). It owns the request's status:
 *  - it tells the endorser of the request at once, reminds them 24 h before the deadline while the request
 *    is still open, and at the deadline expires it (the session's admins are told). Each message at most
 *    once: the `sent` set travels through continue-as-new, and the activities' notifications carry a
 *    dedupe key besides;
 *  - update `respond`: the endorser's accept, reject or endorse, or the service's cancel. Its validator
 *    refuses an action the status does not allow before anything is written; the handler writes through
 *    an activity (one transaction with the audit record), then changes the in-workflow status and the
 *    EndorsementStatus search attribute;
 *  - query `status`.
 * The workflow completes once the request is no longer open. Deterministic code only.
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
  sleep,
  upsertSearchAttributes,
  workflowInfo,
} from "@temporalio/workflow";
import { isEndorsementOpen, validateEndorsementEvent, type EndorsementStatus } from "../app/features/promotions/rules";
import { reminderTimes } from "../app/features/calibration/rules";
import { CycleIdKey, EndorsementStatusKey } from "./search-attributes-contract";
import { turnstile } from "./turnstile";
import {
  ENDORSEMENT_FAILURE,
  endorsementStatusQuery,
  endorsementUpdate,
  type EndorsementActivities,
  type EndorsementRequest,
  type EndorsementWorkflowInput,
  type EndorsementWorkflowResult,
} from "./endorsement-contract";

const { applyEndorsementEvent } = proxyActivities<EndorsementActivities>({
  startToCloseTimeout: "1 minute",
  retry: { initialInterval: "1 second", backoffCoefficient: 2, maximumInterval: "20 seconds", maximumAttempts: 5 },
});
const { notifyEndorsement } = proxyActivities<EndorsementActivities>({
  startToCloseTimeout: "5 minutes",
  retry: { initialInterval: "5 seconds", backoffCoefficient: 2, maximumInterval: "5 minutes", maximumAttempts: 10 },
});

export async function endorsementWorkflow(input: EndorsementWorkflowInput): Promise<EndorsementWorkflowResult> {
  const { endorsementId, cycleId, deadline } = input;
  let status: EndorsementStatus = input.status;
  const sent = new Set<string>(input.sent ?? []);
  const turn = turnstile();

  function check(req: Pick<EndorsementRequest, "event">) {
    const res = validateEndorsementEvent(status, req.event, endorsementId);
    if (!res.ok) {
      throw ApplicationFailure.create({ message: res.message, type: ENDORSEMENT_FAILURE.invalidAction, nonRetryable: true, details: [{ status, event: req.event }] });
    }
    return res;
  }

  async function move(event: EndorsementRequest["event"] | "expire", req: Omit<EndorsementRequest, "event">) {
    const res = check({ event } as Pick<EndorsementRequest, "event">);
    const applied = await applyEndorsementEvent({ endorsementId, event, from: res.from, to: res.to, actor: req.actor, body: req.body ?? null, outcome: req.outcome ?? null, reason: req.reason ?? null });
    // The activity may end the request otherwise than asked (an expiry of a nomination that left the process is a cancel).
    status = applied.status;
    upsertSearchAttributes([{ key: EndorsementStatusKey, value: status }]);
    return { endorsementId, from: res.from, status };
  }

  async function send(kind: "requested" | "due_soon" | "expired"): Promise<void> {
    if (sent.has(kind)) return;
    sent.add(kind);
    try {
      await notifyEndorsement({ endorsementId, kind });
    } catch (err) {
      // A message that still fails after its retries must not end the workflow: the request has to stay answerable.
      if (isCancellation(err)) throw err;
      log.warn("Endorsement notification failed", { endorsementId, kind, error: String(err) });
    }
  }

  setHandler(endorsementStatusQuery, () => status);
  setHandler(endorsementUpdate, (req) => turn.exclusive(() => move(req.event, req)), {
    validator: (req) => void check(req),
    description: "The endorser accepts, rejects or endorses (or the request is cancelled)",
  });

  if (isEndorsementOpen(status)) await send("requested");

  const dueAt = Date.parse(deadline);
  while (isEndorsementOpen(status) && !(workflowInfo().continueAsNewSuggested && !turn.busy())) {
    const over = () => !isEndorsementOpen(status) || (workflowInfo().continueAsNewSuggested && !turn.busy());
    const next = reminderTimes(dueAt, Date.now()).find((t) => !sent.has(t.kind === "overdue" ? "expired" : t.kind));
    if (!next) {
      await condition(over);
      continue;
    }
    const woke = await condition(over, Math.max(1, next.at - Date.now()));
    if (woke) continue;
    // An answer is being written: act once it is done (it may have closed the request).
    if (turn.busy()) await condition(() => !turn.busy());
    if (!isEndorsementOpen(status)) break;
    if (next.kind === "due_soon") {
      await send("due_soon");
      continue;
    }
    try {
      await turn.exclusive(async () => {
        if (!isEndorsementOpen(status)) return;
        await move("expire", { actor: { userId: null, realUserId: null, source: "workflow" } });
      });
    } catch (err) {
      // The request must not stay open for ever: try the expiry again a little later.
      if (isCancellation(err)) throw err;
      log.warn("Endorsement expiry failed; retrying", { endorsementId, error: String(err) });
      await sleep("5 minutes");
      continue;
    }
    await send("expired");
  }

  await condition(allHandlersFinished);
  if (!isEndorsementOpen(status)) return { endorsementId, status };

  const continueAsNew = makeContinueAsNewFunc<typeof endorsementWorkflow>({
    typedSearchAttributes: [
      { key: CycleIdKey, value: String(cycleId) },
      { key: EndorsementStatusKey, value: status },
    ],
  });
  return continueAsNew({ endorsementId, cycleId, status, deadline, sent: [...sent] });
}
