/**
 * Identity and photo-realness checks (issue 30 item 2, ADR 107) and the trust level (ADR 108): the kinds of check,
 * their statuses, limits and times, the badges they give, the rejection reasons, and the answers both tiers read.
 * Spec section 3 "Media" (webcam identity status 0-3), "User info" (forcedFakeCheck); section 5 "Identity
 * verification max 5 attempts, pending duration 240 minutes", "Watermark check max 5"; sections 6/7 "trust level".
 */
import * as v from "valibot";
import type { MediaImage } from "./media";
import { pageQueryParam } from "./paging";
import type { TrustLevelAnswer } from "./trust";
import { USER_TYPE } from "./users";

/**
 * The checks a member can ask for. webcam: a photo of the member holding the code the page shows (the "watermark"
 * of the spec: a code written by hand into the photo, so a stolen photo cannot pass); id: an identity document;
 * prostschg: the registration certificate of the Prostitutes Protection Act (§ 5 ProstSchG), for escorts.
 */
export const VERIFICATION_KINDS = ["webcam", "id", "prostschg"] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];
/** The kinds that are documents: a front and an optional back, stored privately and deleted after the decision. */
export const DOCUMENT_KINDS = ["id", "prostschg"] as const satisfies readonly VerificationKind[];

/** Spec section 3 "Webcam identity status 0-3", used for every kind: 0 init (code issued), 1 pending, 2 verified, 3 rejected. */
export const VERIFICATION_STATUS = { init: 0, pending: 1, verified: 2, rejected: 3 } as const;
export type VerificationStatusName = keyof typeof VERIFICATION_STATUS;
export type VerificationStatus = (typeof VERIFICATION_STATUS)[VerificationStatusName];
export function verificationStatusName(status: number): VerificationStatusName {
  const entry = Object.entries(VERIFICATION_STATUS).find(([, code]) => code === status);
  return (entry?.[0] ?? "init") as VerificationStatusName;
}

/**
 * Spec section 5: "Identity verification max 5 attempts" (id and prostschg each) and "Watermark check max 5" (the
 * webcam check): submissions per member and kind; a team reset (issue 30 item 5) starts the count again.
 */
export const VERIFICATION_MAX_ATTEMPTS: Record<VerificationKind, number> = { webcam: 5, id: 5, prostschg: 5 };

/**
 * Spec section 5 "pending duration 240 minutes": the team's promise. A check still pending this long after its
 * submission is overdue — a job marks it, the queue lists it first and the member reads that it takes longer.
 */
export const VERIFICATION_PENDING_MINUTES = 240;
/** How long the code shown for one webcam attempt is good for (the photo must be taken while the page is open). */
export const WEBCAM_CODE_TTL_MINUTES = 15;
/** The code's alphabet: no 0/O, 1/I/L that a hand-written code would confuse. */
export const WEBCAM_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const WEBCAM_CODE_LENGTH = 6;
/**
 * GDPR data minimisation (ADR 107): the photos of a decided check are deleted this many days after the decision
 * (time for the member's question or complaint about it); the decision itself (who, when, what, why) stays.
 */
export const VERIFICATION_FILE_RETENTION_DAYS = 30;

/** Who may ask for which check: documents and webcam for every member; the ProstSchG registration for escorts. */
export function mayRequestCheck(kind: VerificationKind, userType: number): boolean {
  if (kind === "prostschg") return userType === USER_TYPE.escort;
  return userType === USER_TYPE.client || userType === USER_TYPE.escort || userType === USER_TYPE.business;
}

/** The sides of a document photo (the upload's file fields). */
export const DOCUMENT_SIDES = ["front", "back"] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];
/** The webcam photo's file field. */
export const WEBCAM_FILE_FIELD = "photo";

/** Why the team says no; the member reads it in their language. */
export const VERIFICATION_REJECTION_REASONS = [
  "code_missing",
  "face_not_visible",
  "not_matching_photos",
  "document_unreadable",
  "document_invalid",
  "name_or_age_mismatch",
  "poor_quality",
] as const;
export type VerificationRejectionReason = (typeof VERIFICATION_REJECTION_REASONS)[number];

/** The error keys of the verification answers (translated in the common namespace). */
export const VERIFICATION_ERRORS = {
  notFound: "exception.verification.not_found",
  notAllowed: "exception.verification.not_allowed",
  /** Spec section 5's limits: no further submission of this kind. */
  attemptsExhausted: "exception.verification.attempts_exhausted",
  /** One check of a kind waits for the team: no second one meanwhile. */
  alreadyPending: "exception.verification.already_pending",
  /** Verified already: nothing to do. */
  alreadyVerified: "exception.verification.already_verified",
  /** The webcam photo came without a valid code (none asked for, or it expired). */
  codeExpired: "exception.verification.code_expired",
  photoRequired: "validation.verification.photo_required",
  frontRequired: "validation.verification.front_required",
  reason: "validation.verification.reason_required",
  alreadyDecided: "exception.backoffice.already_decided",
} as const;

