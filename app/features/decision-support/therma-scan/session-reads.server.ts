import { forbidden, notFound } from "~/platform/api.server";
import { isSuperAdmin, type CurrentUser } from "~/platform/auth.server";
import { sqlRows } from "~/platform/sql.server";
import type { SessionThermaScans, ThermaScanJson } from "~/features/decision-support/therma-scan/rules";

/**
 * The Therma-scan panel of the rating session admin's page in ONE prepared statement (issue 27, lean reads; ADR 0063):
 * what thermaScansOfSession (service.server.ts, the API's) answers, with the same 404 (no such session in the cycle)
 * and 403 (neither a super admin nor the session's admin). The entries are read only for those who may see them.
 */

type Row = { isAdmin: boolean; participantCount: number; entries: ThermaScanJson[] | null };

const SQL = `
SELECT
  EXISTS (SELECT 1 FROM "CalibrationSessionMember" m WHERE m."sessionId" = s.id AND m."userId" = $3::int AND m.role = 'ADMIN') AS "isAdmin",
  (SELECT count(*)::int FROM "CalibrationSessionParticipant" sp WHERE sp."sessionId" = s.id) AS "participantCount",
  CASE WHEN $4::boolean OR EXISTS (SELECT 1 FROM "CalibrationSessionMember" m WHERE m."sessionId" = s.id AND m."userId" = $3::int AND m.role = 'ADMIN') THEN
    (SELECT coalesce(json_agg(json_build_object('participant_id', p.id, 'email', u.email, 'name', u.name, 'engagement', t.engagement,
              'wellbeing', t.wellbeing, 'workload', t.workload, 'flight_risk', t."flightRisk", 'comment', t.comment, 'job_id', t."jobId",
              'updated_at', to_char(t."updatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), '[]'::json)
       FROM "ThermaScanEntry" t JOIN "Participant" p ON p.id = t."participantId" JOIN "User" u ON u.id = p."userId"
       WHERE EXISTS (SELECT 1 FROM "CalibrationSessionParticipant" sp WHERE sp."participantId" = p.id AND sp."sessionId" = s.id))
  END AS entries
FROM "CalibrationSession" s
WHERE s.id = $1::int AND s."cycleId" = $2::int`;

/** The scans of the session's participants (by name, then email) for its session admin or a super admin. */
export async function readSessionThermaScans(current: CurrentUser, cycleId: number, sessionId: number): Promise<SessionThermaScans> {
  const superAdmin = isSuperAdmin(current);
  const [row] = await sqlRows<Row>("decision-support.session-therma-scans", SQL, [sessionId, cycleId, current.user.id, superAdmin]);
  if (!row) throw notFound("Calibration session not found");
  if (!superAdmin && !row.isAdmin) throw forbidden();
  const entries = (row.entries ?? []).sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  return { participantCount: row.participantCount, entries };
}
