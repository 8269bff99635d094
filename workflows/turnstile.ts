/**
 * One update handler at a time inside a workflow: a handler that awaits an activity must not interleave
 * with another (both would read the same in-workflow state). Deterministic code only (it awaits
 * `condition`), shared by the workflows that take updates.
 */
import { condition } from "@temporalio/workflow";

export type Turnstile = {
  /** Run `fn` once no other `exclusive` call is running. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Is a call running now? */
  busy(): boolean;
};

export function turnstile(): Turnstile {
  let busy = false;
  return {
    async exclusive<T>(fn: () => Promise<T>): Promise<T> {
      while (busy) await condition(() => !busy);
      busy = true;
      try {
        return await fn();
      } finally {
        busy = false;
      }
    },
    busy: () => busy,
  };
}
