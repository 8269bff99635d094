/**
 * Benchmark (issue 16, goal P4): text search over 100,000 people on PostgreSQL. Goal: p99 ≤ 50 ms.
 *  - the admin participant list with `q` (one page and the total count) over a cycle of 100,000 participants;
 *  - the admin users table with `q` (one page and the total count) over 100,000 users;
 *  - the user pickers over the same users: GET /api/v1/users?q= and the participant forms' picker
 *    (/app/admin/cycles/{id}/participants/user-options?q=).
 * Each figure is printed next to floors measured in the same run, through the same Prisma client and pool:
 * `SELECT 1` and a primary-key lookup of one user (5 times as many calls as a row, as the floor's p99 is otherwise
 * a single outlier). The ratios are p50 / the `SELECT 1` floor's p50 and p99 / its p99.
 *
 *   npx tsx bench/search.ts      (npm run bench:search)
 *   options: --users N (default 100,000) --runs N per row (default 200) --warmup N (default 10)
 *            --concurrency N (requests in flight at once, default 4) --out FILE (markdown) --keep
 *
 * What is timed: the service functions the routes call, in this process (no HTTP socket, no sign-in):
 * listParticipants (features/participants/queries.server.ts: the cycle check, the page with its people and the
 * count), listAdminUsers and searchUsersForPicker (features/users/service.server.ts) and searchUsers
 * (features/participants/pages.server.ts). Each call's total is checked against a plain SQL count of the same
 * matching rule, so a fast wrong answer fails the run.
 *
 * Data, set-based (generate_series): `--users` users with names drawn from 120 first and 160 last names
 * (a few with accents), emails first.last<n>@<one of 4 domains>, 2% inactive, a manager each; a cycle in which
 * every user is a participant (with manager), and an older cycle with a fifth of them, so the list must filter
 * by cycle. Database: DATABASE_URL (postgresql:// only; data is added) or a throwaway `pmr_bench_search_<pid>` on
 * 127.0.0.1:5432, migrated with scripts/lib/migrate.ts (the project's migrations), dropped at the end (unless --keep).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deployMigrations } from "../scripts/lib/migrate";
import { benchArgs, machine, outFile, prepareBenchDatabase, runWhenMain, wholeNumber, withClient } from "./lib";

process.env.NODE_ENV = "production";
process.env.APP_ENV = "test";
process.env.SESSION_SECRET ??= "bench-session-secret-bench-session-secret";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const GOAL_P99_MS = 50;

function parseArgs(argv: string[]) {
  const v = benchArgs(
    argv,
    {
      users: { type: "string" },
      runs: { type: "string" },
      warmup: { type: "string" },
      concurrency: { type: "string" },
      keep: { type: "boolean" },
      out: { type: "string" },
    },
    "npx tsx bench/search.ts [--users 100000] [--runs 200] [--warmup 10] [--concurrency 4] [--keep] [--out FILE]",
  );
  return {
    users: v.users === undefined ? 100_000 : wholeNumber(v.users),
    runs: v.runs === undefined ? 200 : Number(v.runs),
    warmup: v.warmup === undefined ? 10 : Number(v.warmup),
    concurrency: v.concurrency === undefined ? 4 : Number(v.concurrency),
    keep: v.keep ?? false,
    out: outFile(v.out ?? "-", ""),
  };
}

// Display name / email part. A few with accents and apostrophes, as real directories have.
const FIRST = (
  "James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica " +
  "Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley " +
  "Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa " +
  "Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy " +
  "Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen " +
  "Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Raymond Carolyn Patrick Janet " +
  "Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia Henry Joyce Nathan Virginia " +
  "José:jose Zoë:zoe Björn:bjorn Åsa:asa Renée:renee Siobhán:siobhan Łukasz:lukasz François:francois"
).split(" ");
const LAST = (
  "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson " +
  "Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young " +
  "Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter " +
  "Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers " +
  "Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez " +
  "Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez " +
  "Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero " +
  "Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson " +
  "Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington " +
  "Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon " +
  "Müller:muller O'Brien:obrien Søren:soren Dvořák:dvorak McKenzie:mckenzie Schäfer:schafer Núñez:nunez Kowalski"
).split(" ");
const DOMAINS = ["example.com", "corp.example.com", "emea.example.org", "apac.example.net"];

const split = (list: string[]) => ({
  display: list.map((s) => s.split(":")[0]!),
  ascii: list.map((s) => (s.split(":")[1] ?? s).toLowerCase()),
});

/** The queries measured: what an admin or a picker types. */
const TERMS: Array<{ label: string; q: string }> = [
  { label: "name fragment", q: "garc" },
  { label: "email fragment", q: "a.ngu" },
  { label: "rare (one person)", q: "87345" },
  { label: "common", q: "son" },
  { label: "1 letter", q: "e" },
  { label: "2 letters", q: "li" },
  { label: "mixed case", q: "McKen" },
  { label: "accented", q: "müll" },
  { label: "no match", q: "qxzj" },
];

