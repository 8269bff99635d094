/**
 * Demo company: about 150 people in a management tree (with secondary managers and HR partners),
 * HR ops, one super admin, five cycles in different stages (peer selection open, 360 feedback running, one in
 * calibration, one finished and communicated, one draft) with peer requests and feedback (prisma/seed-review.ts),
 * rating calibration sessions in every state in the calibration cycle (prisma/seed-calibration.ts), and there too
 * promotion nominations with endorsement requests in every status and promotion sessions in several states
 * (prisma/seed-promotions.ts), so every navigation group and report has something to show. Users have a career
 * level (L2-L7) for the promotion dashboard.
 * Deterministic: the same run gives the same company. Run with `npm run db:seed` (only seeds an empty database).
 */
import type { PrismaClient } from "~/generated/prisma/client.ts";
import { seedCycleReviewData } from "./seed-review";
import { seedCalibrationSessions } from "./seed-calibration";
import { seedPromotions } from "./seed-promotions";
import { seedPerformanceTrends } from "./seed-performance-trends";
import { seedAnytimeFeedback } from "./seed-anytime-feedback";
import { seedDecisionSupport } from "./seed-decision-support";
import { seedInsights } from "./seed-insights";

export const DEMO_DOMAIN = "example.com";
export const DEMO_USERS = {
  superAdmin: `ada.admin@${DEMO_DOMAIN}`,
  hrOps: `harper.ops@${DEMO_DOMAIN}`,
  peoplePartner: `priya.partner@${DEMO_DOMAIN}`,
  ceo: `carmen.chief@${DEMO_DOMAIN}`,
  manager: `morgan.manager@${DEMO_DOMAIN}`,
  employee: `eli.employee@${DEMO_DOMAIN}`,
} as const;

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ["Alex", "Sam", "Jordan", "Taylor", "Casey", "Riley", "Jamie", "Avery", "Quinn", "Rowan", "Noah", "Mia", "Liam", "Zoe", "Omar", "Lena", "Ivan", "Nora", "Kai", "Maya", "Theo", "Iris", "Leo", "Ruth", "Hugo", "Sara", "Amir", "Yuki", "Ana", "Ben"];
const LAST = ["Nguyen", "Smith", "Garcia", "Khan", "Müller", "Rossi", "Silva", "Kim", "Okafor", "Novak", "Haddad", "Larsen", "Tanaka", "Dubois", "Cohen", "Patel", "Moreau", "Costa", "Berg", "Walsh"];
const DEPARTMENTS = ["Engineering", "Product", "Design", "Sales", "Marketing", "Operations", "Finance"];
const LOCATIONS = ["Singapore", "Berlin", "London", "Jakarta", "New York", "Remote"];

type Person = {
  email: string;
  name: string;
  role: "SUPER_ADMIN" | "PEOPLE_PARTNER" | "HR_OPS" | "EMPLOYEE";
  jobTitle: string;
  department: string;
  /** Career level, L2 (specialist) to L7 (chief executive). */
  level: string;
  location: string;
  manager?: string;
  secondaryManager?: string;
  hrPartner?: string;
};

