import type { Db, Tx } from "~/platform/db.server";
import { notFound } from "~/platform/api.server";
import { toCsv, CSV_BOM } from "~/platform/csv";
import { zipCentralDirectory, zipLocalEntry, readLocalHeader, type ZipEntryInfo } from "~/platform/zip-store.server";
import { flattenRecord, type PersonExport } from "~/features/privacy/export-rules";
import { readAttributeValues } from "~/features/insights/attribute-values.server";

/**
 * Everything the product holds about one person, for a super admin (ADR 0053): their profile, participations,
 * feedback they wrote and received (answers as stored, reviewers named: a super admin sees everything), peer requests,
 * calibration and promotion records about them, endorsements, anytime feedback sent and received, notifications,
 * sessions and API tokens (metadata only: never a hash), the audit records where they are the actor or the entity, and
 * their people attribute values (issue 29: every attribute, whoever may see it — the export is theirs; ADR 0117).
 * As one JSON file and one CSV file per section, in a ZIP.
 */

const person = { select: { id: true, name: true, email: true } } as const;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const who = (u: { id: number; name: string; email: string } | null | undefined) => (u ? { id: u.id, name: u.name, email: u.email } : null);

export async function collectPersonData(db: Db | Tx, userId: number, now = new Date()): Promise<PersonExport> {
  const user = await db.user.findUnique({
    where: { id: userId },
    include: { manager: person, secondaryManager: person, hrPartner: person },
  });
  if (!user) throw notFound("User not found");
  const participations = await db.participant.findMany({
    where: { userId },
    orderBy: { id: "asc" },
    include: { cycle: { select: { id: true, name: true, state: true } }, manager: person, secondaryManager: person, hrPartner: person, thermaScan: true },
  });
  const pids = participations.map((p) => p.id);
  const sp = { sessionParticipant: { participantId: { in: pids } } };
  const [given, received, peerAbout, peerAsReviewer, calibrations, proposals, changes, comments, commentsWritten, votes] = await Promise.all([
    db.feedback.findMany({ where: { reviewerId: userId }, orderBy: { id: "asc" }, include: { reviewee: { select: { cycleId: true, user: person } } } }),
    db.feedback.findMany({ where: { revieweeId: { in: pids } }, orderBy: { id: "asc" }, include: { reviewer: person } }),
    db.peerRequest.findMany({ where: { participantId: { in: pids } }, orderBy: { id: "asc" }, include: { reviewer: person, requestedBy: person } }),
    db.peerRequest.findMany({ where: { reviewerId: userId }, orderBy: { id: "asc" }, include: { participant: { select: { user: person } }, requestedBy: person } }),
    db.calibrationSessionParticipant.findMany({ where: { participantId: { in: pids } }, orderBy: { id: "asc" }, include: { session: { select: { id: true, name: true, kind: true, cycleId: true } } } }),
    db.calibrationProposal.findMany({ where: sp, orderBy: { id: "asc" }, include: { panelist: person } }),
    db.calibrationRatingChange.findMany({ where: sp, orderBy: { id: "asc" }, include: { changedBy: person } }),
    db.calibrationComment.findMany({ where: sp, orderBy: { id: "asc" }, include: { author: person } }),
    db.calibrationComment.findMany({ where: { authorId: userId }, orderBy: { id: "asc" } }),
    db.promotionVote.findMany({ where: sp, orderBy: { id: "asc" }, include: { panelist: person } }),
  ]);
  const [nominations, endorsementsWritten, rtfSent, rtfReceived, notifications, sessions, tokens, audits, userFeedback] = await Promise.all([
    db.promotionNomination.findMany({ where: { participantId: { in: pids } }, orderBy: { id: "asc" }, include: { nominatedBy: person, endorsements: { include: { endorser: person } } } }),
    db.endorsement.findMany({ where: { endorserId: userId }, orderBy: { id: "asc" }, include: { nomination: { select: { participant: { select: { user: person } } } } } }),
    db.realtimeFeedback.findMany({ where: { reviewerId: userId }, orderBy: { id: "asc" }, include: { reviewee: person } }),
    db.realtimeFeedback.findMany({ where: { revieweeId: userId }, orderBy: { id: "asc" }, include: { reviewer: person } }),
    db.notification.findMany({ where: { userId }, orderBy: { id: "asc" } }),
    db.userSession.findMany({ where: { OR: [{ userId }, { realUserId: userId }] }, orderBy: { createdAt: "asc" }, select: { userId: true, realUserId: true, signedInAt: true, lastSeenAt: true, createdAt: true } }),
    db.apiToken.findMany({ where: { OR: [{ userId }, { realUserId: userId }] }, orderBy: { id: "asc" }, select: { id: true, userId: true, realUserId: true, name: true, prefix: true, provider: true, createdAt: true, expiresAt: true, lastUsedAt: true, revokedAt: true } }),
    db.auditRecord.findMany({ where: { OR: [{ actorId: userId }, { realActorId: userId }, { entityType: "User", entityId: String(userId) }] }, orderBy: { id: "asc" } }),
    db.userFeedback.findMany({ where: { userId }, orderBy: { id: "asc" } }),
  ]);
  const [definitions, values] = await Promise.all([
    db.attributeDefinition.findMany({ orderBy: { id: "asc" }, select: { id: true, key: true, name: true, kind: true, visibility: true } }),
    readAttributeValues([userId], db as Tx),
  ]);
  const own = values.get(userId) ?? {};

  return {
    format: "pmr-personal-data/1",
    exported_at: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      job_title: user.jobTitle,
      department: user.department,
      level: user.level,
      location: user.location,
      employee_number: user.employeeNumber,
      start_date: user.startDate ? user.startDate.toISOString().slice(0, 10) : null,
      profile_image_url: user.profileImageUrl,
      active: user.active,
      deactivated_at: iso(user.deactivatedAt),
      erased_at: iso(user.erasedAt),
      scim_id: user.scimId,
      scim_external_id: user.scimExternalId,
      scim_user_name: user.scimUserName,
      scim_given_name: user.scimGivenName,
      scim_family_name: user.scimFamilyName,
      manager: who(user.manager),
      secondary_manager: who(user.secondaryManager),
      hr_partner: who(user.hrPartner),
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    sections: {
      participations: participations.map((p) => ({
        id: p.id, cycle_id: p.cycle.id, cycle_name: p.cycle.name, cycle_state: p.cycle.state,
        manager: who(p.manager), secondary_manager: who(p.secondaryManager), hr_partner: who(p.hrPartner),
        reviewer_only: p.reviewerOnly, panel_status: p.panelStatus, proposed_rating: p.proposedRating, proposed_potential: p.proposedPotential,
        calibrated_rating: p.calibratedRating, promotion_decision: p.promotionDecision,
        therma_scan: p.thermaScan ? { engagement: p.thermaScan.engagement, wellbeing: p.thermaScan.wellbeing, workload: p.thermaScan.workload, flight_risk: p.thermaScan.flightRisk, comment: p.thermaScan.comment } : null,
        created_at: iso(p.createdAt),
      })),
      feedback_written: given.map((f) => ({
        id: f.id, cycle_id: f.cycleId, reviewee: who(f.reviewee.user), reviewer_type: f.reviewerType, status: f.status, answers: f.answers, submitted_at: iso(f.submittedAt), updated_at: iso(f.updatedAt),
      })),
      feedback_received: received.map((f) => ({
        id: f.id, cycle_id: f.cycleId, reviewer: who(f.reviewer), reviewer_type: f.reviewerType, status: f.status, answers: f.answers, submitted_at: iso(f.submittedAt), updated_at: iso(f.updatedAt),
      })),
      peer_requests_about_them: peerAbout.map((r) => ({ id: r.id, cycle_id: r.cycleId, reviewer: who(r.reviewer), requested_by: who(r.requestedBy), status: r.status, responded_at: iso(r.respondedAt), created_at: iso(r.createdAt) })),
      peer_requests_to_them: peerAsReviewer.map((r) => ({ id: r.id, cycle_id: r.cycleId, participant: who(r.participant.user), requested_by: who(r.requestedBy), status: r.status, responded_at: iso(r.respondedAt), created_at: iso(r.createdAt) })),
      calibration_ratings: calibrations.map((c) => ({ id: c.id, session_id: c.session.id, session_name: c.session.name, kind: c.kind, cycle_id: c.session.cycleId, rating: c.rating, potential: c.potential, decision: c.decision, terminated_at: iso(c.terminatedAt) })),
      calibration_proposals: proposals.map((p) => ({ id: p.id, session_id: p.sessionId, panelist: who(p.panelist), rating: p.rating, justification: p.justification, created_at: iso(p.createdAt) })),
      calibration_changes: changes.map((c) => ({ id: c.id, session_id: c.sessionId, field: c.field, old_value: c.oldValue, new_value: c.newValue, old_text: c.oldText, new_text: c.newText, reason: c.reason, changed_by: who(c.changedBy), created_at: iso(c.createdAt) })),
      calibration_comments_about_them: comments.map((c) => ({ id: c.id, session_id: c.sessionId, author: who(c.author), body: c.body, created_at: iso(c.createdAt) })),
      calibration_comments_written: commentsWritten.map((c) => ({ id: c.id, session_id: c.sessionId, session_participant_id: c.sessionParticipantId, body: c.body, created_at: iso(c.createdAt) })),
      promotion_votes_about_them: votes.map((v) => ({ id: v.id, session_id: v.sessionId, panelist: who(v.panelist), vote: v.vote, note: v.note, updated_at: iso(v.updatedAt) })),
      promotion_nominations: nominations.map((n) => ({
        id: n.id, participant_id: n.participantId, status: n.status, nominated_by: who(n.nominatedBy), rationale: n.rationale, created_at: iso(n.createdAt),
        endorsements: n.endorsements.map((e) => ({ id: e.id, endorser: who(e.endorser), status: e.status, outcome: e.outcome, body: e.body, reject_reason: e.rejectReason, endorsed_at: iso(e.endorsedAt) })),
      })),
      endorsements_written: endorsementsWritten.map((e) => ({ id: e.id, nominee: who(e.nomination.participant.user), status: e.status, outcome: e.outcome, body: e.body, reject_reason: e.rejectReason, endorsed_at: iso(e.endorsedAt) })),
      anytime_feedback_sent: rtfSent.map((r) => ({ id: r.id, reviewee: who(r.reviewee), body: r.body, viewed_at: iso(r.viewedAt), created_at: iso(r.createdAt) })),
      anytime_feedback_received: rtfReceived.map((r) => ({ id: r.id, reviewer: who(r.reviewer), body: r.body, viewed_at: iso(r.viewedAt), created_at: iso(r.createdAt) })),
      notifications: notifications.map((n) => ({ id: n.id, kind: n.kind, title: n.title, body: n.body, link: n.link, emailed_at: iso(n.emailedAt), email_error: n.emailError, read_at: iso(n.readAt), created_at: iso(n.createdAt) })),
      sessions: sessions.map((s) => ({ spoofing: s.realUserId !== null && s.realUserId !== s.userId, as_user_id: s.userId, real_user_id: s.realUserId, signed_in_at: iso(s.signedInAt), last_seen_at: iso(s.lastSeenAt), created_at: iso(s.createdAt) })),
      api_tokens: tokens.map((t) => ({ id: t.id, user_id: t.userId, real_user_id: t.realUserId, name: t.name, prefix: t.prefix, provider: t.provider, created_at: iso(t.createdAt), expires_at: iso(t.expiresAt), last_used_at: iso(t.lastUsedAt), revoked_at: iso(t.revokedAt) })),
      product_feedback: userFeedback.map((f) => ({ id: f.id, has_liked: f.hasLiked, text: f.text, created_at: iso(f.createdAt) })),
      attribute_values: definitions
        .filter((d) => own[d.id] !== undefined)
        .map((d) => ({ attribute_id: d.id, key: d.key, attribute: d.name, kind: d.kind.toLowerCase(), visibility: d.visibility.toLowerCase(), value: own[d.id]! })),
      audit_records: audits.map((a) => ({ id: a.id, created_at: iso(a.createdAt), action: a.action, entity_type: a.entityType, entity_id: a.entityId, source: a.source, actor_id: a.actorId, real_actor_id: a.realActorId, actor_label: a.actorLabel, before: a.before, after: a.after })),
    },
  };
}

/** The export as a stored ZIP: person.json (everything), profile.csv and one CSV per section (nested values as JSON). */
export function personExportZip(data: PersonExport, modified = new Date(data.exported_at)): Buffer {
  const files: Array<[string, string]> = [["person.json", `${JSON.stringify(data, null, 2)}\n`], ["profile.csv", csvOf([data.profile])]];
  for (const [name, rows] of Object.entries(data.sections)) files.push([`${name}.csv`, csvOf(rows)]);
  const parts: Buffer[] = [];
  const entries: ZipEntryInfo[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const entry = zipLocalEntry(name, Buffer.from(text, "utf8"), modified);
    entries.push(readLocalHeader(entry, offset));
    parts.push(entry);
    offset += entry.byteLength;
  }
  parts.push(zipCentralDirectory(entries, offset));
  return Buffer.concat(parts);
}

function csvOf(rows: ReadonlyArray<Record<string, unknown>>): string {
  const flat = rows.map(flattenRecord);
  const columns = [...new Set(flat.flatMap((r) => Object.keys(r)))];
  if (columns.length === 0) return "";
  return CSV_BOM + toCsv(flat, { columns, header: true });
}
