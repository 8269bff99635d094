/**
 * The Schemathesis configuration of one role's run (tests/fuzz/api-fuzz.test.ts, docs/decisions/0043-api-fuzzing.md)
 * and the reading of its NDJSON event log.
 */
import fs from "node:fs";
import type { PrismaClient } from "~/generated/prisma/client.ts";

/** Cases the fuzzing phase generates per operation (the coverage phase adds its boundary cases on top). */
export const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES) || 4;
/**
 * Seconds one run may take before the test stops it (and fails): a safety stop only. The work is bounded by the
 * cases per operation; Schemathesis' own `max-time` would instead repeat the fuzzing phase until the time is spent.
 */
export const MAX_SECONDS_PER_RUN = Number(process.env.FUZZ_MAX_SECONDS) || 480;

/** The checks of every run (custom `error_format`: tests/fuzz/schemathesis_hooks.py). */
export const CHECKS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_schema_conformance",
  "negative_data_rejection",
  "error_format",
] as const;

const toml = (value: unknown): string => JSON.stringify(value);

/**
 * Ids and emails of the seeded world: path parameters take one of them most of the time (else a generated value), so
 * that the cases reach real cycles, sessions and people, not only the "not found" answers.
 */
async function dictionaries(db: PrismaClient): Promise<Record<string, Array<string | number>>> {
  const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
  const cycles = ids(await db.cycle.findMany({ select: { id: true } }));
  const sessions = ids(await db.calibrationSession.findMany({ select: { id: true } }));
  const sessionParticipants = ids(await db.calibrationSessionParticipant.findMany({ select: { id: true }, take: 20, orderBy: { id: "asc" } }));
  const nominations = ids(await db.promotionNomination.findMany({ select: { id: true }, take: 20, orderBy: { id: "asc" } }));
  const endorsements = await db.endorsement.findMany({ select: { id: true, endorserId: true }, take: 20, orderBy: { id: "asc" } });
  const peerRequests = ids(await db.peerRequest.findMany({ select: { id: true }, take: 10, orderBy: { id: "asc" } }));
  const users = await db.user.findMany({ select: { id: true, email: true }, take: 12, orderBy: { id: "asc" } });
  const nonEmpty = (values: Array<string | number>) => (values.length > 0 ? values : [1]);
  return {
    cycles: nonEmpty(cycles),
    ids: nonEmpty([...cycles, ...users.map((u) => u.id)]),
    sessions: nonEmpty(sessions),
    session_participants: nonEmpty(sessionParticipants),
    nominations: nonEmpty(nominations),
    endorsements: nonEmpty(endorsements.map((e) => e.id)),
    endorsers: nonEmpty([...new Set(endorsements.map((e) => e.endorserId))]),
    peer_requests: nonEmpty(peerRequests),
    emails: nonEmpty(users.map((u) => u.email)),
  };
}

/** Path parameter → dictionary. */
const BINDINGS: Record<string, string> = {
  cycle_id: "cycles",
  id: "ids",
  session_id: "sessions",
  target_session_id: "sessions",
  participant_id: "session_participants",
  nomination_id: "nominations",
  endorsement_id: "endorsements",
  endorser_id: "endorsers",
  peer_id: "peer_requests",
  email: "emails",
  participant_email: "emails",
  peer_email: "emails",
  reviewer_email: "emails",
};

