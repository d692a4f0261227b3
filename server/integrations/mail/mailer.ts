/**
 * Outgoing mail. The embedded default writes to the mail_outbox table, which
 * the dev mailbox page shows. With SMTP_URL set (`deliver`), each row gets a
 * `mail.deliver` job in the same transaction (server/jobs/mail-delivery.ts).
 */
import type { DB } from "../../db/index";
import { enqueueJob } from "../../jobs/queue";
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

export function outboxMailer(db: DB, clock: Clock, options: { deliver?: boolean } = {}): Mailer {
  return {
    async send(mail) {
      await db.transaction().execute(async (trx) => {
        const row = await trx
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
          .returning("id")
          .executeTakeFirstOrThrow();
        if (options.deliver) await enqueueJob(trx, clock, "mail.deliver", { outbox_id: row.id });
      });
    },
  };
}
