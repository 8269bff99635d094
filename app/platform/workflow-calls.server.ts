import { ActivityFailure, ApplicationFailure, WorkflowNotFoundError, WorkflowUpdateFailedError, isGrpcServiceError, type Client } from "@temporalio/client";
import { ApiError } from "~/platform/api.server";
import { getTemporalClient } from "~/platform/temporal.server";

/** What every service that starts or updates workflows needs: the 503, the client, and reading a failure. */

/** 503: the workflow service cannot be reached (nothing was changed). */
export function workflowUnavailable(message = "The workflow service is unavailable, please try again"): ApiError {
  return new ApiError(503, "service_unavailable", message);
}

/** The Temporal client, or the 503 when the server cannot be reached. */
export async function temporalOrUnavailable(): Promise<Client> {
  try {
    return await getTemporalClient();
  } catch (err) {
    console.error("Temporal connection failed", err);
    throw workflowUnavailable();
  }
}

/** The ApplicationFailure behind a failed update (raised by the validator, the handler or an activity). */
export function applicationFailureOf(err: unknown): ApplicationFailure | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof ApplicationFailure) return e;
    if (e instanceof WorkflowUpdateFailedError || e instanceof ActivityFailure || e instanceof Error) e = (e as Error).cause;
    else break;
  }
  return undefined;
}

/** No such workflow, or it has completed (gRPC NOT_FOUND). */
export function isWorkflowGone(err: unknown): boolean {
  if (err instanceof WorkflowNotFoundError) return true;
  return isGrpcServiceError(err) && err.code === 5;
}

const UPDATE_DEADLINE_MS = 60_000;

/**
 * Run an update of a workflow that owns an entity's state. When the workflow is gone (completed, reset,
 * or lost with a Temporal database), `restart` reads the row and starts it again (throwing the ApiError
 * that fits when the entity is no longer open), and the update is tried once more. Every other failure
 * goes through `toApiError` (a workflow's ApplicationFailure types become 404/409; the rest 503).
 */
export async function updateOrRestart<T>(options: {
  call: (client: Client) => Promise<T>;
  restart: (client: Client) => Promise<void>;
  toApiError: (err: unknown) => unknown;
}): Promise<T> {
  const client = await temporalOrUnavailable();
  const attempt = () => client.withDeadline(Date.now() + UPDATE_DEADLINE_MS, () => options.call(client));
  try {
    return await attempt();
  } catch (err) {
    if (!isWorkflowGone(err)) throw options.toApiError(err);
  }
  try {
    await options.restart(client);
    return await attempt();
  } catch (err) {
    throw options.toApiError(err);
  }
}
