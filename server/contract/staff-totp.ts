/**
 * Staff sign-in's second factor (issue 30 item 5, ADR 117): a TOTP authenticator (RFC 6238) per staff account, ten
 * one-time recovery codes, the second step after the password, and the rule that a staff session is no staff session
 * until that step is done. The numbers live here once; the API enforces them, the pages print them.
 */
import * as v from "valibot";

/** RFC 6238 as every authenticator app reads an otpauth:// URI without extra parameters: SHA-1, 6 digits, 30 s. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of one step before and after now are accepted too (a phone's clock a little off, a code typed at the edge). */
export const TOTP_WINDOW_STEPS = 1;
/** The secret's size in bytes (160 bits, RFC 4226's recommendation; 32 base32 characters). */
export const TOTP_SECRET_BYTES = 20;
/** The issuer the authenticator app lists the account under. */
export const TOTP_ISSUER = "Velora";

/** Wrong codes in a row (TOTP or recovery) before the account's second step locks, and for how long. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_LOCK_MINUTES = 15;

/** Recovery codes per set; each works once. 16 characters of base32 (80 bits), shown in four groups of four. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 16;
export const RECOVERY_CODE_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/**
 * The demo seed's staff accounts (server/db/seed/moderation.ts): in DEMO_MODE only, they sign in with their password
 * alone, so `npm start` stays one command. Any other staff account, in the demo too, needs the second factor.
 */
export const DEMO_STAFF_USERNAMES: readonly string[] = ["demo_team", "demo_backend"];

/**
 * What a staff session still owes before it is one (the API's gate, server/api/second-factor-gate.ts):
 * "verify" — the account has an authenticator and this sign-in has not entered a code yet;
 * "enrol" — the account has none and the installation requires one (production): only enrolment is open.
 */
export const SECOND_FACTOR_DUES = ["verify", "enrol"] as const;
export type SecondFactorDue = (typeof SECOND_FACTOR_DUES)[number];

/** Where the web tier sends a staff session that owes a step (user/data's next_destination, after the language). */
export const SECOND_FACTOR_PAGES: Readonly<Record<SecondFactorDue, string>> = {
  verify: "login/second-factor",
  enrol: "backoffice/security",
};

export const STAFF_TOTP_ERRORS = {
  /** The gate (403): this sign-in must enter its code first. */
  pending: "exception.staff.second_factor_pending",
  /** The gate (403): the account must set up its authenticator first (production). */
  required: "exception.staff.second_factor_required",
  staffOnly: "exception.backoffice.staff_only",
  /** A wrong, expired or already used code. */
  wrongCode: "exception.staff_totp.wrong_code",
  /** Too many wrong codes: the second step is locked until retry_after. */
  locked: "exception.staff_totp.locked",
  /** Setting up while an authenticator is on: a backend colleague resets it first. */
  alreadyEnrolled: "exception.staff_totp.already_enrolled",
  /** Confirming or regenerating without a set-up authenticator. */
  notEnrolled: "exception.staff_totp.not_enrolled",
  /** Confirming without a started setup. */
  noSetup: "exception.staff_totp.no_setup",
  /** The verify step without anything to verify (done already, or no authenticator). */
  nothingDue: "exception.staff_totp.nothing_due",
  /** The stored secret no longer opens (APP_SECRET changed): backend staff reset it (409). */
  unreadable: "exception.staff_totp.unreadable",
  /** A reset of one's own authenticator or of a member's account. */
  notFound: "exception.staff_totp.not_found",
  ownAccount: "exception.staff_totp.own_account",
  code: "validation.staff_totp.code",
  reason: "validation.staff_totp.reason",
} as const;

const TOTP_CODE = new RegExp(`^\\d{${TOTP_DIGITS}}$`);
const RECOVERY_CODE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** A typed code as the API compares it: spaces and dashes out, lower case (recovery codes are printed in groups). */
export function normalizeSecondFactorCode(raw: string): string {
  return raw.replace(/[\s-]+/g, "").toLowerCase();
}
export const isTotpCode = (code: string) => TOTP_CODE.test(code);
export const isRecoveryCode = (code: string) => RECOVERY_CODE.test(code);

