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

/** POST /dev/clock: how far to move the server's clock ahead (minutes; it never goes back). */
export const DEV_CLOCK_MAX_MINUTES = 60 * 24 * 30;

/** The server's time after moving it. */
export interface DevClock {
  now: number;
}