type Stats = { p50: number; p99: number; max: number; mean: number };
function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  return { p50: q(50), p99: q(99), max: s[s.length - 1]!, mean: s.reduce((a, b) => a + b, 0) / s.length };
}
const ms = (n: number) => n.toFixed(1);

/** `runs` calls of `fn` with `concurrency` in flight at once (after `warmup` calls), each call's latency in ms. */
async function measure(fn: () => Promise<void>, opts: { runs: number; warmup: number; concurrency: number }): Promise<Stats> {
  for (let i = 0; i < opts.warmup; i++) await fn();
  const samples: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < opts.runs) {
      next++;
      const t0 = performance.now();
      await fn();
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker));
  return stats(samples);
}

async function seed(url: string, users: number): Promise<{ cycleId: number }> {
  const first = split(FIRST);
  const last = split(LAST);
  return withClient(url, async (c) => {
    await c.query("BEGIN");
    const tag = `bench-search-${process.pid}-${Date.now()}`;
    const cycles = await c.query<{ id: number }>(
      `INSERT INTO "Cycle"(name, state, "workflowId", "updatedAt") VALUES ($1, 'DRAFT', $2, now()), ($3, 'COMMUNICATION', $4, now()) RETURNING id`,
      ["Search bench 2027", `${tag}-current`, "Search bench 2026", `${tag}-older`],
    );
    const [cycleId, olderId] = cycles.rows.map((r) => r.id) as [number, number];
    // Pseudo-random but repeatable picks: hashes of the row number.
    await c.query(
      `INSERT INTO "User"(email, name, active, "updatedAt")
       SELECT fa || '.' || la || g || '@' || ($5::text[])[1 + abs(hashint4(g + 7)) % cardinality($5::text[])], fd || ' ' || ld, g % 50 <> 0, now()
       FROM generate_series(1, $6::int) g
       CROSS JOIN LATERAL (SELECT 1 + abs(hashint4(g)) % cardinality($1::text[]) AS fi, 1 + abs(hashint4(g + 1000003)) % cardinality($3::text[]) AS li) i
       CROSS JOIN LATERAL (SELECT ($1::text[])[fi] AS fd, ($2::text[])[fi] AS fa, ($3::text[])[li] AS ld, ($4::text[])[li] AS la) n`,
      [first.display, first.ascii, last.display, last.ascii, DOMAINS, users],
    );
    // Managers: a tree of ten reports each, by id.
    await c.query(`WITH r AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM "User")
      UPDATE "User" u SET "managerId" = m.id FROM r JOIN r m ON m.rn = r.rn / 10 WHERE u.id = r.id AND r.rn >= 10`);
    await c.query(
      `INSERT INTO "Participant"("cycleId", "userId", "managerId", "updatedAt") SELECT $1::int, id, "managerId", now() FROM "User"`,
      [cycleId],
    );
    await c.query(
      `INSERT INTO "Participant"("cycleId", "userId", "managerId", "updatedAt") SELECT $1::int, id, "managerId", now() FROM "User" WHERE id % 5 = 0`,
      [olderId],
    );
    await c.query("COMMIT");
    await c.query(`VACUUM ANALYZE "User"`);
    await c.query(`VACUUM ANALYZE "Participant"`);
    return { cycleId };
  });
}

