/**
 * Outgoing mail. The embedded default writes to the mail_outbox table, which
 * the dev mailbox page shows. With SMTP_URL set, server/jobs/mail-delivery.ts
 * delivers the rows whose sent_at is null over SMTP.
 */
import type { DB } from "../../db/index";
import type { Clock } from "../../lib/clock";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  language: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function outboxMailer(db: DB, clock: Clock): Mailer {
  return {
    async send(mail) {
      await db
        .insertInto("mail_outbox")
        .values({
          recipient: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          template: mail.template,
          language: mail.language,
          created_at: clock.now(),
          sent_at: null,
        })
        .execute();
    },
  };
}

/** Mails waiting for delivery (not sent, not given up): the job queue depth of metrics. */
export async function outboxDepth(db: DB): Promise<number> {
  const row = await db
    .selectFrom("mail_outbox")
    .select(({ fn }) => fn.countAll<number>().as("count"))
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
