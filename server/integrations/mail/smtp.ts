/**
 * SMTP delivery for the mail outbox, built on nodemailer. SMTP_URL carries
 * everything: smtp://user:pass@host:587 (STARTTLS when offered) or
 * smtps://user:pass@host:465 (TLS from the first byte); MAIL_FROM is the
 * sender address.
 */
import nodemailer from "nodemailer";

export interface SmtpMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSender {
  send(message: SmtpMessage): Promise<void>;
  close(): void;
}

/**
 * Timeouts are deliberately short: a hanging server must not hold a worker
 * past its claim on the rows (see CLAIM_MS in server/jobs/mail-delivery.ts).
 */
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

export function createSmtpSender(smtpUrl: string, from: string): SmtpSender {
  const protocol = new URL(smtpUrl).protocol;
  if (protocol !== "smtp:" && protocol !== "smtps:") throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${protocol}//`);
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close() {
      transport.close();
    },
  };
}