const codeField = v.pipe(
  v.string(STAFF_TOTP_ERRORS.code),
  v.maxLength(64, STAFF_TOTP_ERRORS.code),
  v.transform(normalizeSecondFactorCode),
  v.check((code) => isTotpCode(code) || isRecoveryCode(code), STAFF_TOTP_ERRORS.code),
);
const totpField = v.pipe(
  v.string(STAFF_TOTP_ERRORS.code),
  v.maxLength(64, STAFF_TOTP_ERRORS.code),
  v.transform(normalizeSecondFactorCode),
  v.check(isTotpCode, STAFF_TOTP_ERRORS.code),
);

/** POST /staff/second-factor/verify: the sign-in's second step, a code of the authenticator or a recovery code. */
export const secondFactorVerifySchema = v.object({ code: codeField }, STAFF_TOTP_ERRORS.code);
/** POST /staff/second-factor/confirm and /recovery-codes: a code of the authenticator itself (never a recovery code). */
export const totpCodeSchema = v.object({ code: totpField }, STAFF_TOTP_ERRORS.code);

export const STAFF_TOTP_REASON_MIN = 10;
export const STAFF_TOTP_REASON_MAX = 1000;
/** POST /backoffice/staff-second-factor/{id}/reset: why (the audit trail keeps it). */
export const secondFactorResetSchema = v.object(
  {
    reason: v.pipe(
      v.string(STAFF_TOTP_ERRORS.reason),
      v.trim(),
      v.minLength(STAFF_TOTP_REASON_MIN, STAFF_TOTP_ERRORS.reason),
      v.maxLength(STAFF_TOTP_REASON_MAX, STAFF_TOTP_ERRORS.reason),
    ),
  },
  STAFF_TOTP_ERRORS.reason,
);

/** GET /staff/second-factor: the caller's own state. */
export interface SecondFactorStatus {
  /** When the authenticator was confirmed; null: none. */
  enabled_at: number | null;
  /** Unused recovery codes of the current set. */
  recovery_codes_left: number;
  /** What this sign-in still owes (null: nothing; the session is a staff session). */
  due: SecondFactorDue | null;
  /** Whether this installation requires a second factor of every staff account (production). */
  required: boolean;
  /** A started, unconfirmed setup: the secret to type or scan. Only ever shown to its owner. */
  setup: SecondFactorSetup | null;
  /** Until when wrong codes lock the second step (null: not locked). */
  locked_until: number | null;
}

export interface SecondFactorSetup {
  /** Base32, as authenticator apps take it typed by hand. */
  secret: string;
  /** otpauth://totp/…: the QR code's content. */
  uri: string;
}

/** The answer that shows a new set of recovery codes: the only time they are readable. */
export interface RecoveryCodeSet {
  codes: string[];
  enabled_at: number;
}

export interface SecondFactorVerified {
  verified: true;
  /** The code was a recovery code (one fewer left). */
  used_recovery_code: boolean;
  recovery_codes_left: number;
}

/** GET /backoffice/staff-second-factor: every staff account's state, for backend staff (staff.manage). */
export interface StaffSecondFactorList {
  items: Array<{
    id: number;
    username: string;
    role: "team" | "backend";
    enabled_at: number | null;
    recovery_codes_left: number;
    locked_until: number | null;
  }>;
}

export interface StaffSecondFactorReset {
  reset: true;
}

export interface StaffTotpBodies {
  SecondFactorStatus: SecondFactorStatus;
  SecondFactorSetup: SecondFactorSetup;
  RecoveryCodeSet: RecoveryCodeSet;
  SecondFactorVerified: SecondFactorVerified;
  StaffSecondFactorList: StaffSecondFactorList;
  StaffSecondFactorReset: StaffSecondFactorReset;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends StaffTotpBodies {}
}

/** Formats a recovery code for reading: four groups of four. */
export function formatRecoveryCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, "$1-");
}
