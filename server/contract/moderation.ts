/**
 * Moderation before publication (issue 10 item 4, ADR 030): who moderates, the states of a proposed text,
 * the texts that wait for a team member, the rejection reasons, and what the back office and the owner
 * read. One place for both tiers.
 */
import * as v from "valibot";
import { pageQueryParam } from "./paging";
import type { MediaImage } from "./media";
import type { ReviewedTextField } from "./reviewed-text";

// Who is staff lives beside the user types, in a module without valibot: the header of every page asks (ADR 050).
export { isStaffUserType, STAFF_USER_TYPES } from "./users";

/** A proposed text's state: the media status numbers of spec section 3 (pending 0, accepted 1, rejected 2). */
export const TEXT_REVIEW_STATUS = { pending: 0, accepted: 1, rejected: 2 } as const;

// The reviewed texts and their labels: in ./reviewed-text (free of valibot, the dashboard reads them in the browser).
export {
  interviewKeyOfField,
  interviewTextField,
  isReviewedTextField,
  MODERATED_TEXT_FIELD_KEYS,
  MODERATED_TEXT_FIELDS,
  textFieldLabel,
  type InterviewTextField,
  type ModeratedTextField,
  type ReviewedTextField,
  type TextFieldLabel,
} from "./reviewed-text";

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
