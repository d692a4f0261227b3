/**
 * The back office's queues as one (issue 30 item 5, ADR 119): every queue a manifest declares with its open count and
 * its oldest item's age, the staff claims that keep two team members off one item, and the reviews queue. The one
 * source of truth for both tiers.
 */
import * as v from "valibot";
import { pageQueryParam } from "./paging";
import { MAX_ROW_ID } from "./row-id";

/**
 * A claim holds an item for its staff member this long; any claim or decision route call by the holder renews it.
 * Long enough to read a report and its object, short enough that an item left open after a break goes back to the
 * others within a quarter of an hour.
 */
export const CLAIM_MINUTES = 15;
export const CLAIM_MS = CLAIM_MINUTES * 60 * 1000;

/**
 * What a claim names: a queue's name, or for a queue with more than one kind of item (the content queue's photos and
 * texts share ids), `<queue>.<kind>`. Lower-case words; the API answers 404 for one no manifest declares.
 */
export const CLAIM_SCOPE_PATTERN = /^[a-z][a-z0-9_]{0,39}(\.[a-z][a-z0-9_]{0,39})?$/;

export const QUEUE_ERRORS = {
  unknownScope: "exception.queues.unknown_queue",
  claimedByOther: "exception.backoffice.claimed_by_other",
  notClaimed: "exception.queues.not_claimed",
  nothingOpen: "exception.queues.nothing_open",
  reviewNotFound: "exception.queues.review_not_found",
} as const;

const scopeSchema = v.pipe(v.string("validation.queues.queue"), v.regex(CLAIM_SCOPE_PATTERN, "validation.queues.queue"));
const itemIdSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number))], "validation.queues.item_id"),
  v.integer("validation.queues.item_id"),
  v.minValue(1, "validation.queues.item_id"),
  v.maxValue(MAX_ROW_ID, "validation.queues.item_id"),
);

/** POST /backoffice/claims and /backoffice/claims/release (JSON, or a plain form's fields). */
export const claimBodySchema = v.object({ queue: scopeSchema, item_id: itemIdSchema });
export type ClaimBody = v.InferOutput<typeof claimBodySchema>;

/** POST /backoffice/claims/next: the oldest open item of a queue nobody else holds. */
export const claimNextBodySchema = v.object({ queue: scopeSchema });

/** GET /backoffice/claims?queue=: the live claims of one scope. */
export const claimListQuerySchema = v.object({ queue: scopeSchema });

/** One queue as the way around the back office shows it. */
export interface QueueSummary {
  /** The manifest's queue name ("bundles"). */
  name: string;
  /** Its title's translation key (a key of `namespace`). */
  title: string;
  namespace: string;
  /** Its page below /{lang}/ ("backoffice/bundles"). */
  page: string;
  /** Open items, or null for a queue that declares no way to count them. */
  open: number | null;
  /** When its oldest open item began waiting (epoch ms), null when none waits or it cannot say. */
  oldest_at: number | null;
}

/** GET /backoffice/queues: the queues the caller's role may work, in the manifests' order. */
export interface QueueOverview {
  queues: QueueSummary[];
  /** The server's time of the counts, so ages are measured against one clock. */
  now: number;
}

export interface StaffClaim {
  queue: string;
  item_id: number;
  staff: { id: number; username: string };
  claimed_at: number;
  expires_at: number;
  /** The caller holds it. */
  mine: boolean;
}

export interface ClaimList {
  claims: StaffClaim[];
}

/** POST /backoffice/claims/next: the claimed item, or none when every open item is taken. */
export interface ClaimedNext {
  claim: StaffClaim | null;
}

export interface ClaimReleased {
  queue: string;
  item_id: number;
  released: boolean;
}

// The reviews queue (ADR 119): reported date reviews and reviews a text rule flagged.
export const REVIEW_KINDS = ["date", "event"] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** Claim scopes of the reviews queue: date and event reviews have ids of their own. */
export const reviewScope = (kind: ReviewKind) => `reviews.${kind}`;

/** Why a flag put a review in the queue: a rule that matched its published text (the ProstSchG §32 terms). */
export const REVIEW_FLAG_RULES = ["prostschg"] as const;
export type ReviewFlagRule = (typeof REVIEW_FLAG_RULES)[number];

export const REVIEW_QUEUE_PAGE_SIZE = 20;
/** The team's own words to the author on removal (the statement of reasons' facts). */
export const REVIEW_REASON_MIN = 10;
export const REVIEW_REASON_MAX = 1000;

export const reviewQueueQuerySchema = v.object({ page: pageQueryParam });

export const reviewDecisionSchema = v.object({
  decision: v.picklist(["keep", "remove"], "validation.queues.decision"),
  reason: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(REVIEW_REASON_MAX, `validation.queues.reason_length?min=${REVIEW_REASON_MIN}&max=${REVIEW_REASON_MAX}`),
    ),
    "",
  ),
});
export type ReviewDecisionBody = v.InferOutput<typeof reviewDecisionSchema>;

export interface ReviewQueueItem {
  /** The review's id within its kind. */
  id: number;
  kind: ReviewKind;
  text: string;
  /** Mean rating (date reviews) or the mean of the four answers (event reviews). */
  rating: number;
  created_at: number;
  /** When it began waiting: its flag. */
  since: number;
  author: { id: number; username: string };
  /** Whom it is about: the other member of the date, or the event's organizer. */
  subject: { id: number; username: string };
  /** The text rule that flagged it (reported reviews wait in the reports queue, ADR 128). */
  flag: ReviewFlagRule;
}

export interface ReviewQueue {
  items: ReviewQueueItem[];
  page: number;
  page_size: number;
  total: number;
}

export interface ReviewDecision {
  kind: ReviewKind;
  id: number;
  decision: "keep" | "remove";
  /** The statement of reasons written for a removal. */
  statement_id: number | null;
}

export interface QueuesBodies {
  QueueOverview: QueueOverview;
  StaffClaim: StaffClaim;
  ClaimList: ClaimList;
  ClaimedNext: ClaimedNext;
  ClaimReleased: ClaimReleased;
  ReviewQueue: ReviewQueue;
  ReviewDecision: ReviewDecision;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends QueuesBodies {}
}
