/**
 * Moderation before publication (issue 10 item 4, ADR 030): who moderates, the states of a proposed text,
 * the texts that wait for a team member, the rejection reasons, and what the back office and the owner
 * read. One place for both tiers.
 */
import * as v from "valibot";
import { pageQueryParam } from "./paging";
import { INTERVIEW_QUESTION_KEYS, type InterviewQuestionKey } from "./interviews";
import type { MediaImage } from "./media";

// Who is staff lives beside the user types, in a module without valibot: the header of every page asks (ADR 050).
export { isStaffUserType, STAFF_USER_TYPES } from "./users";

/** A proposed text's state: the media status numbers of spec section 3 (pending 0, accepted 1, rejected 2). */
export const TEXT_REVIEW_STATUS = { pending: 0, accepted: 1, rejected: 2 } as const;

/**
 * The free profile texts a member writes (spec section 5: status 250, description 2500, profession,
 * interests); a change waits for a team member while the public keeps the last accepted version. The key
 * is the field name of the profile forms; the value the `profiles` column that holds the accepted text.
 * Interview answers wait the same way (`interview:<question key>` below; the accepted answer lives in
 * `profile_interviews`).
 */
export const MODERATED_TEXT_FIELDS = {
  profession: "profession",
  status: "status_text",
  description: "description",
  interests: "interests",
} as const;
export type ModeratedTextField = keyof typeof MODERATED_TEXT_FIELDS;
export const MODERATED_TEXT_FIELD_KEYS = Object.keys(MODERATED_TEXT_FIELDS) as ModeratedTextField[];

/** An interview answer under review (ADR 039 follow-up): one field per catalogue question. */
export type InterviewTextField = `interview:${InterviewQuestionKey}`;
/** Every text that waits for a team member: the profile texts and the interview answers. */
export type ReviewedTextField = ModeratedTextField | InterviewTextField;

export function interviewTextField(key: InterviewQuestionKey): InterviewTextField {
  return `interview:${key}`;
}

/** The question of an interview field, or null for anything else (a profile text, an unknown or retired key). */
export function interviewKeyOfField(field: string): InterviewQuestionKey | null {
  if (!field.startsWith("interview:")) return null;
  const key = field.slice("interview:".length);
  return (INTERVIEW_QUESTION_KEYS as readonly string[]).includes(key) ? (key as InterviewQuestionKey) : null;
}

export function isReviewedTextField(field: string): field is ReviewedTextField {
  return (MODERATED_TEXT_FIELD_KEYS as string[]).includes(field) || interviewKeyOfField(field) !== null;
}

/** The label group of a field (forms, queue, mails): each profile text its own, every interview answer "interview". */
export type TextFieldLabel = ModeratedTextField | "interview";
export function textFieldLabel(field: ReviewedTextField): TextFieldLabel {
  return interviewKeyOfField(field) === null ? (field as ModeratedTextField) : "interview";
}

/** Why a photo or text was refused: a fixed list, so the owner reads the reason in their own language. */
export const REJECTION_REASONS = [
  "unprotected_sex",
  "contact_details",
  "explicit_public",
  "third_party",
  "poor_quality",
  "offensive",
  "terms",
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** The back office queue's page size (oldest first). */
export const QUEUE_PAGE_SIZE = 20;

export const queueQuerySchema = v.object({
  page: pageQueryParam,
  /** Only this member's items (a username; case does not matter). */
  owner: v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(100, "validation.invalid"))),
});

/** POST /backoffice/{media|texts}/{id}/reject: one reason of the list. */
export const rejectSchema = v.object(
  { reason: v.picklist(REJECTION_REASONS, "validation.backoffice.reason_required") },
  "validation.backoffice.reason_required",
);
export type RejectInput = v.InferOutput<typeof rejectSchema>;

interface QueueOwner {
  id: number;
  username: string;
  user_type: number;
  language: string;
}

/** One waiting item of the back office queue, oldest first. */
export type QueueItem =
  | {
      kind: "media";
      id: number;
      created_at: number;
      owner: QueueOwner;
      visibility: string;
      is_avatar: boolean;
      /** A photo, or a video's poster. */
      image: MediaImage;
      /** Videos (ADR 034): the encoded file to watch before deciding; null for photos. */
      video_path: string | null;
    }
  | {
      kind: "text";
      id: number;
      created_at: number;
      owner: QueueOwner;
      /** A profile text, or an interview answer (`interview:<question key>`). */
      field: ReviewedTextField;
      /** The proposed text and the one the public sees now (null: none yet). */
      value: string;
      current: string | null;
    };

/** GET /backoffice/queue. */
export interface ModerationQueue {
  items: QueueItem[];
  /** The owner filter as applied, or null. */
  owner: string | null;
  page: number;
  page_size: number;
  total: number;
}

/** POST /backoffice/…/accept|reject: what was decided. */
export interface ModerationDecision {
  kind: "media" | "text";
  id: number;
  status: number;
  reason: RejectionReason | null;
}

/** GET /moderation/my: the owner's own items under review and the last word on each. */
export interface MyModeration {
  /** Texts waiting for a team member, or refused since their last change (with the reason). */
  texts: Array<{
    field: ReviewedTextField;
    status: number;
    reason: RejectionReason | null;
    created_at: number;
    decided_at: number | null;
  }>;
  media: { pending: number; rejected: Array<{ id: number; reason: RejectionReason | null; decided_at: number | null }> };
}
