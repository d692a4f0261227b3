/**
 * Age verification for fsk18 content, the closed user group of JMStV § 4 (issue 30 item 1, ADRs 105–106; spec
 * section 3 "fsk18 identity status 0 init, 1 pending, 2 verified", section 2 settings "age_check_verification" and the
 * forced check "/user/age_check_verification?type=forced", section 7 "verification (fsk18)").
 *
 * Two steps, as in the systems the KJM evaluated positively: an identification once, at a provider (its signed
 * webhook alone sets "verified"), and an authentication on each use: the PIN the member chose when starting the
 * identification, bound to it, asked once per login session before fsk18 content opens.
 */
import * as v from "valibot";

/** The spec's fsk18 identity statuses, as stored. */
export const AGE_VERIFICATION_STATUS = { init: 0, pending: 1, verified: 2 } as const;
export type AgeVerificationStatusName = keyof typeof AGE_VERIFICATION_STATUS;
export type AgeVerificationStatusCode = (typeof AGE_VERIFICATION_STATUS)[AgeVerificationStatusName];

export function ageVerificationStatusName(code: number): AgeVerificationStatusName {
  return code === AGE_VERIFICATION_STATUS.verified ? "verified" : code === AGE_VERIFICATION_STATUS.pending ? "pending" : "init";
}

/** The PIN of the authentication on each use: six digits, as a bank card's (ADR 105). */
export const AGE_PIN_LENGTH = 6;
/** Wrong PINs in a row before the PIN is locked and only a new identification opens fsk18 content again. */
export const AGE_PIN_MAX_FAILURES = 5;

export const AGE_VERIFICATION_ERRORS = {
  pinFormat: "validation.age_verification.pin_format",
  pinMismatch: "validation.age_verification.pin_mismatch",
  pinWrong: "validation.age_verification.pin_wrong",
  pinLocked: "exception.age_verification.pin_locked",
  noProvider: "exception.age_verification.no_provider",
  notVerified: "exception.age_verification.not_verified",
  alreadyVerified: "exception.age_verification.already_verified",
  invalidSignature: "exception.age_verification.invalid_signature",
  replayed: "exception.age_verification.replayed",
  reasonRequired: "validation.age_verification.reason_required",
  notFound: "exception.age_verification.member_not_found",
} as const;

const pin = v.pipe(
  v.string(AGE_VERIFICATION_ERRORS.pinFormat),
  v.trim(),
  v.regex(new RegExp(`^\\d{${AGE_PIN_LENGTH}}$`), AGE_VERIFICATION_ERRORS.pinFormat),
);

/** POST /verification/fsk18/start: the PIN bound to this identification, typed twice. */
export const ageVerificationStartSchema = v.pipe(
  v.object({ pin, pin_confirmation: v.pipe(v.string(AGE_VERIFICATION_ERRORS.pinMismatch), v.trim()) }, AGE_VERIFICATION_ERRORS.pinFormat),
  v.forward(
    v.check((input) => input.pin === input.pin_confirmation, AGE_VERIFICATION_ERRORS.pinMismatch),
    ["pin_confirmation"],
  ),
);

/** POST /verification/fsk18/authenticate: the PIN, once per login session. */
export const ageVerificationAuthenticateSchema = v.object({ pin }, AGE_VERIFICATION_ERRORS.pinFormat);

/** Staff's forced age check (POST /backoffice/members/{id}/age-check): on or off, and why (the audit trail keeps it). */
export const AGE_CHECK_FORCE_ACTIONS = ["force", "lift"] as const;
export const ageCheckForceSchema = v.object(
  {
    action: v.picklist(AGE_CHECK_FORCE_ACTIONS, AGE_VERIFICATION_ERRORS.reasonRequired),
    reason: v.pipe(
      v.string(AGE_VERIFICATION_ERRORS.reasonRequired),
      v.trim(),
      v.minLength(3, AGE_VERIFICATION_ERRORS.reasonRequired),
      v.maxLength(500, AGE_VERIFICATION_ERRORS.reasonRequired),
    ),
  },
  AGE_VERIFICATION_ERRORS.reasonRequired,
);

/** GET /verification/fsk18: the member's state. */
export interface AgeVerificationState {
  status: AgeVerificationStatusName;
  /** The spec's number: 0 init, 1 pending, 2 verified. */
  status_code: AgeVerificationStatusCode;
  provider: string | null;
  started_at: number | null;
  verified_at: number | null;
  /** The provider's last answer was "declined" (shown until the next start). */
  declined: boolean;
  /** The team or a rule demands the check (the forced check after login). */
  forced: boolean;
  /** Verified and the PIN entered in this login session: fsk18 content is open. */
  session_authenticated: boolean;
  /** Wrong PINs left before the lock; 0: locked, identify again. */
  pin_attempts_left: number;
  /** Whether a provider is configured here (else the page says the check is unavailable). */
  provider_available: boolean;
}

/** POST /verification/fsk18/start: where to send the member (the provider's hosted flow). */
export interface AgeVerificationStarted {
  redirect_url: string;
}

/** POST /verification/fsk18/webhook/{provider}: received and whether it changed anything. */
export interface AgeWebhookReceived {
  received: true;
  applied: boolean;
}

/** POST /backoffice/members/{id}/age-check. */
export interface AgeCheckForced {
  user_id: number;
  forced: boolean;
}

export interface AgeVerificationBodies {
  AgeVerificationState: AgeVerificationState;
  AgeVerificationStarted: AgeVerificationStarted;
  AgeWebhookReceived: AgeWebhookReceived;
  AgeCheckForced: AgeCheckForced;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends AgeVerificationBodies {}
}
