/**
 * Outgoing SMS behind one interface (DESIGN §5 "Integrations"). The embedded
 * default writes into the mail outbox so the dev mailbox page shows it (no
 * table or page of its own to keep in step); with SMS_API_URL set, an HTTP
 * gateway delivers it.
 */
import type { AppConfig } from "../../config";
import type { DB } from "../../db/index";
import type { Clock } from "../../lib/clock";

export interface OutgoingSms {
  /** E.164, e.g. "+4915112345678". */
  to: string;
  text: string;
  /** What the message is for, e.g. "sms_verification" (the outbox's template column). */
  template: string;
  language: string;
}

export interface SmsProvider {
  /** Resolves when the provider accepted the message; throws SmsSendError otherwise. */
  send(sms: OutgoingSms): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "SmsSendError";
  }
}

/** Recipient prefix that marks SMS rows in the mail outbox (dev mailbox filter: to=sms:+49…). */
export const SMS_OUTBOX_PREFIX = "sms:";

export function outboxSmsProvider(db: DB, clock: Clock): SmsProvider {
  return {
    async send(sms) {
      const now = clock.now();
      await db
        .insertInto("mail_outbox")
        .values({
          recipient: `${SMS_OUTBOX_PREFIX}${sms.to}`,
          subject: "SMS",
          text_body: sms.text,
          html_body: "",
          template: sms.template,
          language: sms.language,
          created_at: now,
          // Already "delivered" (to the outbox): a future SMTP worker that
          // sends unsent rows must never e-mail an sms: recipient.
          sent_at: now,
        })
        .execute();
    },
  };
}

/**
 * A generic JSON gateway: POST {to, text, sender} with the API key as bearer
 * token. Any non-2xx answer or a network failure is a SmsSendError.
 */
export function httpSmsProvider(options: {
  url: string;
  apiKey: string | undefined;
  sender: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}): SmsProvider {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    async send(sms) {
      let response: Response;
      try {
        response = await doFetch(options.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ to: sms.to, text: sms.text, sender: options.sender }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsSendError(`SMS gateway unreachable: ${(err as Error).message}`);
      }
      // Drain the body so the connection is reused.
      await response.text().catch(() => "");
      if (!response.ok) throw new SmsSendError(`SMS gateway answered ${response.status}`, response.status);
    },
  };
}

/** The provider the configuration asks for, resolved per call so a changed config takes effect. */
export function smsProviderFor(deps: { db: DB; clock: Clock; config: AppConfig }): SmsProvider {
  const { apiUrl, apiKey, sender } = deps.config.sms;
  return apiUrl ? httpSmsProvider({ url: apiUrl, apiKey, sender }) : outboxSmsProvider(deps.db, deps.clock);
}
