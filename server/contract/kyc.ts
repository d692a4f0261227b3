/**
 * KYC for payouts (issue 30 item 3, ADR 109; spec section 7 "KYC (idv, age, esign, aml, reset, expire)"): the four
 * steps a creator completes before money leaves the platform, the states a member's KYC is in, how long a screening
 * holds, the staff actions and the answers both tiers read. The creator agreement's text is in ./kyc-agreement.
 */
import * as v from "valibot";
import { SUPPORTED_LANGUAGES } from "./locales";
import { pageQueryParam } from "./paging";

/**
 * The steps, in the order the page shows them. idv: an identity check the team verified (the verification module);
 * age: 18 or older, proven by the age verification's identification (ADR 109: the identity check records no date of
 * birth); esign: the current creator agreement signed; aml: a sanctions/AML screening without an open hit.
 */
export const KYC_STEPS = ["idv", "age", "esign", "aml"] as const;
export type KycStep = (typeof KYC_STEPS)[number];

/**
 * A member's KYC as a whole. missing: a step is still to do; review: an AML hit waits for backend staff; complete:
 * payouts may be requested; expired: it was complete and a screening ran out, or staff expired it (do it again);
 * rejected: staff confirmed an AML hit (payouts stay closed; the member may appeal the statement).
 */
export const KYC_STATES = ["missing", "review", "complete", "expired", "rejected"] as const;
export type KycState = (typeof KYC_STATES)[number];

/** One step's state: done, to do, the agreement signed in an older version, or the screening's own states. */
export const KYC_STEP_STATES = ["done", "missing", "outdated", "pending", "review", "rejected", "expired"] as const;
export type KycStepState = (typeof KYC_STEP_STATES)[number];

/** What the provider answered a screening (error: asked again by the job kyc.aml_screen). */
export const AML_OUTCOMES = ["pending", "clear", "hit", "error"] as const;
export type AmlOutcome = (typeof AML_OUTCOMES)[number];

/** Backend staff's decision on a hit: a false positive (cleared) or a real match (rejected). */
export const AML_DECISIONS = ["cleared", "rejected"] as const;
export type AmlDecision = (typeof AML_DECISIONS)[number];

/**
 * A clean (or cleared) screening holds this long; then the member is screened again (ADR 109: sanctions lists change
 * constantly; a yearly re-screening is the usual risk-based period under the German GwG for low-risk relations).
 */
export const AML_VALID_MONTHS = 12;
/** A screening the provider could not answer is asked again by a job this many times (backoff by the job runner). */
export const AML_RETRY_ATTEMPTS = 6;

/** The typed full name: as on the identity document. */
export const KYC_NAME_MIN = 3;
export const KYC_NAME_MAX = 120;
/** Why staff reset, expire or reject: kept in the audit trail and told to the member. */
export const KYC_REASON_MAX = 500;
export const KYC_QUEUE_PAGE_SIZE = 20;

export const KYC_ERRORS = {
  /** The payout refused: KYC is not complete (params.state names which state). */
  incomplete: "exception.kyc.incomplete",
  notEarner: "exception.kyc.not_earner",
  notFound: "exception.kyc.not_found",
  /** The page showed another text than the current agreement (a new version came meanwhile): read it again. */
  agreementChanged: "exception.kyc.agreement_changed",
  /** Signing needs the checkbox ticked. */
  confirmRequired: "validation.kyc.confirm_required",
  nameRequired: "validation.kyc.name_required",
  nameLength: "validation.kyc.name_length",
  /** A screening needs the agreement signed first (it screens the name typed there). */
  signFirst: "exception.kyc.sign_first",
  /** A screening is running or waits for staff: no second one meanwhile. */
  screeningOpen: "exception.kyc.screening_open",
  /** The screening is valid still: nothing to do. */
  screeningValid: "exception.kyc.screening_valid",
  /** Staff confirmed a hit: payouts stay closed until they reset the KYC (the member may appeal the statement). */
  rejected: "exception.kyc.rejected",
  reasonRequired: "validation.kyc.reason_required",
  reasonLength: "validation.kyc.reason_length",
  alreadyDecided: "exception.backoffice.already_decided",
} as const;

const reasonField = v.pipe(
  v.string(KYC_ERRORS.reasonRequired),
  v.trim(),
  v.nonEmpty(KYC_ERRORS.reasonRequired),
  v.maxLength(KYC_REASON_MAX, KYC_ERRORS.reasonLength),
);

