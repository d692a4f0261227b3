/** Date reviews (migration 0047, ADR 047). Times are epoch milliseconds (UTC). */
import type { Generated } from "kysely";
import type { ReviewedParty, ReviewPunctuality } from "../../contract/reviews";

export interface DateReviewsTable {
  id: Generated<number>;
  date_id: number;
  author_id: number;
  /** The reviewed member: the other member of the date. */
  subject_id: number;
  party: ReviewedParty;
  /** Mean of the criterion ratings. */
  rating: number;
  /** The yes/no questions, 1 yes, 0 no. */
  recommend: number;
  profile_match: number;
  come_again: number;
  punctuality: ReviewPunctuality;
  text: string;
  /** The reviewed member's one answer. */
  comment: string | null;
  commented_at: number | null;
  created_at: number;
  /** NULL while blind; the reveal sets both reviews of a date at once. */
  published_at: number | null;
  /** Set while the team has removed it on a report (migration 0099, ADR 112): shown nowhere, restored on appeal. */
  removed_at: number | null;
}

export interface DateReviewRatingsTable {
  review_id: number;
  criterion: string;
  rating: number;
}

export interface DateReviewWindowsTable {
  date_id: number;
  opened_at: number;
  closed_at: number | null;
}

// The reviews' tables join the database's type from here, by declaration merging (ADR 067): a new feature's tables
// do the same from its own folder, and the schema index needs no line for them.
declare module "./index" {
  interface Database {
    date_reviews: DateReviewsTable;
    date_review_ratings: DateReviewRatingsTable;
    date_review_windows: DateReviewWindowsTable;
  }
}
