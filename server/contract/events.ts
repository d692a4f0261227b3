/**
 * Events (issue 29 items 1, 2, 5, 6; spec sections 2 "Events", 3 "Event", 4 "Events: create, edit, cancel, attend,
 * change attendance, accept or reject organizer request, refuse user", event sorts, 9 page sizes, tiles per row and
 * event price bands). Every code, list and limit of events is here; the API and the web tier read them from here only.
 */

/** Spec section 3: every new or edited event passes the team's queue (pending) before it is listed. */
export const EVENT_STATUS = { pending: 0, accepted: 1, rejected: 2, cancelled: 3 } as const;
export type EventStatus = (typeof EVENT_STATUS)[keyof typeof EVENT_STATUS];

/** Spec section 3: a member's attendance of an event. */
export const EVENT_ATTENDANCE = { attend: 1, absent: 2, rejected_by_organizer: 3 } as const;
export type EventAttendance = (typeof EVENT_ATTENDANCE)[keyof typeof EVENT_ATTENDANCE];

/** Spec section 3: the organizer's list filters on `my_events` ("all" first, the default). */
export const MY_EVENTS_FILTERS = ["all", "upcoming", "past", "rejected-or-cancelled", "cancelled"] as const;
export type MyEventsFilter = (typeof MY_EVENTS_FILTERS)[number];

/** Spec section 3: the categories, motto-party the default; each is a URL word of `events/{category}/…`. */
export const EVENT_CATEGORIES = [
  "motto-party",
  "gangbang",
  "bukkake",
  "parkinglot_sex",
  "male-surplus",
  "swinger-party",
  "fetish-party",
  "bdsm-party",
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export const DEFAULT_EVENT_CATEGORY: EventCategory = "motto-party";

/** Spec section 3: the search's filters and facets (names as the API carries them). */
export const EVENT_SEARCH_FILTERS = ["category", "organizersUserType", "price"] as const;
export const EVENT_SEARCH_FACETS = ["category", "organizers_user_type", "country", "price_range"] as const;

/** Spec section 4: event sorts, start_time the default. */
export const EVENT_SORTS = ["start_time", "created_at", "distance"] as const;
export type EventSort = (typeof EVENT_SORTS)[number];
export const DEFAULT_EVENT_SORT: EventSort = "start_time";

/**
 * Spec section 9: the event price bands of the facet, in whole euros, [from, to) with an open end: 0-50, 50-100,
 * 100-200, 200-500, 500+.
 */
export const EVENT_PRICE_BANDS = [
  { key: "0-50", from: 0, to: 50 },
  { key: "50-100", from: 50, to: 100 },
  { key: "100-200", from: 100, to: 200 },
  { key: "200-500", from: 200, to: 500 },
  { key: "500+", from: 500, to: null },
] as const;
export type EventPriceBand = (typeof EVENT_PRICE_BANDS)[number]["key"];

/** Spec section 9: page sizes. */
export const EVENT_TILE_PAGE_SIZE = 12;
export const EVENT_LIST_PAGE_SIZE = 10;
export const EVENT_ATTENDEES_PAGE_SIZE = 20;
/** Spec section 9: desktop tiles per row, by the width available (wide, medium, narrow). */
export const EVENT_TILES_PER_ROW = [4, 3, 2] as const;

/** An event happens where it is: its times are that place's (Europe/Berlin unless the place says otherwise). */
export const DEFAULT_EVENT_TIME_ZONE = "Europe/Berlin";

/** Spec section 3: what an attendee rates after the event (1-5 like date reviews), and the two yes/no questions. */
export const EVENT_REVIEW_RATINGS = ["service", "event_organization", "location", "value_for_money"] as const;
export type EventReviewRating = (typeof EVENT_REVIEW_RATINGS)[number];
export const EVENT_REVIEW_QUESTIONS = ["would_attend_again", "will_recommend"] as const;
export type EventReviewQuestion = (typeof EVENT_REVIEW_QUESTIONS)[number];
