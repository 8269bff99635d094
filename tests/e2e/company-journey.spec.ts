import type { Page } from "@playwright/test";
import { test, expect, open, signIn, signedInPage } from "./fixtures";
import { JOURNEY_URL, sql, startInstallation, type Installation } from "./journey-processes";

/**
 * Issue 25's journey: a company starts from an EMPTY PostgreSQL database (README "Your company's people").
 * The test starts its own production-style installation (tests/e2e/journey-processes.ts: migrations applied, no demo
 * data, the web process and the worker apart) and then goes the way a new customer goes:
 *   `npm run users:add-admin` → the admin signs in → imports a 50-person directory CSV (two departments, three levels
 *   of managers, HR partners) on the import page → creates a cycle, populates it from the directory, starts it →
 *   an imported employee signs in and sees the cycle's to-do list → the identity provider (SCIM calls with a token
 *   from `npm run scim:token`) links that employee, finds them by userName and deactivates them → their open session
 *   ends at once.
 */

test.use({ baseURL: JOURNEY_URL });

const ADMIN = { email: "admin@acme.test", name: "Ada Admin" };

type Person = {
  email: string;
  name: string;
  role: "EMPLOYEE" | "PEOPLE_PARTNER";
  job_title: string;
  department: string;
  level: string;
  location: string;
  manager_email: string;
  secondary_manager_email: string;
  hr_partner_email: string;
  start_date: string;
  employee_number: string;
};

const FIRST = ["Amir", "Bea", "Chen", "Dara", "Emil", "Farah", "Goran", "Hiro", "Ines", "Jonas"];
const LAST = ["Okafor", "Silva", "Novak", "Berg", "Kaur"];

/**
 * 50 people: per department (Engineering in Berlin, Sales in Lisbon) a head, two group leads, four team leads (three
 * levels of managers), an HR partner and 17 individual contributors. Reports come BEFORE their managers in the file
 * (the import resolves managers across the whole file), and each team lead's second line is the head (secondary
 * manager).
 */
function directory(): Person[] {
  const names = FIRST.flatMap((f) => LAST.map((l) => ({ name: `${f} ${l}`, email: `${f}.${l}@acme.test`.toLowerCase() })));
  let next = 0;
  const person = (p: Omit<Person, "email" | "name" | "employee_number">): Person => {
    const n = names[next++]!;
    return { ...n, ...p, employee_number: `E${1001 + next}` };
  };
  const people: Person[] = [];
  for (const [department, location] of [["Engineering", "Berlin"], ["Sales", "Lisbon"]] as const) {
    const base = { department, location, secondary_manager_email: "", start_date: "2021-03-01" };
    const head = person({ ...base, role: "EMPLOYEE", job_title: `Head of ${department}`, level: "L7", manager_email: "", hr_partner_email: "" });
    const hr = person({ ...base, role: "PEOPLE_PARTNER", job_title: "HR Partner", level: "L5", manager_email: head.email, hr_partner_email: "" });
    head.hr_partner_email = hr.email;
    const groupLeads = [0, 1].map(() =>
      person({ ...base, role: "EMPLOYEE", job_title: "Group Lead", level: "L6", manager_email: head.email, hr_partner_email: hr.email }),
    );
    const teamLeads = [0, 1, 2, 3].map((i) =>
      person({ ...base, role: "EMPLOYEE", job_title: "Team Lead", level: "L5", manager_email: groupLeads[i % 2]!.email, secondary_manager_email: head.email, hr_partner_email: hr.email }),
    );
    const ics = Array.from({ length: 17 }, (_, i) =>
      person({ ...base, role: "EMPLOYEE", job_title: department === "Sales" ? "Account Executive" : "Software Engineer", level: i % 3 === 0 ? "L4" : "L3", manager_email: teamLeads[i % 4]!.email, hr_partner_email: hr.email, start_date: `2024-0${1 + (i % 9)}-15` }),
    );
    // Reports first, managers last.
    people.push(...ics, ...teamLeads, ...groupLeads, hr, head);
  }
  return people;
}

const COLUMNS = [
  "email", "name", "role", "job_title", "department", "level", "location", "manager_email",
  "secondary_manager_email", "hr_partner_email", "start_date", "employee_number", "active",
] as const;

function csvOf(people: Person[]): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const rows = people.map((p) => COLUMNS.map((c) => cell(c === "active" ? "true" : p[c])).join(","));
  return [COLUMNS.join(","), ...rows].join("\n") + "\n";
}

