/**
 * Recorded workflow histories for replay tests (tests/fixtures/histories/<name>.json). A test records a fresh
 * history when RECORD_HISTORIES=1 and otherwise replays the stored one against today's workflow code: a change
 * that would break the runs already in progress fails there.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { temporal } from "@temporalio/proto";
import { historyFromJSON, historyToJSON } from "@temporalio/common/lib/proto-utils.js";
import { Worker } from "@temporalio/worker";
import { expect } from "vitest";
import { workflowSource } from "../../worker/worker";

type History = temporal.api.history.v1.IHistory;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const recordingHistories = (): boolean => process.env.RECORD_HISTORIES === "1";

export function historyFile(name: string): string {
  return path.join(root, "tests/fixtures/histories", `${name}.json`);
}

/** Writes the history of a finished (or paused) run as the fixture `name`. */
export function saveHistory(name: string, history: History): void {
  const file = historyFile(name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(JSON.parse(historyToJSON(history)), null, 2) + "\n");
}

/** The stored fixture `name` (the test fails when it is missing). */
export function loadHistory(name: string): History {
  const file = historyFile(name);
  expect(fs.existsSync(file), `${file} is missing: run with RECORD_HISTORIES=1`).toBe(true);
  return historyFromJSON(JSON.parse(fs.readFileSync(file, "utf8")));
}

/** The activity types the history scheduled, in order. */
export function scheduledActivities(history: History): string[] {
  return history.events!.filter((e) => e.activityTaskScheduledEventAttributes).map((e) => e.activityTaskScheduledEventAttributes!.activityType!.name!);
}

/** Replays the history against the workflows the worker registers. */
export async function replayHistory(history: History, workflowId: string): Promise<void> {
  await Worker.runReplayHistory(workflowSource(), history, workflowId);
}
