/**
 * Events (issue 29 items 1, 2, 5, 6; spec sections 2 "Events", 3 "Event", 4 "Events: create, edit, cancel, attend,
 * change attendance, accept or reject organizer request, refuse user", event sorts, 9 page sizes, tiles per row and
 * event price bands). Every code, list and limit of events is here; the API and the web tier read them from here only.
 */
import * as v from "valibot";
import { instantOfWallIn, parseWallTime } from "./calendar";
import type { GeoCountry } from "./geo";
import type { MediaImage } from "./media";
import { REJECTION_REASONS, type RejectionReason } from "./moderation";
import { pageQueryParam } from "./paging";
import { profileCityEntries } from "./profile-city";
import { findProstSchGTerm, prostSchGMessage } from "./prostschg";
import { USER_TYPE } from "./users";

export { parseWallTime };

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

// ── Events core (issue 29 items 1, 6, 7; ADR 099): create, edit, cancel, the detail page, my_events, the team's queue ──

/**
 * Who organizes events (ADR 099): every member type that has a profile — clients, escorts and businesses. The spec
 * names no restriction and its search filters by the organizer's user type; staff accounts organize nothing.
 */
export const EVENT_ORGANIZER_TYPES: readonly number[] = [USER_TYPE.client, USER_TYPE.escort, USER_TYPE.business];

/** Lengths and bounds (the spec names none for events: the profile description's 2500 for the description). */
export const EVENT_TITLE_MIN = 5;
export const EVENT_TITLE_MAX = 100;
export const EVENT_DESCRIPTION_MIN = 20;
export const EVENT_DESCRIPTION_MAX = 2500;
export const EVENT_ADDRESS_MAX = 200;
/** Whole euros, 0 for a free event. */
export const EVENT_PRICE_MAX = 100_000;
export const EVENT_MAX_ATTENDEES_MAX = 10_000;
/** An event lasts at most this long, and starts at most this far ahead. */
export const EVENT_MAX_DURATION_HOURS = 7 * 24;
export const EVENT_MAX_DAYS_AHEAD = 365;
/** The slug: the title's ASCII words, cut at this length before a "-2" that keeps it unique. */
export const EVENT_SLUG_MAX = 80;
/** The back office's events queue: oldest first, this many a page. */
export const EVENT_QUEUE_PAGE_SIZE = 20;

/** The IANA zone of a place, by its country (contract/geo GEO_COUNTRIES); DEFAULT_EVENT_TIME_ZONE for any other. */
const COUNTRY_TIME_ZONES: Record<GeoCountry, string> = {
  DE: "Europe/Berlin",
  AT: "Europe/Vienna",
  CH: "Europe/Zurich",
  NL: "Europe/Amsterdam",
  PL: "Europe/Warsaw",
  ES: "Europe/Madrid",
};
/** Regions whose clock differs from their country's (contract/geo region codes): the Canary Islands (Canarias, "53"). */
const REGION_TIME_ZONES: Partial<Record<GeoCountry, Record<string, string>>> = { ES: { "53": "Atlantic/Canary" } };

export function eventTimeZoneOf(countryCode: string, regionCode = ""): string {
  const country = countryCode.toUpperCase() as GeoCountry;
  return REGION_TIME_ZONES[country]?.[regionCode] ?? COUNTRY_TIME_ZONES[country] ?? DEFAULT_EVENT_TIME_ZONE;
}

/** The error keys of the event answers (translated in the common namespace, as every error key). */
export const EVENT_ERRORS = {
  title: `validation.events.title?min=${EVENT_TITLE_MIN}&max=${EVENT_TITLE_MAX}`,
  description: `validation.events.description?min=${EVENT_DESCRIPTION_MIN}&max=${EVENT_DESCRIPTION_MAX}`,
  category: "validation.events.category",
  address: `validation.events.address?max=${EVENT_ADDRESS_MAX}`,
  price: `validation.events.price?max=${EVENT_PRICE_MAX}`,
  maxAttendees: `validation.events.max_attendees?max=${EVENT_MAX_ATTENDEES_MAX}`,
  /** Not a `YYYY-MM-DDTHH:MM` wall-clock time. */
  time: "validation.events.time",
  /** A wall-clock time the place's clock skips (the spring change). */
  timeSkipped: "validation.events.time_skipped",
  inThePast: "validation.events.in_the_past",
  tooFarAhead: `validation.events.too_far_ahead?days=${EVENT_MAX_DAYS_AHEAD}`,
  endBeforeStart: "validation.events.end_before_start",
  tooLong: `validation.events.too_long?hours=${EVENT_MAX_DURATION_HOURS}`,
  /** The cover is no accepted public photo of the organizer's gallery. */
  cover: "validation.events.cover",
  /** After the team accepted it once, the event keeps its category (its address). */
  categoryFixed: "validation.events.category_fixed",
  notFound: "exception.events.not_found",
  /** Only clients, escorts and businesses organize events. */
  organizersOnly: "exception.events.organizers_only",
  /** Edit or cancel of a cancelled or finished event. */
  notEditable: "exception.events.not_editable",
  notCancellable: "exception.events.not_cancellable",
  /** Many events of one title at the same moment: no free address was found; trying again works. */
  busy: "exception.events.busy",
} as const;

