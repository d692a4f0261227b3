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

/**
 * The demo's dev routes also ask for a key (ADR 060): printed at start as the dev mailbox's address with
 * `?key=…`, which the host turns into the `dev_key` cookie (HttpOnly, SameSite=Strict) for the next clicks;
 * a script sends it as the X-Dev-Key header.
 */
export const DEV_KEY_PARAM = "key";
export const DEV_KEY_COOKIE = "dev_key";
export const DEV_KEY_HEADER = "x-dev-key";
/** DEV_ROUTES_KEY: URL- and cookie-safe, long enough not to be guessed. */
export const DEV_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
