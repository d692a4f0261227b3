/** The mail outbox (mail, and SMS in the embedded default). Times are epoch milliseconds (UTC), booleans 0/1 integers (ADR 003). */
import type { Generated } from "kysely";

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  template: string;
  language: string;
  created_at: number;
  sent_at: number | null;
  /** Delivery bookkeeping (0009): see server/jobs/mail-delivery.ts. */
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: number | null;
  failed_at: number | null;
  claim_token: string | null;
  claimed_until: number | null;
}
