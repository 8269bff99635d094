import type { Db, Tx } from "~/platform/db.server";
import type { TFunction } from "i18next";
import { RECIPIENT_READER_SELECT, recipientReader, recipientT } from "~/platform/i18n/recipient.server";
import { messageText } from "~/platform/i18n/page-message";
import { fromDbState, type CycleStage } from "~/features/cycles/rules";
import { STAGE_KEYS } from "~/features/cycles/stage-keys";
import type { StoredMessage } from "~/platform/i18n/stored-text";
import { codedRowError, rowErrorData } from "~/features/jobs/types/csv-steps.server";
import { recordAudit, recordAudits } from "~/platform/audit.server";
import { auditJob, CHUNK_TX, claimRows, cycleJobHandler, JobInputError, type CycleJobContext, type JobHandler } from "~/features/jobs/runner.server";
import { absoluteLink, escapeHtml, mailEnabled, sendMail } from "~/platform/mailer.server";
import { nudgeCounts, nudgeDedupeKey, RECIPIENTS_FILE } from "~/features/nudges/service.server";
import { pendingWorkFor, type PendingRecipient } from "~/features/nudges/pending-work.server";
import type { JobStep, StepResult } from "../../../../workflows/bulk-job-contract";
import { storedText } from "~/platform/i18n/stored-text.server";

/**
 * NUDGE (ADR 0019): the bulk job handler of a nudge run, which reminds everyone with pending work
 * in a cycle's current stage. The jobs themselves are created by app/features/nudges/service.server.ts
 * ("send now") and app/features/nudges/schedules.server.ts (a schedule's runs).
 *
 * A nudge run is a NUDGE bulk job (ADR 0015: workflow `job-<jobId>`): `begin` takes the
 * pending-work recipients of the stage the cycle is in at that moment and stores them with the
 * job (JobFile "recipients"); each step handles a chunk of them: one in-app Notification each
 * (dedupeKey `nudge:<jobId>:<userId>`, so a retried or replayed step never notifies twice) and,
 * when SMTP_URL is set, one email each (claimed by setting emailedAt before sending, so a retry
 * never sends twice; released again if the SMTP server fails for now, recorded as a row error
 * if it refuses for good).
 */

export const NUDGE_KIND = "nudge";
const NUDGE_PHASE_TEXT = storedText("storedTexts.jobs.phase.sendingReminders");
/** Job.message while the recipients are being reminded (the phase claimRows checks); its code above (ADR 0096). */
export const NUDGE_PHASE = NUDGE_PHASE_TEXT.text;
/** Recipients per step at most (each may be an SMTP round trip). */
export const NUDGE_CHUNK = 100;

type Snapshot = { cycle_id: number; cycle_name: string; stage: CycleStage; recipients: PendingRecipient[] };

async function readSnapshot(db: Db | Tx, jobId: number): Promise<Snapshot> {
  const file = await db.jobFile.findUnique({ where: { jobId_kind: { jobId, kind: RECIPIENTS_FILE } }, select: { content: true } });
  if (!file) throw new JobInputError(storedText("storedTexts.jobs.stopped.noRecipientList", { job: jobId }));
  return JSON.parse(Buffer.from(file.content).toString("utf8")) as Snapshot;
}

function rowCursor(value: JobStep["cursor"]): { row: number } {
  const c = value as { row?: unknown } | null;
  if (!c || typeof c.row !== "number" || c.row < 0) throw new Error("Malformed nudge step cursor");
  return { row: c.row };
}

/**
 * The reminder's title and body in the recipient's language (ADR 0077: their choice, else en): the reasons as keys;
 * a snapshot written before the keys (no `reasons`) keeps its English reason.
 */
export function nudgeText(t: TFunction<"common">, r: PendingRecipient, cycleName: string): { title: string; body: string } {
  const title = t("nudges.mail.title", { cycle: cycleName });
  const body = r.reasons?.length ? r.reasons.map((m) => messageText(t as TFunction, m)).join(t("nudges.mail.separator")) : r.reason;
  return { title, body };
}

/** The recipients' translation functions, by user id (their language, else en). */
async function recipientTexts(db: Db | Tx, userIds: number[]): Promise<Map<number, TFunction<"common">>> {
  const users = await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, ...RECIPIENT_READER_SELECT } });
  const byId = new Map<number, TFunction<"common">>();
  for (const u of users) byId.set(u.id, await recipientT(recipientReader(u)));
  return byId;
}