const invalid = "validation.invalid";

/** ProstSchG §32 and the other text rules of profile texts apply to events too (ADR 030, 099). */
const lawfulText = v.check(
  (input: string) => findProstSchGTerm(input) === null,
  (issue: v.CheckIssue<string>) => prostSchGMessage(findProstSchGTerm(String(issue.input)) ?? ""),
);

/** The instant a wall-clock time is at the event's place (null when invalid). */
export function eventInstantOf(timeZone: string, text: string): number | null {
  const wall = parseWallTime(text);
  return wall === null ? null : instantOfWallIn(timeZone, wall);
}

const wallTimeSchema = v.pipe(
  v.string(EVENT_ERRORS.time),
  v.trim(),
  v.check((text) => parseWallTime(text) !== null, EVENT_ERRORS.time),
  v.transform((text) => text.slice(0, 16)),
);

/** Digits from a form or a number from JSON, whole, in [0, max]; "" from a form means absent. */
function wholeNumber(max: number, message: string) {
  return v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,7}$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(0, message),
    v.maxValue(max, message),
  );
}

const idOrEmpty = v.union(
  [
    v.literal(""),
    v.pipe(v.number(invalid), v.integer(invalid), v.minValue(1, invalid), v.maxValue(2_147_483_647, invalid)),
    v.pipe(v.string(invalid), v.regex(/^[1-9]\d{0,9}$/, invalid), v.transform(Number), v.maxValue(2_147_483_647, invalid)),
  ],
  invalid,
);

/**
 * POST /events and PUT /events/{id}: the whole event. Times are the wall clock at the place (its zone decides the
 * instant); the place is the profile's city field (a typed name or a picked suggestion's key).
 */
export const eventInputSchema = v.object(
  {
    title: v.pipe(
      v.string(EVENT_ERRORS.title),
      v.trim(),
      v.minLength(EVENT_TITLE_MIN, EVENT_ERRORS.title),
      v.maxLength(EVENT_TITLE_MAX, EVENT_ERRORS.title),
      lawfulText,
    ),
    description: v.pipe(
      v.string(EVENT_ERRORS.description),
      v.trim(),
      v.minLength(EVENT_DESCRIPTION_MIN, EVENT_ERRORS.description),
      v.maxLength(EVENT_DESCRIPTION_MAX, EVENT_ERRORS.description),
      lawfulText,
    ),
    category: v.picklist(EVENT_CATEGORIES, EVENT_ERRORS.category),
    starts_at: wallTimeSchema,
    ends_at: wallTimeSchema,
    ...profileCityEntries,
    address: v.optional(
      v.pipe(v.string(EVENT_ERRORS.address), v.trim(), v.maxLength(EVENT_ADDRESS_MAX, EVENT_ERRORS.address), lawfulText),
      "",
    ),
    price: v.optional(wholeNumber(EVENT_PRICE_MAX, EVENT_ERRORS.price), 0),
    /** Absent, null or "": no limit. */
    max_attendees: v.optional(
      v.nullable(v.union([v.literal(""), wholeNumber(EVENT_MAX_ATTENDEES_MAX, EVENT_ERRORS.maxAttendees)], EVENT_ERRORS.maxAttendees)),
      null,
    ),
    /** Absent, null or "": no cover. */
    cover_media_id: v.optional(v.nullable(idOrEmpty), null),
  },
  invalid,
);
export type EventInput = v.InferInput<typeof eventInputSchema>;
export type EventInputOutput = v.InferOutput<typeof eventInputSchema>;

/** GET /events/my: the organizer's filter (spec section 3) and the page. */
export const myEventsQuerySchema = v.object({
  filter: v.optional(v.picklist(MY_EVENTS_FILTERS, invalid), "all"),
  page: pageQueryParam,
});

/** POST /backoffice/events/{id}/reject: one reason of the moderation list (the organizer reads it in their language). */
export const eventRejectSchema = v.object(
  { reason: v.picklist(REJECTION_REASONS, "validation.backoffice.reason_required") },
  "validation.backoffice.reason_required",
);

export const eventQueueQuerySchema = v.object({ page: pageQueryParam });

