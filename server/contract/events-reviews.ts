/**
 * Event reviews (issue 29 item 2; spec section 3 "Event" review aspects; ADR 100): after an event has ended, each of
 * its accepted attendees may review it once — a rating 1–5 for each aspect of EVENT_REVIEW_RATINGS, yes or no to
 * EVENT_REVIEW_QUESTIONS and an optional text under the date reviews' text rules. Shown on the event (averages and
 * the list) and as a summary on the organizer's profile. Unlike date reviews they are not blind: an event has many
 * reviewers and no counterpart whose answer could be copied.
 */
import * as v from "valibot";
import { EVENT_REVIEW_QUESTIONS, EVENT_REVIEW_RATINGS, type EventReviewQuestion, type EventReviewRating } from "./events";
import { ATTENDANCE_ERRORS } from "./events-attendance";
import { pageQueryParamUpTo } from "./paging";
import { findProstSchGTerm, prostSchGMessage } from "./prostschg";
import { REVIEW_ANSWERS, REVIEW_LIST_PAGE_SIZE, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, reviewRatingSchema, type ReviewAnswer } from "./reviews";

export { EVENT_REVIEW_QUESTIONS, EVENT_REVIEW_RATINGS, REVIEW_ANSWERS };

/** Reviews per page on the event (spec section 9: the default 10, as a profile's reviews). */
export const EVENT_REVIEWS_PAGE_SIZE = REVIEW_LIST_PAGE_SIZE;
export const EVENT_REVIEWS_MAX_PAGE = 500;

export const EVENT_REVIEW_ERRORS = {
  /** Unknown event, or one not shown to the member: the same 404. */
  notFound: ATTENDANCE_ERRORS.notFound,
  /** Only the event's accepted attendees review it (the organizer neither). */
  notAttendee: "exception.events_reviews.not_attendee",
  /** The event has not ended yet. */
  notYet: "exception.events_reviews.not_yet",
  /** A cancelled event took place for nobody. */
  cancelled: "exception.events_reviews.cancelled",
  /** One review per attendee and event. */
  alreadyReviewed: "exception.events_reviews.already_reviewed",
} as const;

const TEXT_LENGTH = `validation.reviews.text_length?min=${REVIEW_TEXT_MIN}&max=${REVIEW_TEXT_MAX}`;

/** The optional text: empty, or the date reviews' length and ProstSchG §32 rules (DESIGN §8). */
export const eventReviewTextSchema = v.optional(
  v.pipe(
    v.string(TEXT_LENGTH),
    v.trim(),
    v.check((text: string) => text === "" || (text.length >= REVIEW_TEXT_MIN && text.length <= REVIEW_TEXT_MAX), TEXT_LENGTH),
    v.check(
      (text: string) => findProstSchGTerm(text) === null,
      (issue: v.CheckIssue<string>) => prostSchGMessage(findProstSchGTerm(String(issue.input)) ?? ""),
    ),
  ),
  "",
);

const answerSchema = v.picklist(REVIEW_ANSWERS, "validation.reviews.answer_required");

/** POST /events/{slug}/reviews: the four ratings, the two answers and the optional text. */
export const eventReviewInputSchema = v.strictObject(
  {
    ...(Object.fromEntries(EVENT_REVIEW_RATINGS.map((rating) => [rating, reviewRatingSchema])) as Record<
      EventReviewRating,
      typeof reviewRatingSchema
    >),
    ...(Object.fromEntries(EVENT_REVIEW_QUESTIONS.map((question) => [question, answerSchema])) as Record<
      EventReviewQuestion,
      typeof answerSchema
    >),
    text: eventReviewTextSchema,
  },
  "validation.invalid",
);
export type EventReviewInput = v.InferOutput<typeof eventReviewInputSchema>;

export const eventReviewListQuerySchema = v.strictObject({ page: pageQueryParamUpTo(EVENT_REVIEWS_MAX_PAGE) }, "validation.invalid");

/** Averages over an event's (or an organizer's) reviews. */
export interface EventReviewSummary {
  count: number;
  /** Per aspect, one decimal; null without reviews. */
  averages: Record<EventReviewRating, number | null>;
  /** The mean of the four averages, one decimal; null without reviews. */
  overall: number | null;
  /** Share of "yes", 0–100 whole percent; null without reviews. */
  yes_percent: Record<EventReviewQuestion, number | null>;
}

export interface EventReviewItem {
  id: number;
  /** The author; null when the account is gone. Authors the reader is blocked with are left out of the list. */
  author: { username: string; display_name: string } | null;
  ratings: Record<EventReviewRating, number>;
  answers: Record<EventReviewQuestion, ReviewAnswer>;
  text: string;
  created_at: number;
}

/** GET /events/{slug}/reviews: the section on the event. */
export interface EventReviewList {
  event_id: number;
  slug: string;
  category: string;
  title: string;
  starts_at: number;
  ends_at: number;
  time_zone: string;
  summary: EventReviewSummary;
  items: EventReviewItem[];
  page: number;
  page_size: number;
  total: number;
  /** Whether the viewer may write a review now (an accepted attendee of an ended event who has not yet). */
  may_review: boolean;
  /** Whether the viewer wrote one. */
  reviewed: boolean;
}

/** GET /events/organizer/{username}/reviews: what the organizer's profile shows. */
export interface EventOrganizerReviews {
  username: string;
  summary: EventReviewSummary;
  /** How many of their events were reviewed. */
  events: number;
}

export interface EventsReviewsBodies {
  EventReviewList: EventReviewList;
  EventReviewItem: EventReviewItem;
  EventOrganizerReviews: EventOrganizerReviews;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends EventsReviewsBodies {}
}