function emailOf(t: TFunction<"common">, r: PendingRecipient, cycleName: string) {
  const url = absoluteLink(r.link);
  const { title: subject, body } = nudgeText(t, r, cycleName);
  const text = `${t("mail.greeting", { name: r.name })}\n\n${t("nudges.mail.reason", { reason: body })}\n\n${t("mail.openLink", { url })}\n\n${t("nudges.mail.signature")}\n`;
  const html =
    `<p>${escapeHtml(t("mail.greeting", { name: r.name }))}</p><p>${escapeHtml(t("nudges.mail.reason", { reason: body }))}</p>` +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(t("mail.open"))}</a></p><p>${escapeHtml(t("nudges.mail.signature"))}</p>`;
  return { to: r.email, subject, text, html };
}

/** SMTP refused for good (5xx reply): retrying will not help. */
function isPermanentSmtpError(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function errorText(err: unknown): string {
  const e = err as { response?: unknown; message?: unknown } | null;
  return String(e?.response ?? e?.message ?? err).slice(0, 500);
}

/**
 * Email each recipient of the chunk whose notification has not been emailed yet. Each email is
 * claimed first (emailedAt set where it was null), then sent, then audited. A temporary failure
 * releases the claim and throws (the activity is retried); a permanent refusal records a row error.
 */
async function emailChunk(ctx: CycleJobContext, snapshot: Snapshot, from: number, chunk: PendingRecipient[]) {
  if (!mailEnabled() || chunk.length === 0) return;
  const position = new Map(chunk.map((r, i) => [r.userId, { r, rowNumber: from + i + 1 }]));
  const pending = await ctx.db.notification.findMany({
    where: { dedupeKey: { in: chunk.map((r) => nudgeDedupeKey(ctx.job.id, r.userId)) }, emailedAt: null, emailError: null },
    select: { id: true, userId: true, user: { select: { email: true, name: true } } },
    orderBy: { id: "asc" },
  });
  const texts = await recipientTexts(ctx.db, pending.map((n) => n.userId));
  for (const n of pending) {
    ctx.checkCancelled();
    ctx.heartbeat({ emailing: n.userId });
    const at = position.get(n.userId);
    if (!at) continue;
    const claimedAt = new Date();
    const claim = await ctx.db.notification.updateMany({ where: { id: n.id, emailedAt: null, emailError: null }, data: { emailedAt: claimedAt } });
    if (claim.count !== 1) continue; // another attempt has it
    const recipient = { ...at.r, email: n.user.email, name: n.user.name };
    const t = texts.get(n.userId) ?? (await recipientT(recipientReader({ locale: null, timeZone: null })));
    let messageId: string | null;
    try {
      messageId = await sendMail(emailOf(t, recipient, snapshot.cycle_name));
    } catch (err) {
      if (!isPermanentSmtpError(err)) {
        await ctx.db.notification.updateMany({ where: { id: n.id, emailedAt: claimedAt }, data: { emailedAt: null } });
        throw err;
      }
      // The server's answer is data (its own words); the sentence around it is a key (ADR 0100).
      const refused = codedRowError(at.rowNumber, "email", "storedTexts.jobs.nudge.refused", { email: recipient.email, error: errorText(err) });
      const message = refused.message;
      await ctx.db.$transaction(async (tx) => {
        await tx.notification.update({ where: { id: n.id }, data: { emailedAt: null, emailError: message } });
        await tx.jobRowError.create({ data: rowErrorData(ctx.job.id, refused) });
        await tx.job.update({ where: { id: ctx.job.id }, data: { failedRows: { increment: 1 } } });
        await recordAudit(tx, ctx.actor, {
          action: "notification.email_failed",
          entityType: "Notification",
          entityId: n.id,
          after: { job_id: ctx.job.id, user_id: n.userId, to: recipient.email, error: message },
        });
      });
      continue;
    }
    await recordAudit(ctx.db, ctx.actor, {
      action: "notification.email",
      entityType: "Notification",
      entityId: n.id,
      after: { job_id: ctx.job.id, user_id: n.userId, to: recipient.email, message_id: messageId, emailed_at: claimedAt.toISOString() },
    });
  }
}

const nudgeHandler: JobHandler = cycleJobHandler({
  async begin(ctx) {
    const cycle = await ctx.db.cycle.findUnique({ where: { id: ctx.job.cycleId }, select: { id: true, name: true, state: true } });
    if (!cycle) throw new JobInputError(storedText("storedTexts.jobs.stopped.cycleGone", { cycle: ctx.job.cycleId }));
    const stage = fromDbState(cycle.state);
    const recipients = await pendingWorkFor(ctx.db, cycle);
    const snapshot: Snapshot = { cycle_id: cycle.id, cycle_name: cycle.name, stage, recipients };
    return {
      totalRows: recipients.length,
      phase: NUDGE_PHASE_TEXT,
      // Always one step: if this begin is a retry after its commit, the stored list decides, not this one.
      first: { phase: "nudge", cursor: { row: 0 } },
      write: async (tx) => {
        await tx.jobFile.createMany({
          data: [
            {
              jobId: ctx.job.id,
              kind: RECIPIENTS_FILE,
              name: `recipients-${stage}.json`,
              contentType: "application/json",
              content: Buffer.from(JSON.stringify(snapshot), "utf8"),
            },
          ],
          skipDuplicates: true,
        });
      },
    };
  },

  async step(ctx, step): Promise<StepResult> {
    const { row } = rowCursor(step.cursor);
    const snapshot = await readSnapshot(ctx.db, ctx.job.id);
    const size = Math.max(1, Math.min(ctx.chunkRows, NUDGE_CHUNK));
    const chunk = snapshot.recipients.slice(row, row + size);
    const to = row + chunk.length;
    const next: JobStep | null = to < snapshot.recipients.length ? { phase: "nudge", cursor: { row: to } } : null;
    ctx.checkCancelled();
    // Each reminder in its recipient's language (read before the transaction: no query of its own inside it).
    const texts = await recipientTexts(ctx.db, chunk.map((r) => r.userId));
    const fallback = await recipientT(recipientReader({ locale: null, timeZone: null }));
    await ctx.db.$transaction(async (tx) => {
      if (!(await claimRows(tx, ctx.job.id, { phase: NUDGE_PHASE, from: row, to }))) return; // already committed
      if (chunk.length === 0) return;
      const created = await tx.notification.createManyAndReturn({
        data: chunk.map((r) => ({
          userId: r.userId,
          kind: NUDGE_KIND,
          ...nudgeText(texts.get(r.userId) ?? fallback, r, snapshot.cycle_name),
          link: r.link,
          dedupeKey: nudgeDedupeKey(ctx.job.id, r.userId),
        })),
        skipDuplicates: true, // a notification of this job for this user exists: nothing new
        select: { id: true, userId: true, dedupeKey: true },
      });
      if (created.length) {
        await recordAudits(
          tx,
          ctx.actor,
          created.map((n) => ({
            action: "notification.create",
            entityType: "Notification",
            entityId: n.id,
            after: { user_id: n.userId, kind: NUDGE_KIND, job_id: ctx.job.id, cycle_id: ctx.job.cycleId, dedupe_key: n.dedupeKey },
          })),
        );
      }
      await tx.job.update({ where: { id: ctx.job.id }, data: { succeededRows: { increment: chunk.length } } });
      await auditJob(tx, ctx.actor, ctx.job, "job.rows_committed", {
        from_row: row + 1,
        to_row: to,
        recipients: chunk.length,
        notified: created.length,
        already_notified: chunk.length - created.length,
      });
    }, CHUNK_TX);
    // Emails go out after the notifications are committed; on a retry the claim above is skipped but
    // any email of this chunk not sent yet still goes out (each is claimed on its own).
    await emailChunk(ctx, snapshot, row, chunk);
    return { next };
  },

  async finish(ctx) {
    const snapshot = await readSnapshot(ctx.db, ctx.job.id);
    const counts = (await nudgeCounts(ctx.db, [ctx.job.id])).get(ctx.job.id) ?? { notified: 0, emailed: 0, email_failed: 0 };
    // The stage's label (STAGE_LABELS) as its message; the English is the same words as before (ADR 0100).
    const stage = { key: STAGE_KEYS[snapshot.stage] };
    if (snapshot.recipients.length === 0) {
      return { status: "SUCCEEDED", message: storedText("storedTexts.jobs.nudge.nobodyPending", { stage }) };
    }
    const email: StoredMessage = !mailEnabled()
      ? { key: "storedTexts.jobs.nudge.noMail" }
      : counts.email_failed
        ? { key: "storedTexts.jobs.nudge.emailsSentRefused", values: { count: counts.emailed, refused: counts.email_failed } }
        : { key: "storedTexts.jobs.nudge.emailsSent", values: { count: counts.emailed } };
    return {
      status: "SUCCEEDED",
      message: storedText("storedTexts.jobs.nudge.reminded", { count: snapshot.recipients.length, stage, notified: counts.notified, email }),
    };
  },
});

export const nudgeJobHandlers = { NUDGE: nudgeHandler } satisfies Record<string, JobHandler>;