export type EventStatusName = keyof typeof EVENT_STATUS;
export function eventStatusName(status: number): EventStatusName {
  const entry = Object.entries(EVENT_STATUS).find(([, code]) => code === status);
  return (entry?.[0] ?? "pending") as EventStatusName;
}

export function isEventCategory(value: string | undefined): value is EventCategory {
  return (EVENT_CATEGORIES as readonly string[]).includes(value ?? "");
}

/** The web pages of events (spec section 2), written once: build every link with these. */
export const eventPaths = {
  add: (lang: string) => `/${lang}/events/add`,
  detail: (lang: string, category: string, slug: string) => `/${lang}/events/${category}/${slug}`,
  edit: (lang: string, category: string, slug: string) => `/${lang}/events/${category}/${slug}/edit`,
  mine: (lang: string, filter: MyEventsFilter = "all") => (filter === "all" ? `/${lang}/my_events` : `/${lang}/my_events?filter=${filter}`),
  backoffice: (lang: string) => `/${lang}/backoffice/events`,
} as const;
/** The same without the language (notifications store a path after it). */
export const eventPathAfterLang = (category: string, slug: string) => `events/${category}/${slug}`;

/** The organizer as an event shows them. */
export interface EventOrganizer {
  user_id: number;
  username: string;
  display_name: string;
  user_type: number;
}

/** Where an event happens: a city of the geo tables, its zone, and the organizer's optional address line. */
export interface EventPlace {
  city_id: number;
  city_name: string;
  city_slug: string;
  country_code: string;
  lat: number;
  lon: number;
  address: string;
}

/** One event as a viewer may see it (the detail page; the organizer's edit form reads the same). */
export interface EventDetail {
  id: number;
  category: EventCategory;
  slug: string;
  title: string;
  description: string;
  status: EventStatus;
  status_name: EventStatusName;
  /** For the organizer and staff only (null for everyone else). */
  rejection_reason: RejectionReason | null;
  starts_at: number;
  ends_at: number;
  /** The place's IANA zone; `starts_local`/`ends_local` are the wall clock there (`YYYY-MM-DDTHH:MM`). */
  time_zone: string;
  starts_local: string;
  ends_local: string;
  place: EventPlace;
  /** Whole euros, 0 for free. */
  price: number;
  max_attendees: number | null;
  attendee_count: number;
  cover_media_id: number | null;
  cover: MediaImage | null;
  organizer: EventOrganizer;
  created_at: number;
  updated_at: number;
  /** Whether the team accepted it once: its category and slug (its address) stay as they are. */
  address_fixed: boolean;
  /** What the viewer may do here. */
  viewer: { is_organizer: boolean; is_staff: boolean; may_edit: boolean; may_cancel: boolean };
}

/** One row of my_events. */
export interface OwnEventRow {
  id: number;
  category: EventCategory;
  slug: string;
  title: string;
  status: EventStatus;
  status_name: EventStatusName;
  rejection_reason: RejectionReason | null;
  starts_at: number;
  ends_at: number;
  time_zone: string;
  city_name: string;
  price: number;
  attendee_count: number;
  may_edit: boolean;
  may_cancel: boolean;
}

/** GET /events/my. */
export interface MyEventList {
  items: OwnEventRow[];
  filter: MyEventsFilter;
  page: number;
  page_size: number;
  total: number;
  /** Whether the caller organizes events (EVENT_ORGANIZER_TYPES); the page explains it to anyone else. */
  may_create: boolean;
}

/** GET /events/my/media: the photos a cover may be (accepted, public, open photos of the caller's gallery). */
export interface EventCoverChoices {
  items: Array<{ id: number; image: MediaImage }>;
}

/** One event waiting in the back office's queue. */
export interface EventQueueItem {
  id: number;
  category: EventCategory;
  slug: string;
  title: string;
  description: string;
  starts_at: number;
  ends_at: number;
  time_zone: string;
  city_name: string;
  address: string;
  price: number;
  /** When it entered the queue (created or last edited). */
  submitted_at: number;
  organizer: EventOrganizer;
  cover: MediaImage | null;
}

/** GET /backoffice/events. */
export interface EventQueue {
  items: EventQueueItem[];
  page: number;
  page_size: number;
  total: number;
}

/** POST /backoffice/events/{id}/accept|reject. */
export interface EventDecision {
  id: number;
  status: EventStatus;
  reason: RejectionReason | null;
}

export interface EventsBodies {
  EventDetail: EventDetail;
  MyEventList: MyEventList;
  EventCoverChoices: EventCoverChoices;
  EventQueue: EventQueue;
  EventDecision: EventDecision;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends EventsBodies {}
}