/** POST /kyc/agreement: the member's confirmation of the agreement shown in `language`, whose SHA-256 the page sent. */
export const kycSignSchema = v.object(
  {
    version: v.pipe(v.string(KYC_ERRORS.agreementChanged), v.maxLength(40, KYC_ERRORS.agreementChanged)),
    language: v.pipe(v.string(KYC_ERRORS.agreementChanged), v.maxLength(5, KYC_ERRORS.agreementChanged)),
    text_sha256: v.pipe(v.string(KYC_ERRORS.agreementChanged), v.regex(/^[0-9a-f]{64}$/, KYC_ERRORS.agreementChanged)),
    full_name: v.pipe(
      v.string(KYC_ERRORS.nameRequired),
      v.trim(),
      v.nonEmpty(KYC_ERRORS.nameRequired),
      v.minLength(KYC_NAME_MIN, KYC_ERRORS.nameLength),
      v.maxLength(KYC_NAME_MAX, KYC_ERRORS.nameLength),
    ),
    confirm: v.literal(true, KYC_ERRORS.confirmRequired),
  },
  KYC_ERRORS.confirmRequired,
);
export type KycSignInput = v.InferOutput<typeof kycSignSchema>;

/** POST /backoffice/kyc/members/{id}/reset|expire and /backoffice/kyc/screenings/{id}/reject: why. */
export const kycReasonSchema = v.object({ reason: reasonField }, KYC_ERRORS.reasonRequired);

export const kycQueueQuerySchema = v.object({ page: pageQueryParam });

/** One step as the member's page and the staff's member page show it. */
export interface KycStepAnswer {
  step: KycStep;
  state: KycStepState;
  /** When it was done (identity verified, age verified, signed, screened), or null. */
  done_at: number | null;
}

/** The last signature: which agreement version, when, with which name. */
export interface KycSignatureAnswer {
  version: string;
  language: string;
  full_name: string;
  text_sha256: string;
  signed_at: number;
}

/** The latest screening (after the last reset or expiry). */
export interface KycScreeningAnswer {
  id: number;
  outcome: AmlOutcome;
  decision: AmlDecision | null;
  /** Staff's reason of a rejection (shown to the member). */
  reason: string | null;
  screened_at: number | null;
  valid_until: number | null;
}

/** GET /kyc and what kycStateOf answers: the member's KYC. */
export interface KycAnswer {
  user_id: number;
  state: KycState;
  steps: KycStepAnswer[];
  /** The agreement in force now. */
  agreement_version: string;
  signature: KycSignatureAnswer | null;
  screening: KycScreeningAnswer | null;
  /** When a complete KYC runs out (the screening's end), or null. */
  expires_at: number | null;
  /** Staff's last reset or expiry: what and why (the member reads it). */
  last_staff_action: { action: "reset" | "expire"; reason: string; at: number } | null;
  /** Payouts waiting that are held until KYC is complete again. */
  held_payouts: number;
}

/** One case in the back office's KYC queue: an AML hit waiting for backend staff. */
export interface KycQueueItem {
  /** The screening's id (the decision's subject). */
  id: number;
  user_id: number;
  username: string;
  /** The name screened (typed when signing). */
  full_name: string;
  screened_at: number;
  /** What the provider matched (list names, entries), as it said. */
  matches: string[];
  provider_reference: string | null;
}

export interface KycQueue {
  items: KycQueueItem[];
  page: number;
  page_size: number;
  total: number;
}

/** GET /kyc/agreement: the agreement in force, in one language, and the SHA-256 of exactly these paragraphs. */
export interface KycAgreementAnswer {
  version: string;
  language: string;
  title: string;
  paragraphs: string[];
  text_sha256: string;
}

export const kycAgreementQuerySchema = v.object({ language: v.optional(v.picklist(SUPPORTED_LANGUAGES, "validation.invalid"), "de") });

export interface KycBodies {
  KycAnswer: KycAnswer;
  KycQueue: KycQueue;
  KycAgreementAnswer: KycAgreementAnswer;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends KycBodies {}
}

/** The web pages. */
export const kycPaths = {
  page: (lang: string) => `/${lang}/user/kyc`,
  agreement: (lang: string) => `/${lang}/user/kyc/agreement`,
  backoffice: (lang: string) => `/${lang}/backoffice/kyc`,
};
