import { sqlRows } from "~/platform/sql.server";
import { notFound } from "~/platform/api.server";
import type { CurrentUser } from "~/platform/auth.server";
import type { CycleStage } from "~/features/cycles/rules";
import { cycleRef, type CycleRefJson } from "~/features/peer-selection/panels.server";
import { toMyInfo, type MyInfoJson } from "~/features/peer-selection/service.server";
import type { ParticipantWithPeople } from "~/features/cycles/context.server";

/**
 * The Check your profile page's read (/app/performance/prep) in ONE prepared statement (issue 27: at most 3 round trips
 * a page; it made 7): the viewer's participant record in the cycle the page already resolved (?cycle_id=), with their
 * user, managers and HR partner, built into GET cycles/{cycle_id}/my_info's answer by the API's own toMyInfo, with its
 * 404 'You are not a participant of this cycle'. tests/integration/profile-check-page-reads.test.ts compares them.
 */

const PERSON = (alias: string) => `CASE WHEN ${alias}."id" IS NULL THEN NULL ELSE json_build_object('id', ${alias}."id", 'email', ${alias}."email", 'name', ${alias}."name") END`;
const MY_INFO_SQL = `
SELECT p."reviewerOnly",
  json_build_object('id', u."id", 'email', u."email", 'name', u."name", 'role', u."role"::text, 'jobTitle', u."jobTitle",
    'department', u."department", 'location', u."location", 'profileImageUrl', u."profileImageUrl", 'active', u."active") AS "user",
  ${PERSON("m")} AS "manager", ${PERSON("s")} AS "secondaryManager", ${PERSON("h")} AS "hrPartner"
FROM "Participant" p
JOIN "User" u ON u."id" = p."userId"
LEFT JOIN "User" m ON m."id" = p."managerId"
LEFT JOIN "User" s ON s."id" = p."secondaryManagerId"
LEFT JOIN "User" h ON h."id" = p."hrPartnerId"
WHERE p."cycleId" = $1 AND p."userId" = $2`;

type Row = Pick<ParticipantWithPeople, "reviewerOnly" | "manager" | "secondaryManager" | "hrPartner"> & { user: ParticipantWithPeople["user"] };

/** GET cycles/{cycle_id}/my_info for the cycle the page resolved; 404 when the viewer takes no part in it. */
export async function readMyInfo(current: CurrentUser, cycle: { id: number; name: string; stage: CycleStage }): Promise<{ cycle: CycleRefJson; my_info: MyInfoJson }> {
  const [row] = await sqlRows<Row>("peer_selection_my_info", MY_INFO_SQL, [cycle.id, current.user.id]);
  if (!row) throw notFound("You are not a participant of this cycle");
  return { cycle: cycleRef(cycle), my_info: toMyInfo(row as ParticipantWithPeople) };
}