export function buildDemoCompany(): Person[] {
  const rand = mulberry32(20261123);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const used = new Set<string>(Object.values(DEMO_USERS));
  const uniqueName = () => {
    for (;;) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const email = `${first}.${last}`.toLowerCase().normalize("NFD").replace(/[^a-z.]/g, "") + `@${DEMO_DOMAIN}`;
      if (!used.has(email)) {
        used.add(email);
        return { name: `${first} ${last}`, email };
      }
    }
  };

  const people: Person[] = [];
  const partners: string[] = [DEMO_USERS.peoplePartner];
  people.push({ email: DEMO_USERS.superAdmin, name: "Ada Admin", role: "SUPER_ADMIN", jobTitle: "People Systems Lead", department: "People", level: "L6", location: "Singapore" });
  people.push({ email: DEMO_USERS.hrOps, name: "Harper Ops", role: "HR_OPS", jobTitle: "HR Operations Specialist", department: "People", level: "L4", location: "Singapore" });
  people.push({ email: DEMO_USERS.peoplePartner, name: "Priya Partner", role: "PEOPLE_PARTNER", jobTitle: "People Partner", department: "People", level: "L5", location: "Singapore" });
  for (let i = 0; i < 3; i++) {
    const p = uniqueName();
    partners.push(p.email);
    people.push({ ...p, role: "PEOPLE_PARTNER", jobTitle: "People Partner", department: "People", level: "L5", location: pick(LOCATIONS) });
  }
  const hr = () => pick(partners);
  people.push({ email: DEMO_USERS.ceo, name: "Carmen Chief", role: "EMPLOYEE", jobTitle: "Chief Executive Officer", department: "Leadership", level: "L7", location: "Singapore", hrPartner: DEMO_USERS.peoplePartner });

  const vps: string[] = [];
  DEPARTMENTS.slice(0, 5).forEach((dept) => {
    const p = uniqueName();
    vps.push(p.email);
    people.push({ ...p, role: "EMPLOYEE", jobTitle: `VP ${dept}`, department: dept, level: "L6", location: pick(LOCATIONS), manager: DEMO_USERS.ceo, hrPartner: DEMO_USERS.peoplePartner });
  });
  const managers: Array<{ email: string; department: string }> = [];
  vps.forEach((vp, i) => {
    const dept = DEPARTMENTS[i]!;
    for (let m = 0; m < 3; m++) {
      const isDemoManager = i === 0 && m === 0;
      const p = isDemoManager ? { name: "Morgan Manager", email: DEMO_USERS.manager } : uniqueName();
      managers.push({ email: p.email, department: dept });
      people.push({ ...p, role: "EMPLOYEE", jobTitle: `${dept} Manager`, department: dept, level: "L5", location: pick(LOCATIONS), manager: vp, hrPartner: isDemoManager ? DEMO_USERS.peoplePartner : hr() });
    }
  });
  managers.forEach((mgr, idx) => {
    for (let e = 0; e < 8; e++) {
      const isDemoEmployee = idx === 0 && e === 0;
      const p = isDemoEmployee ? { name: "Eli Employee", email: DEMO_USERS.employee } : uniqueName();
      const other = managers[(idx + 1) % managers.length]!;
      people.push({
        ...p,
        role: "EMPLOYEE",
        jobTitle: e < 2 ? `Senior ${mgr.department} Specialist` : `${mgr.department} Specialist`,
        department: mgr.department,
        level: e < 2 ? "L4" : e % 2 === 0 ? "L3" : "L2",
        location: pick(LOCATIONS),
        manager: mgr.email,
        secondaryManager: e % 4 === 1 ? other.email : undefined,
        hrPartner: isDemoEmployee ? DEMO_USERS.peoplePartner : hr(),
      });
    }
  });
  return people;
}

function isoDate(s: string) {
  return new Date(`${s}T00:00:00.000Z`);
}