/** The roles the fuzzer calls as, each a demo user (prisma/seed.ts). */
export const ROLE_NAMES = ["employee", "manager", "hr_partner", "hr_ops", "sign_off", "super_admin"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/**
 * Which role fuzzes an operation: the one whose data it reaches (first match on the path; the employee takes the
 * rest). Every operation is fuzzed once, as the role it is for: the generated cases then get past the role check to
 * the handler's own parsing and rules (which role may call what is the authorization matrix's test, issue 17 §1).
 */
export const ROLE_OF_PATH: Array<[RoleName, RegExp]> = [
  ["super_admin", /^\/api\/v1\/admin\//],
  ["hr_partner", /^\/api\/v1\/(hr_partner\/|cycles\/\{cycle_id\}\/hr_partner\/)/],
  ["hr_ops", /calibration_session_admin\/|\/promotion_calibration_sessions\/\{session_id\}\/transition$/],
  ["sign_off", /sign_off_party\//],
  ["manager", /panelist\/|\/direct_reports|\/secondary_reports|^\/api\/v1\/performance_dashboard\/|\/direct_report_feedback/],
];

/** "METHOD /path" of every operation of the document, by the role that fuzzes it. */
export function operationsByRole(doc: { paths: Record<string, Record<string, unknown>> }): Map<RoleName, string[]> {
  const byRole = new Map<RoleName, string[]>(ROLE_NAMES.map((r) => [r, []]));
  for (const [openapiPath, item] of Object.entries(doc.paths)) {
    const role = ROLE_OF_PATH.find(([, pattern]) => pattern.test(openapiPath))?.[0] ?? "employee";
    for (const method of Object.keys(item)) byRole.get(role)!.push(`${method.toUpperCase()} ${openapiPath}`);
  }
  return byRole;
}

/**
 * Operations that end the caller's own token (sign-out, deleting a personal token), or another role's (deactivating a
 * user or changing their role ends their sessions and tokens, ADR 0039; the fuzzer's role users are among the seeded
 * ids): every case after them would be a 401. They get runs of their own after all the others (`<role>-revoking`).
 */
export const REVOKING_OPERATIONS = [
  "DELETE /api/v1/tokens",
  "DELETE /api/v1/api_tokens/{id}",
  "POST /api/v1/admin/users/{id}/deactivate",
  "PATCH /api/v1/admin/users/{id}",
];

/** schemathesis.toml for one run: the given operations only, as the holder of `token`. */
export async function fuzzConfig(db: PrismaClient, token: string, operations: string[]): Promise<string> {
  const seed = Number(process.env.FUZZ_SEED) || 17;
  const lines = [
    `seed = ${seed}`,
    // One worker thread: with two, CPython 3.11 sometimes failed inside Schemathesis ("AST constructor recursion
    // depth mismatch"); the test runs two Schemathesis processes side by side instead.
    `workers = ${Number(process.env.FUZZ_WORKERS) || 1}`,
    `request-timeout = 30`,
    `suppress-health-check = ["all"]`,
    ``,
    `[headers]`,
    `Authorization = ${toml(`Bearer ${token}`)}`,
    ``,
    `[generation]`,
    `mode = "all"`,
    `max-examples = ${MAX_EXAMPLES}`,
    `no-shrink = true`,
    `database = "none"`,
    // No generated Authorization headers: a missing or malformed token is the same 401 on every operation (checked
    // by the authorization tests), and it was over a quarter of the cases.
    `with-security-parameters = false`,
    ``,
    `[phases.examples]`,
    `enabled = false`,
    `[phases.coverage]`,
    `enabled = true`,
    // Methods the app serves nowhere answer 405 from one guard in front of every path (server/security.ts; tested in
    // security.test.ts with the 405s of every documented path): not worth ~6 cases on each of 235 operations.
    `unexpected-methods = []`,
    `[phases.fuzzing]`,
    `enabled = true`,
    `[phases.stateful]`,
    `enabled = false`,
    ``,
    `[checks]`,
    `enabled = false`,
    ...CHECKS.map((check) => `${check}.enabled = true`),
    // By hand, to find where the document allows what the server refuses (ADR 0060): FUZZ_POSITIVE=1 adds
    // Schemathesis' positive_data_acceptance (a case the document allows must not be a 400).
    ...(process.env.FUZZ_POSITIVE ? [`positive_data_acceptance.enabled = true`, `positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "410", "413", "422", "429"]`] : []),
    ``,
  ];
  const dicts = await dictionaries(db);
  for (const [name, values] of Object.entries(dicts)) lines.push(`[dictionaries.${name}]`, `values = ${toml(values)}`);
  lines.push("", "[parameters]");
  for (const [param, dict] of Object.entries(BINDINGS)) lines.push(`${toml(`path.${param}`)} = { dictionary = ${toml(dict)}, probability = 0.8 }`);
  lines.push("", "[[operations]]", `exclude-name = ${toml(operations)}`, "enabled = false");
  return lines.join("\n") + "\n";
}

export type FuzzTotals = { operations: Set<string>; cases: number; serverErrors: number; failures: number; lines: string[] };

type Interaction = { request?: { method?: string; uri?: string }; response?: { status_code: number } | null };
type Scenario = {
  recorder: {
    label: string;
    interactions?: Record<string, Interaction>;
    checks?: Record<string, Array<{ name: string; status: string; failure_info?: { failure?: { title?: string; message?: string } } }>>;
  };
};

/**
 * Operations, cases (answered requests), 5xx answers and failures (distinct operation × check × status, besides the
 * 5xx themselves) of one role's run, from its NDJSON event log; `lines` describes each failure with one request.
 */
export function summarise(role: string, eventsFile: string): FuzzTotals {
  const totals: FuzzTotals = { operations: new Set(), cases: 0, serverErrors: 0, failures: 0, lines: [] };
  if (!fs.existsSync(eventsFile)) return totals;
  const operations = totals.operations;
  const failures = new Map<string, string>();
  for (const line of fs.readFileSync(eventsFile, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const event = JSON.parse(line) as { ScenarioFinished?: Scenario; NonFatalError?: { label?: string; value?: { type?: string; message?: string } } };
    if (event.NonFatalError) {
      const { label, value } = event.NonFatalError;
      failures.set(`error ${label}`, `${role}: ${label ?? "?"}: Schemathesis error ${value?.type ?? ""}: ${value?.message ?? ""}`);
      continue;
    }
    const scenario = event.ScenarioFinished;
    if (!scenario) continue;
    const { label, interactions = {}, checks = {} } = scenario.recorder;
    operations.add(label);
    for (const interaction of Object.values(interactions)) {
      if (!interaction.response) continue;
      totals.cases++;
      if (interaction.response.status_code >= 500) totals.serverErrors++;
    }
    for (const [caseId, results] of Object.entries(checks)) {
      const interaction = interactions[caseId];
      const status = interaction?.response?.status_code ?? "no answer";
      for (const check of results) {
        if (check.status !== "failure") continue;
        const key = `${label} ${check.name} ${status}`;
        if (failures.has(key)) continue;
        const info = check.failure_info?.failure;
        const why = (info?.message || info?.title || "").replace(/\s+/g, " ").slice(0, 300);
        failures.set(key, `${role}: ${label}: ${check.name} (${status}) ${why} [${interaction?.request?.method ?? ""} ${interaction?.request?.uri ?? ""}]`);
      }
    }
  }
  for (const [key, text] of failures) {
    if (!key.includes(" not_a_server_error ")) totals.failures++;
    totals.lines.push(text);
  }
  return totals;
}
