/**
 * Delivers the mail outbox over SMTP (started by server/index.ts when
 * SMTP_URL is set). Every pass claims a small batch of unsent rows, sends
 * them and records the outcome:
 * - success: sent_at is set;
 * - failure: sent_at stays null, attempts and last_error are recorded and
 *   next_attempt_at moves out with exponential backoff; after MAX_ATTEMPTS
 *   failed_at is set and the row is left alone.
 * Several processes may run this at once: a row is claimed with one atomic
 * UPDATE (claim token + lease), so no two workers send the same mail. A
 * crashed worker's lease expires after CLAIM_MS and the row is retried.
 * SMS rows (recipient "sms:…") share the table; they are never e-mailed.
 */
import { randomUUID } from "node:crypto";
import type { DB } from "../db/index";
import type { SmtpSender } from "../integrations/mail/smtp";
import { SMS_OUTBOX_PREFIX } from "../integrations/sms/sms";
import type { Logger } from "../ops/logger";
import type { Clock } from "../lib/clock";

export const MAIL_DELIVERY_INTERVAL_MS = 5_000;
export const MAIL_BATCH_SIZE = 20;
export const MAX_ATTEMPTS = 8;
/** Lease on claimed rows; comfortably longer than a batch can take with the SMTP timeouts. */
export const CLAIM_MS = 10 * 60 * 1000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;
const LAST_ERROR_MAX_LENGTH = 1000;

/** Wait before the next try after `attempts` failures: 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

async function claimBatch(db: DB, now: number, limit: number): Promise<string> {
  const token = randomUUID();
  const due = (qb: DB) =>
    qb
      .selectFrom("mail_outbox")
      .select("id")
      .where("sent_at", "is", null)
      .where("failed_at", "is", null)
      .where("recipient", "not like", `${SMS_OUTBOX_PREFIX}%`)
      .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", now)]))
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
      .orderBy("id")
      .limit(limit);
  // The lease conditions are repeated on the outer UPDATE: when two workers
  // pick the same ids, PostgreSQL re-checks them on the locked row after the
  // first commit, so the second worker skips it; SQLite serializes writers.
  await db
    .updateTable("mail_outbox")
    .set({ claim_token: token, claimed_until: now + CLAIM_MS })
    .where("id", "in", due(db))
    .where("sent_at", "is", null)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .execute();
  return token;
}

/** One delivery pass: claims up to `limit` due mails and sends them. */
export async function deliverMailBatch(db: DB, clock: Clock, sender: SmtpSender, limit = MAIL_BATCH_SIZE): Promise<DeliveryResult> {
  const token = await claimBatch(db, clock.now(), limit);
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "recipient", "subject", "text_body", "html_body", "attempts"])
    .where("claim_token", "=", token)
    .orderBy("id")
    .execute();
  const result: DeliveryResult = { sent: 0, failed: 0 };
  for (const row of rows) {
    try {
      await sender.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body });
      await db
        .updateTable("mail_outbox")
        .set({ sent_at: clock.now(), claim_token: null, claimed_until: null, last_error: null, next_attempt_at: null })
        .where("id", "=", row.id)
        .where("claim_token", "=", token)
        .execute();
      result.sent += 1;
    } catch (err) {
      const attempts = Number(row.attempts) + 1;
      const now = clock.now();
      const giveUp = attempts >= MAX_ATTEMPTS;
      await db
        .updateTable("mail_outbox")
        .set({
          attempts,
          last_error: (err instanceof Error ? err.message : String(err)).slice(0, LAST_ERROR_MAX_LENGTH),
          next_attempt_at: giveUp ? null : now + backoffMs(attempts),
          failed_at: giveUp ? now : null,
          claim_token: null,
          claimed_until: null,
        })
        .where("id", "=", row.id)
        .where("claim_token", "=", token)
        .execute();
      result.failed += 1;
    }
  }
  return result;
}

/** Starts the periodic delivery; returns a stop function for shutdown. */
export function startMailDelivery(
  db: DB,
  clock: Clock,
  sender: SmtpSender,
  log: Pick<Logger, "warn" | "error">,
  intervalMs = MAIL_DELIVERY_INTERVAL_MS,
): () => void {
  let running = false;
  const tick = async () => {
    // A slow SMTP server must not make passes pile up in one process.
    if (running) return;
    running = true;
    try {
      const { failed } = await deliverMailBatch(db, clock, sender);
      if (failed > 0) log.warn({ job: "mail-delivery", failed }, "mails failed, will retry with backoff");
    } catch (err) {
      log.error({ job: "mail-delivery", err }, "mail delivery pass failed");
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    sender.close();
  };
}