/** POST /verification/{kind}/start: which check (the path names it). */
export const verificationKindSchema = v.picklist(VERIFICATION_KINDS, VERIFICATION_ERRORS.notFound);

/** POST /backoffice/verifications/{id}/reject. */
export const verificationRejectSchema = v.object(
  { reason: v.picklist(VERIFICATION_REJECTION_REASONS, VERIFICATION_ERRORS.reason) },
  VERIFICATION_ERRORS.reason,
);

/** POST /backoffice/members/{id}/force-fake-check: why (optional, kept in the audit trail). */
export const FORCE_REASON_MAX = 500;
export const forceFakeCheckSchema = v.object(
  { reason: v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(FORCE_REASON_MAX, "validation.invalid")), "") },
  "validation.invalid",
);

export const verificationQueueQuerySchema = v.object({ page: pageQueryParam });
export const VERIFICATION_QUEUE_PAGE_SIZE = 20;

/** One check as its member sees it. */
export interface OwnVerificationCheck {
  id: number;
  kind: VerificationKind;
  status: VerificationStatus;
  status_name: VerificationStatusName;
  /** The code to hold up in the photo (webcam, status init, until code_expires_at). */
  code: string | null;
  code_expires_at: number | null;
  submitted_at: number | null;
  /** When the team promised to have decided (submitted + 240 minutes). */
  due_at: number | null;
  overdue: boolean;
  decided_at: number | null;
  reason: VerificationRejectionReason | null;
}

/** The state of one kind for its member. */
export interface VerificationKindState {
  kind: VerificationKind;
  /** May ask for it at all (the ProstSchG registration only for escorts). */
  allowed: boolean;
  verified: boolean;
  /** The latest check of this kind, or null. */
  latest: OwnVerificationCheck | null;
  attempts_used: number;
  attempts_max: number;
}

/** GET /verification: the member's checks. */
export interface VerificationOverview {
  kinds: VerificationKindState[];
  /** The team asked for a new webcam check (forcedFakeCheck): the profile is not listed until one is verified. */
  forced_fake_check: boolean;
}

/** The badges a profile shows (profile and search tiles); each explains itself on the page. */
export interface VerificationBadges {
  /** A webcam check verified: the profile's photos show this person. */
  photos_real: boolean;
  identity_verified: boolean;
  prostschg_shown: boolean;
}

/** The member's profile photos the team compares with the check (accepted photos, avatar first). */
export interface VerificationProfilePhoto {
  id: number;
  image: MediaImage;
}

/** One check waiting in the back office's queue. */
export interface VerificationQueueItem {
  id: number;
  kind: VerificationKind;
  submitted_at: number;
  due_at: number;
  overdue: boolean;
  /** The code the photo must show (webcam checks). */
  code: string | null;
  member: { user_id: number; username: string; user_type: number; language: string; created_at: number };
  /** Web paths of the check's photos, served to staff only (contract verificationFilePath). */
  files: Array<{ side: DocumentSide | "photo"; path: string }>;
  profile_photos: VerificationProfilePhoto[];
  trust_level: TrustLevelAnswer;
}

/** GET /backoffice/verifications. */
export interface VerificationQueue {
  items: VerificationQueueItem[];
  page: number;
  page_size: number;
  total: number;
  overdue: number;
}

/** POST /backoffice/verifications/{id}/accept|reject. */
export interface VerificationDecision {
  id: number;
  status: VerificationStatus;
  reason: VerificationRejectionReason | null;
}

/** POST /backoffice/members/{id}/force-fake-check. */
export interface ForcedFakeCheckAnswer {
  user_id: number;
  forced_fake_check: boolean;
}

/** The file's side as its path names it. */
export const VERIFICATION_FILE_SIDES = ["photo", ...DOCUMENT_SIDES] as const;
export type VerificationFileSide = (typeof VERIFICATION_FILE_SIDES)[number];
/** Where the web tier serves a check's photo to staff (its route forwards the session to the API's access check). */
export const verificationFilePath = (id: number, side: VerificationFileSide) => `/verification-file/${id}/${side}.jpg`;

// The trust level's criteria and answer (ADR 108) live in ./trust, which the profile contract reads too.
export { TRUST_ACCOUNT_AGE_DAYS, TRUST_CRITERIA, TRUST_REPORT_WINDOW_DAYS, type TrustCriterion, type TrustLevelAnswer } from "./trust";

export interface VerificationBodies {
  VerificationOverview: VerificationOverview;
  OwnVerificationCheck: OwnVerificationCheck;
  VerificationQueue: VerificationQueue;
  VerificationDecision: VerificationDecision;
  ForcedFakeCheckAnswer: ForcedFakeCheckAnswer;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends VerificationBodies {}
}
