/** The dev group (never in production, ADR 015): what the embedded mailer "sent". */

/** GET /dev/outbox: one mail, newest first. */
export interface OutboxMail {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  template: string;
  created_at: number;
}