async function scim(token: string, method: string, pathAndQuery: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${JOURNEY_URL}/scim/v2${pathAndQuery}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: "application/scim+json", ...(body ? { "Content-Type": "application/scim+json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** The cycle's id from its row on the admin cycles page. */
async function cycleRowId(page: Page, name: string): Promise<string> {
  const row = page.locator('[data-testid^="cycle-row-"]', { hasText: name });
  await expect(row).toBeVisible();
  return (await row.getAttribute("data-testid"))!.replace("cycle-row-", "");
}

let installation: Installation;

test.beforeAll(async () => {
  // Empty database, migrations, Temporal server, web process and worker (the worker bundles the workflows).
  test.setTimeout(300_000);
  installation = await startInstallation();
});

test.afterAll(async () => {
  await installation?.stop();
});

test("a company starts from an empty database: first admin, directory import, a cycle from the directory, SCIM offboarding", async ({ page, browser }) => {
  test.setTimeout(300_000);
  const people = directory();
  expect(people).toHaveLength(50);

  // An empty database: nobody can sign in, the local provider has nobody to offer.
  expect(await sql<{ n: number }>('SELECT count(*)::int AS n FROM "User"')).toEqual([{ n: 0 }]);
  await open(page, "/app/home");
  await expect(page).toHaveURL(/\/app\/login\?out=true/);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByText("No users in the database yet.")).toBeVisible();

  // The first super admin, from the command line while the app runs.
  const added = await installation.npm("users:add-admin", ADMIN.email, ADMIN.name);
  expect(added.code, added.stderr).toBe(0);
  expect(await sql('SELECT email, name, role::text AS role, active FROM "User"')).toEqual([{ email: ADMIN.email, name: ADMIN.name, role: "SUPER_ADMIN", active: true }]);
  await signIn(page, ADMIN, "/app/admin/users");

  // The directory CSV through the import page (Users → Import); the job runs on the worker.
  await page.getByTestId("users-import").click();
  await expect(page).toHaveURL(/\/app\/admin\/users\/import$/);
  await page.getByTestId("upload-file").setInputFiles({ name: "acme-directory.csv", mimeType: "text/csv", buffer: Buffer.from(csvOf(people)) });
  await page.getByTestId("upload-submit").click();
  await expect(page).toHaveURL(/\/app\/admin\/users\/import\/jobs\/\d+$/);
  await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 60_000 });
  await expect(page.getByTestId("job-failed")).toHaveText("0");
  await expect(page.getByTestId("row-error")).toHaveCount(0);
  await expect(page.getByTestId("job-message")).toContainText("(50 created, 0 updated, 0 deactivated, 0 reactivated, 0 unchanged)");
  const imported = await sql<{ email: string; manager: string | null; secondary: string | null; hr: string | null; role: string; department: string }>(
    `SELECT u.email, m.email AS manager, s.email AS secondary, h.email AS hr, u.role::text AS role, u.department
       FROM "User" u LEFT JOIN "User" m ON m.id = u."managerId" LEFT JOIN "User" s ON s.id = u."secondaryManagerId"
       LEFT JOIN "User" h ON h.id = u."hrPartnerId" WHERE u.email <> $1 ORDER BY u.email`,
    [ADMIN.email],
  );
  expect(imported).toEqual(
    [...people]
      .sort((a, b) => (a.email < b.email ? -1 : 1))
      .map((p) => ({ email: p.email, manager: p.manager_email || null, secondary: p.secondary_manager_email || null, hr: p.hr_partner_email || null, role: p.role, department: p.department })),
  );

  // The import page's download gives the directory back in the import's columns (export → spreadsheet → import).
  await open(page, "/app/admin/users/import");
  const exported = await page.request.get((await page.getByTestId("directory-export-link").getAttribute("href"))!);
  expect(exported.status()).toBe(200);
  const lines = (await exported.text()).trim().split(/\r?\n/);
  // Then a column per people attribute kept as a value, by its name (ADR 0110).
  expect(lines[0]).toBe([...COLUMNS, "Gender", "Employment type"].join(","));
  expect(lines).toHaveLength(1 + 51);

  // A cycle on the admin pages, populated from the directory, started.
  const cycleName = "2027 Mid-Year Review";
  await open(page, "/app/admin/cycles");
  await page.getByTestId("cycle-create-link").click();
  await page.getByTestId("cycle-field-name").fill(cycleName);
  await page.getByTestId("cycle-field-start-date").fill("2027-01-04");
  await page.getByTestId("cycle-field-planned-end-date").fill("2027-03-31");
  await page.getByTestId("cycle-create-submit").click();
  // Creating lands on the new cycle's page with a toast (issue 26 §4).
  await expect(page).toHaveURL(/\/app\/admin\/cycles\/\d+$/);
  await expect(page.getByText(`Cycle “${cycleName}” created`)).toBeVisible();
  await open(page, "/app/admin/cycles");
  const cycleId = await cycleRowId(page, cycleName);
  await open(page, `/app/admin/cycles/${cycleId}/populate-participants-jobs`);
  await page.getByTestId("start-populate").click();
  await expect(page).toHaveURL(new RegExp(`/app/admin/cycles/${cycleId}/populate-participants-jobs/\\d+$`));
  await expect(page.getByTestId("job-status")).toHaveText("Succeeded", { timeout: 60_000 });
  await expect(page.getByTestId("job-message")).toHaveText("Created 50 participants; 0 users were already participants");
  const employee = people.find((p) => p.department === "Sales" && p.job_title === "Account Executive")!;
  const participant = await page.request.get(`/api/v1/admin/cycles/${cycleId}/participants/${encodeURIComponent(employee.email)}`);
  expect(participant.status()).toBe(200);
  expect((await participant.json()).participant).toMatchObject({ email: employee.email, manager_email: employee.manager_email });
  await open(page, "/app/admin/cycles");
  await page.getByTestId(`cycle-start-${cycleId}`).click();
  await expect(page.getByTestId("cycle-start-dialog")).toContainText("50 participants (50 receiving feedback)");
  await page.getByTestId("cycle-start-confirm").click();
  await expect(page.getByTestId(`cycle-stage-${cycleId}`)).toHaveText("Stage 1 - Start stage");

  // An imported employee signs in (their own browser) and finds the cycle's to-do list.
  const staff = await signedInPage(browser, { email: employee.email, name: employee.name });
  try {
    await expect(staff.page.getByTestId("home-cycle-stage")).toHaveText("Stage 1 - Start stage");
    const todo = staff.page.getByTestId("home-todo-item");
    await expect(todo.first()).toHaveAttribute("data-kind", "choose_peers");
    await expect(todo.first()).toContainText("Choose your peers and stakeholders");

    // The identity provider: a SCIM token from the command line, the employee found by userName, deactivated.
    const minted = await installation.npm("scim:token", "--name", "Okta");
    expect(minted.code, minted.stderr).toBe(0);
    const token = minted.stdout.trim();
    expect(token).toMatch(/^\S{20,}$/);
    // As Okta pushes a person the application already has: look the userName up; people who came by CSV are not
    // SCIM resources yet, so the POST links the existing person (no second user) and the lookup then finds them.
    const lookup = `/Users?filter=${encodeURIComponent(`userName eq "${employee.email}"`)}`;
    const before = await scim(token, "GET", lookup);
    expect(before.status).toBe(200);
    expect(before.json.totalResults).toBe(0);
    const [givenName, familyName] = employee.name.split(" ");
    const linked = await scim(token, "POST", "/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"],
      userName: employee.email,
      externalId: "00u-okta-journey",
      name: { givenName, familyName },
      emails: [{ value: employee.email, type: "work", primary: true }],
      title: employee.job_title,
      active: true,
      "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User": { department: employee.department, employeeNumber: employee.employee_number },
    });
    expect(linked.status).toBe(201);
    // The same person, now linked; their manager and HR partner (not managed by the provider) are kept.
    expect(
      await sql(
        `SELECT count(*)::int AS n, min(m.email) AS manager, min(h.email) AS hr FROM "User" u LEFT JOIN "User" m ON m.id = u."managerId"
          LEFT JOIN "User" h ON h.id = u."hrPartnerId" WHERE u.email = $1 AND u."scimId" = $2`,
        [employee.email, linked.json.id],
      ),
    ).toEqual([{ n: 1, manager: employee.manager_email, hr: employee.hr_partner_email }]);
    expect(await sql('SELECT count(*)::int AS n FROM "User"')).toEqual([{ n: 51 }]);
    const found = await scim(token, "GET", lookup);
    expect(found.status).toBe(200);
    expect(found.json.totalResults).toBe(1);
    const resource = found.json.Resources[0];
    expect(resource).toMatchObject({ id: linked.json.id, userName: employee.email, active: true, externalId: "00u-okta-journey" });
    const patched = await scim(token, "PATCH", `/Users/${resource.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(patched.status).toBe(200);
    expect(patched.json.active).toBe(false);

    // Their open session ended at once: the next navigation lands on the login page.
    await staff.page.goto("/app/home");
    await expect(staff.page).toHaveURL(/\/app\/login/);
    expect((await staff.page.request.get("/api/v1/coachmarks")).status()).toBe(401);
  } finally {
    await staff.close();
  }

  // The audit log names the identity provider's token as the actor of the deactivation.
  const audit = await sql<{ source: string; label: string | null }>(
    `SELECT a.source, a."actorLabel" AS label FROM "AuditRecord" a
      WHERE a."entityType" = 'User' AND a."entityId" = (SELECT id::text FROM "User" WHERE email = $1) ORDER BY a.id DESC LIMIT 1`,
    [employee.email],
  );
  expect(audit).toEqual([{ source: "scim", label: "Okta" }]);
});
