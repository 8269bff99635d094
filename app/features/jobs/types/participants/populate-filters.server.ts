import type { Prisma } from "~/generated/prisma/client.ts";
import { getDb, type Db, type Tx } from "~/platform/db.server";
import type { PopulateFilterOptions, PopulateFilters } from "~/features/jobs/types/participants/populate-filters";

/** Roles a cycle is populated with (admins and HR ops run the cycle; they are added by hand or by upload if reviewed). */
export const POPULATE_ROLES = ["EMPLOYEE", "PEOPLE_PARTNER"] as const;

/** The earliest day the database takes (PostgreSQL has no year 0); a year-0 cut-off selects the same nobody. */
const EARLIEST_DAY = "0001-01-01";
const cutOffDate = (day: string) => new Date(`${day < EARLIEST_DAY ? EARLIEST_DAY : day}T00:00:00.000Z`);

/** The users a populate job with these filters adds, as one SQL condition (set-based: the job pages through it by id). */
export function populateUserWhere(filters: PopulateFilters): Prisma.UserWhereInput {
  return {
    active: true,
    erasedAt: null,
    role: { in: [...POPULATE_ROLES] },
    ...(filters.departments ? { department: { in: filters.departments } } : {}),
    ...(filters.locations ? { location: { in: filters.locations } } : {}),
    ...(filters.levels ? { level: { in: filters.levels } } : {}),
    ...(filters.started_before ? { startDate: { lt: cutOffDate(filters.started_before) } } : {}),
  };
}

const present = (values: Array<string | null>): string[] => values.filter((v): v is string => typeof v === "string" && v !== "");

/** The directory's distinct departments, locations and levels among active users (GROUP BY in SQL), for the page's filter form. */
export async function populateFilterOptions(db: Db | Tx): Promise<PopulateFilterOptions> {
  const active = populateUserWhere({});
  const [departments, locations, levels] = await Promise.all([
    db.user.groupBy({ by: ["department"], where: { ...active, department: { not: null } }, orderBy: { department: "asc" } }),
    db.user.groupBy({ by: ["location"], where: { ...active, location: { not: null } }, orderBy: { location: "asc" } }),
    db.user.groupBy({ by: ["level"], where: { ...active, level: { not: null } }, orderBy: { level: "asc" } }),
  ]);
  return {
    departments: present(departments.map((r) => r.department)),
    locations: present(locations.map((r) => r.location)),
    levels: present(levels.map((r) => r.level)),
  };
}

/** For the populate page's loader (after its admin check): the filter options of the app's database. */
export async function populateFilterOptionsLoader(): Promise<PopulateFilterOptions> {
  return populateFilterOptions(await getDb());
}
