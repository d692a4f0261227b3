/**
 * Delivers the mail outbox over SMTP: one `mail.deliver` job per mail, enqueued by the outbox mailer in the
 * transaction that writes the row (only when SMTP_URL is set; without it the outbox is the dev mailbox).
 * Retries, backoff and the lease are the job table's (ADR 031); the outbox row records the outcome for
 * the people reading it: sent_at, or the attempts, the last error and failed_at after the last try.
 * SMS rows (recipient "sms:…") share the table; they are never e-mailed.
 */
import type { DB } from "../db/index";
import type { SmtpSender } from "../integrations/mail/smtp";
import { SMS_OUTBOX_PREFIX } from "../integrations/sms/sms";
import type { Clock } from "../lib/clock";
import { defineFeature, defineJob } from "../modules/manifest";
import type { JobContext, JobHandler } from "./queue";

const LAST_ERROR_MAX_LENGTH = 1000;

/** Sends one outbox row; a row already sent (a job run twice) is not sent again. */
export async function deliverOutboxMail(db: DB, clock: Clock, sender: SmtpSender, outboxId: number, context: JobContext): Promise<void> {
  const row = await db
    .selectFrom("mail_outbox")
    .select(["id", "recipient", "subject", "text_body", "html_body", "sent_at"])
    .where("id", "=", outboxId)
    .executeTakeFirst();
  // Pruned after a month, or an SMS: nothing to send.
  if (!row || row.sent_at !== null || row.recipient.startsWith(SMS_OUTBOX_PREFIX)) return;
  try {
    await sender.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body });
  } catch (err) {
    const now = clock.now();
    await db
      .updateTable("mail_outbox")
      .set({
        attempts: context.attempt,
        last_error: (err instanceof Error ? err.message : String(err)).slice(0, LAST_ERROR_MAX_LENGTH),
        failed_at: context.attempt >= context.maxAttempts ? now : null,
      })
      .where("id", "=", row.id)
      .execute();
    throw err;
  }
  await db
    .updateTable("mail_outbox")
    .set({ sent_at: clock.now(), attempts: context.attempt, last_error: null })
    .where("id", "=", row.id)
    .execute();
}

export function mailDeliveryHandler(db: DB, clock: Clock, sender: SmtpSender): JobHandler<{ outbox_id: number }> {
  return { run: (payload, context) => deliverOutboxMail(db, clock, sender, payload.outbox_id, context) };
}

/** The platform's own contribution to the job runner (no module owns the outbox: every module's mails go through it). */
export const mailDeliveryManifest = defineFeature({
  name: "mail",
  jobs: {
    /** Send one row of the mail outbox over SMTP (only enqueued, and only run, when SMTP_URL is set). */
    "mail.deliver": defineJob<{ outbox_id: number }>((deps, { smtp }) => (smtp ? mailDeliveryHandler(deps.db, deps.clock, smtp) : null)),
  },
});