/** The number of users (all, or active only) whose name or email contains `q`, ignoring case: the rule the features promise. */
async function expectedCount(url: string, q: string, activeOnly: boolean): Promise<number> {
  return withClient(url, async (c) => {
    const r = await c.query<{ n: string }>(
      `SELECT count(*) AS n FROM "User" WHERE (strpos(lower(name), lower($1)) > 0 OR strpos(lower(email), lower($1)) > 0) ${activeOnly ? "AND active" : ""}`,
      [q],
    );
    return Number(r.rows[0]!.n);
  });
}

type Row = { what: string; label: string; q: string; matches: number } & Stats;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const bench = await prepareBenchDatabase("pmr_bench_search");
  const url = bench.url;
  if (bench.name) await deployMigrations(url);
  process.env.DATABASE_URL = url;
  try {
    const t0 = performance.now();
    console.log(`Setting up ${opts.users} users, a cycle with all of them as participants and an older cycle with a fifth ...`);
    const { cycleId } = await seed(url, opts.users);
    console.log(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // App modules only after DATABASE_URL is set (the process-wide client reads it on first use).
    const { getDb, closeDb } = await import("~/platform/db.server");
    const { listParticipants } = await import("~/features/participants/queries.server");
    const { listAdminUsers, searchUsersForPicker } = await import("~/features/users/service.server");
    const { searchUsers } = await import("~/features/participants/pages.server");
    const { USER_PAGE_SIZE_DEFAULT, USER_PICKER_LIMIT } = await import("~/features/users/rules");
    const db = await getDb();
    const run = { runs: opts.runs, warmup: opts.warmup, concurrency: opts.concurrency };
    const someId = (await db.user.findFirstOrThrow({ where: { email: { endsWith: "@example.com" } }, select: { id: true } })).id;

    console.log(`Measuring ${opts.runs} calls per row, ${opts.concurrency} in flight, after ${opts.warmup} warm-up calls ...`);
    const floorRun = { ...run, runs: run.runs * 5 };
    const floorSelect = await measure(async () => {
      await db.$queryRawUnsafe("SELECT 1");
    }, floorRun);
    const floorPk = await measure(async () => {
      if (!(await db.user.findUnique({ where: { id: someId }, select: { id: true, name: true, email: true } }))) throw new Error("user missing");
    }, floorRun);
    const ratio = (s: Stats) => `${(s.p50 / floorSelect.p50).toFixed(1)} | ${(s.p99 / floorSelect.p99).toFixed(1)}`;
    const print = (r: { what: string; label: string; q: string; matches: number | string } & Stats) =>
      console.log(
        `${r.what.padEnd(22)} ${r.label.padEnd(18)} ${JSON.stringify(r.q).padEnd(9)} ${String(r.matches).padStart(7)}  p50 ${ms(r.p50).padStart(7)}  p99 ${ms(r.p99).padStart(7)} ms  floor x${(r.p50 / floorSelect.p50).toFixed(1).padStart(6)} (p50) x${(r.p99 / floorSelect.p99).toFixed(1).padStart(6)} (p99)`,
      );
    print({ what: "floor", label: "SELECT 1", q: "", matches: "", ...floorSelect });
    print({ what: "floor", label: "user by id", q: "", matches: "", ...floorPk });

    const rows: Row[] = [];
    const check = (what: string, q: string, got: number, want: number) => {
      if (got !== want) throw new Error(`${what} q=${JSON.stringify(q)}: ${got} rows, expected ${want}`);
    };
    for (const term of TERMS) {
      const all = await expectedCount(url, term.q, false);
      const active = await expectedCount(url, term.q, true);
      const cases: Array<{ what: string; matches: number; fn: () => Promise<void> }> = [
        {
          what: "participant list",
          matches: all,
          fn: async () => {
            const r = await listParticipants(cycleId, { q: term.q, page: 1, page_size: 25 });
            check("participant list", term.q, r.total, all);
            if (r.participants.length !== Math.min(25, all)) throw new Error(`participant list: ${r.participants.length} rows on page 1`);
          },
        },
        {
          what: "admin users",
          matches: all,
          fn: async () => {
            const r = await listAdminUsers({ q: term.q, status: "all", page: 1, page_size: USER_PAGE_SIZE_DEFAULT });
            check("admin users", term.q, r.total, all);
          },
        },
        {
          what: "picker /api/v1/users",
          matches: active,
          fn: async () => {
            const r = await searchUsersForPicker(term.q, undefined);
            check("picker", term.q, r.users.length, Math.min(USER_PICKER_LIMIT, active));
          },
        },
        {
          what: "picker user-options",
          matches: active,
          fn: async () => {
            const r = await searchUsers(term.q);
            check("user-options", term.q, r.length, Math.min(20, active));
          },
        },
      ];
      if (term.label === "common") {
        const pages = Math.ceil(all / 25);
        cases.splice(1, 0, {
          what: `participant list p${Math.min(40, pages)}`,
          matches: all,
          fn: async () => {
            const r = await listParticipants(cycleId, { q: term.q, page: Math.min(40, pages), page_size: 25 });
            check("participant list", term.q, r.total, all);
          },
        });
      }
      for (const c of cases) {
        const row = { what: c.what, label: term.label, q: term.q, matches: c.matches, ...(await measure(c.fn, run)) };
        print(row);
        rows.push(row);
      }
    }

    const m = machine();
    const pgVersion = await withClient(url, async (c) => (await c.query("SHOW server_version")).rows[0].server_version as string);
    const worst = rows.reduce((a, b) => (b.p99 > a.p99 ? b : a));
    const misses = rows.filter((r) => r.p99 > GOAL_P99_MS);
    const verdict = misses.length === 0
      ? `met: every p99 ≤ ${GOAL_P99_MS} ms (worst ${ms(worst.p99)} ms, ${worst.what} "${worst.q}")`
      : `NOT met in ${misses.length} of ${rows.length} rows (worst p99 ${ms(worst.p99)} ms, ${worst.what} "${worst.q}")`;
    console.log(`Verdict: ${verdict}`);
    console.log(`Machine: ${m.nproc} CPUs (${m.cpu}), ${m.ramGb.toFixed(1)} GB, Node ${m.node}, PostgreSQL ${pgVersion}; load average ${m.load}`);

    if (opts.out) {
      const lines = [
        `Run of ${m.date}: ${opts.users} users / participants, ${opts.runs} calls per row, ${opts.concurrency} in flight, ${opts.warmup} warm-up calls.`,
        `Machine: ${m.nproc} CPUs (${m.cpu}), ${m.ramGb.toFixed(1)} GB RAM, Node ${m.node}, PostgreSQL ${pgVersion}; load average after the run ${m.load}.`,
        `Result: **${verdict}**.`,
        "",
        "| what | query | q | matches | p50 ms | p99 ms | p50 / floor p50 | p99 / floor p99 |",
        "|---|---|---|---:|---:|---:|---:|---:|",
        `| floor | SELECT 1 | | | ${ms(floorSelect.p50)} | ${ms(floorSelect.p99)} | 1.0 | 1.0 |`,
        `| floor | user by id (Prisma) | | | ${ms(floorPk.p50)} | ${ms(floorPk.p99)} | ${ratio(floorPk)} |`,
        ...rows.map((r) => `| ${r.what} | ${r.label} | \`${r.q}\` | ${r.matches} | ${ms(r.p50)} | ${ms(r.p99)} | ${ratio(r)} |`),
        "",
      ];
      fs.mkdirSync(path.dirname(opts.out), { recursive: true });
      fs.writeFileSync(opts.out, lines.join("\n"));
      console.log(`Wrote ${path.relative(root, opts.out)}`);
    }
    await closeDb();
  } finally {
    if (opts.keep && bench.name) console.log(`Kept database ${url}`);
    else await bench.drop?.();
  }
}

runWhenMain(import.meta.url, main);
