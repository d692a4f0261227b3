/**
 * The operator's bank as the bank-run payment methods need it (issue 26 item 3, ADR 079): the account money arrives
 * on, the SEPA creditor identifier, the file versions the bank takes, the pre-notification lead and cash to code's
 * provider. Read once by server/config.ts. Outside a real production start every value has a demo default that says
 * it is one (the Bundesbank's test creditor id, an example IBAN); a real production start offers DD, TR and CT only
 * when BANK_IBAN and BANK_CREDITOR_ID are set (and CASHTOCODE_URL with its secret for CT).
 */
import { createHmac } from "node:crypto";

export const PAIN_008_FORMATS = ["pain.008.001.08", "pain.008.001.02"] as const;
export const PAIN_001_FORMATS = ["pain.001.001.09", "pain.001.001.03"] as const;

export interface BankConfig {
  /** False: DD, TR and CT are not offered (real production without the operator's bank configured). */
  enabled: boolean;
  /** True while the demo values below stand in for a real bank (instructions and mails say so). */
  demo: boolean;
  /** The creditor's name on files and statements: a neutral billing descriptor (no adult words). */
  creditorName: string;
  creditorId: string;
  iban: string;
  bic: string;
  /** The creditor's address, structured (street, postal code, town, country) as pain.008.001.08 allows it. */
  address: { street: string; postalCode: string; town: string; country: string };
  pain008Format: (typeof PAIN_008_FORMATS)[number];
  pain001Format: (typeof PAIN_001_FORMATS)[number];
  /** Days between the pre-notification mail and the earliest collection day (our agreement with members: 2). */
  prenotificationDays: number;
  /** Days a bank-transfer (TR) invoice is due after the order. */
  transferDueDays: number;
  cashToCode: {
    enabled: boolean;
    /** The provider's hosted page; unset: the embedded voucher page (never in a real production start). */
    url: string | undefined;
    /** HMAC-SHA256 key of its postbacks. */
    secret: string;
  };
}

function oneOf<T extends string>(name: string, value: string | undefined, options: readonly T[]): T {
  if (value === undefined || value === "") return options[0] as T;
  if (!(options as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${options.join(", ")}, got ${value}`);
  return value as T;
}

function days(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 30) throw new Error(`${name} must be a whole number of days from 1 to 30, got ${value}`);
  return n;
}

export function bankConfigFrom(
  env: Record<string, string | undefined>,
  options: { realProduction: boolean; appSecret: string },
): BankConfig {
  const configured = Boolean(env.BANK_IBAN && env.BANK_CREDITOR_ID);
  const demo = !configured;
  const enabled = configured || !options.realProduction;
  const ctUrl = env.CASHTOCODE_URL || undefined;
  const ctSecret = env.CASHTOCODE_SECRET || createHmac("sha256", options.appSecret).update("cashtocode-postback").digest("hex");
  return {
    enabled,
    demo,
    creditorName: env.BANK_CREDITOR_NAME || (demo ? "Velora Services Demo" : "Velora Services"),
    creditorId: env.BANK_CREDITOR_ID || "DE98ZZZ09999999999",
    iban: (env.BANK_IBAN || "DE89370400440532013000").replace(/\s+/g, "").toUpperCase(),
    bic: (env.BANK_BIC || "COBADEFFXXX").toUpperCase(),
    address: {
      street: env.BANK_CREDITOR_STREET || "Musterstrasse 1",
      postalCode: env.BANK_CREDITOR_POSTAL_CODE || "10115",
      town: env.BANK_CREDITOR_TOWN || "Berlin",
      country: env.BANK_CREDITOR_COUNTRY || "DE",
    },
    pain008Format: oneOf("BANK_PAIN008_FORMAT", env.BANK_PAIN008_FORMAT, PAIN_008_FORMATS),
    pain001Format: oneOf("BANK_PAIN001_FORMAT", env.BANK_PAIN001_FORMAT, PAIN_001_FORMATS),
    prenotificationDays: days("BANK_PRENOTIFICATION_DAYS", env.BANK_PRENOTIFICATION_DAYS, 2),
    transferDueDays: days("BANK_TRANSFER_DUE_DAYS", env.BANK_TRANSFER_DUE_DAYS, 14),
    cashToCode: {
      // The embedded voucher page is a stand-in for the provider: never in a real production start.
      enabled: ctUrl ? Boolean(env.CASHTOCODE_SECRET) : !options.realProduction,
      url: ctUrl,
      secret: ctSecret,
    },
  };
}