/** Seed the demo company into an empty database. Returns false (and changes nothing) when users exist. */
export async function seedDemoData(db: PrismaClient): Promise<boolean> {
  if ((await db.user.count()) > 0) return false;
  const people = buildDemoCompany();
  await db.$transaction(
    async (tx) => {
      await tx.user.createMany({
        data: people.map((p) => ({ email: p.email, name: p.name, role: p.role, jobTitle: p.jobTitle, department: p.department, level: p.level, location: p.location })),
      });
      const ids = new Map((await tx.user.findMany({ select: { id: true, email: true } })).map((u) => [u.email, u.id]));
      const id = (email?: string) => (email ? ids.get(email)! : null);
      for (const p of people) {
        if (!p.manager && !p.secondaryManager && !p.hrPartner) continue;
        await tx.user.update({
          where: { id: id(p.email)! },
          data: { managerId: id(p.manager), secondaryManagerId: id(p.secondaryManager), hrPartnerId: id(p.hrPartner) },
        });
      }

      const cycles = [
        { name: "2026 Mid-Year Review", state: "COMMUNICATION" as const, startDate: isoDate("2026-04-01"), plannedEndDate: isoDate("2026-06-30") },
        { name: "2026 Year-End Review", state: "SPU_FEEDBACK" as const, startDate: isoDate("2026-10-01"), plannedEndDate: isoDate("2026-12-18") },
        { name: "2026 Q4 Project Review", state: "START" as const, startDate: isoDate("2026-11-02"), plannedEndDate: isoDate("2026-12-11") },
        { name: "2027 Mid-Year Review", state: "DRAFT" as const, startDate: null, plannedEndDate: isoDate("2027-06-30") },
        // Last, so the cycles above keep their data (one random stream); it ends before the running cycles, so
        // it is not the cycle the pages open by default.
        { name: "2026 Q3 Review", state: "CALIBRATION" as const, startDate: isoDate("2026-07-01"), plannedEndDate: isoDate("2026-11-30") },
      ];
      const participantsOf = people.filter((p) => p.role === "EMPLOYEE");
      const rand = mulberry32(7);
      const departmentOf = new Map(people.map((p) => [id(p.email)!, p.department]));
      const protect = new Set([id(DEMO_USERS.employee)!, id(DEMO_USERS.manager)!]);
      for (const c of cycles) {
        const cycle = await tx.cycle.create({ data: { ...c, maxPeers: 10, workflowId: `pending-${c.name}` } });
        await tx.cycle.update({ where: { id: cycle.id }, data: { workflowId: `cycle-${cycle.id}` } });
        if (c.state === "DRAFT") continue;
        await tx.participant.createMany({
          data: participantsOf.map((p) => ({
            cycleId: cycle.id,
            userId: id(p.email)!,
            managerId: id(p.manager),
            secondaryManagerId: id(p.secondaryManager),
            hrPartnerId: id(p.hrPartner),
            reviewerOnly: p.email === DEMO_USERS.ceo,
          })),
        });
        await seedCycleReviewData(tx, { cycleId: cycle.id, stage: c.state, departmentOf, protect, rand });
        if (c.state === "CALIBRATION") {
          // Rating calibration sessions in every state: Priya (HR partner) creates, Harper runs them, managers
          // sit on the panels, Carmen signs off.
          await seedCalibrationSessions(tx, {
            cycleId: cycle.id,
            cast: { hrPartner: DEMO_USERS.peoplePartner, sessionAdmin: DEMO_USERS.hrOps, panelist: DEMO_USERS.manager, signOff: DEMO_USERS.ceo },
          });
          // Promotions: nominations, endorsement requests in every status (Eli has two to answer), promotion sessions
          // in several states, run by the same people.
          await seedPromotions(tx, {
            cycleId: cycle.id,
            cast: { hrPartner: DEMO_USERS.peoplePartner, sessionAdmin: DEMO_USERS.hrOps, panelist: DEMO_USERS.manager, signOff: DEMO_USERS.ceo, endorser: DEMO_USERS.employee },
          });
          // People attributes for the fairness insights: a significant gap by gender in one session, none in another.
          await seedInsights(tx, { cycleId: cycle.id, rand: mulberry32(29) });
        }
      }
      // Anytime feedback: Eli and Morgan have received (some unread) and sent items; Morgan's reports too.
      await seedAnytimeFeedback(tx, { cast: { employee: DEMO_USERS.employee, manager: DEMO_USERS.manager, ceo: DEMO_USERS.ceo, peoplePartner: DEMO_USERS.peoplePartner } });
      // An earlier finished cycle, so the performance trends have two rated cycles (prisma/seed-performance-trends.ts).
      await seedPerformanceTrends(tx, { rand: mulberry32(2025) });
      // Therma-scan entries in the current and the calibration cycle (prisma/seed-decision-support.ts).
      await seedDecisionSupport(tx, { uploadedBy: DEMO_USERS.superAdmin });
      await tx.auditRecord.create({
        data: {
          source: "system",
          action: "seed.demo_data",
          entityType: "Database",
          entityId: "demo",
          after: { users: people.length, cycles: cycles.length },
        },
      });
    },
    { timeout: 120_000 },
  );
  return true;
}
