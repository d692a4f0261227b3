/**
 * Date requests (issue 13 items 1, 2, 7, 8; spec sections 2 "my_date", 3 "Date request", 4 "Date request stages",
 * 5 "Date request creation interval" and "date review", 7 "dates"; ADR 046).
 *
 * A client asks an escort or a business for a date at a time, for a duration of the profile's price list, at a
 * place; the member who must answer accepts, rejects or proposes another time (reschedule), and the other then
 * answers that; either cancels. A request nobody answers before its start expires (a job; status cancel with a
 * system_cancel event). Every rule's number is here; the services read them from here only.
 */
import * as v from "valibot";
import { pageQueryParam } from "./paging";

/** Spec section 3: the stored status codes. */
export const DATE_STATUS = {
  request: 0,
  accept: 1,
  receiverReschedule: -1,
  reject: -2,
  cancel: -3,
  senderReschedule: -5,
} as const;
export type DateStatus = (typeof DATE_STATUS)[keyof typeof DATE_STATUS];
/** Waiting for an answer: the request itself or a proposed new time. */
export const DATE_OPEN_STATUSES: readonly number[] = [DATE_STATUS.request, DATE_STATUS.receiverReschedule, DATE_STATUS.senderReschedule];

/** Spec section 4: the stages of my_date, each as the viewing member sees the date. */
export const DATE_STAGES = [
  "all",
  "needs_confirmation",
  "waiting_for_response",
  "expired",
  "rejected",
  "cancelled",
  "upcoming",
  "needs_review",
  "completed",
] as const;
export type DateStageFilter = (typeof DATE_STAGES)[number];
/** The stage of one date ("all" is only a filter). */
export type DateStage = Exclude<DateStageFilter, "all">;

/**
 * The stages in which a date waits for the member (issue 25 item 4, ADR 070): their answer to a request or a new
 * time, or their review within the window. The header's and the dashboard's "Meine Dates" count is these.
 */
export const DATE_WAITING_STAGES = ["needs_confirmation", "needs_review"] as const satisfies readonly DateStage[];
export type DateWaitingStage = (typeof DATE_WAITING_STAGES)[number];

/** Spec section 4: the overview's groups and the stages in each. */
export const DATE_OVERVIEW_GROUPS = {
  request: ["needs_confirmation", "waiting_for_response"],
  upcoming: ["upcoming"],
  past: ["needs_review", "completed"],
} as const satisfies Record<string, readonly DateStage[]>;
export type DateOverviewGroup = keyof typeof DATE_OVERVIEW_GROUPS;

/** Spec section 4: the actions on a date. */
export const DATE_ACTIONS = ["send", "accept", "reject", "cancel", "reschedule"] as const;
export type DateAction = (typeof DATE_ACTIONS)[number];

/**
 * Spec section 3: the timeline's kinds. The reviews module appends sender_review … receiver_comment through
 * appendDateEvent (server/modules/dates/index.ts); system_cancel is the expiry job's.
 */
export const DATE_EVENT_KINDS = [
  "request",
  "accept",
  "reject",
  "reschedule",
  "cancel",
  "sender_review",
  "receiver_review",
  "sender_comment",
  "receiver_comment",
  "system_cancel",
] as const;
export type DateEventKind = (typeof DATE_EVENT_KINDS)[number];

/** Where the date takes place. The address is shown only to the two members of the date. */
export const DATE_PLACE_TYPES = ["incall", "outcall", "hotel"] as const;
export type DatePlaceType = (typeof DATE_PLACE_TYPES)[number];

/** Prices of the profile's list are in euros (profile_prices.price_eur). */
export const DATE_CURRENCY = "EUR";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Spec section 5: a request (and a proposed new time) starts at least this long after it is sent. */
export const DATE_MIN_LEAD_MS = 45 * MINUTE_MS;
/** Cancelling is refused when the start is closer than this (the other is already on the way). */
export const DATE_CANCEL_CUTOFF_MS = 30 * MINUTE_MS;
/** How far ahead a date may be asked for. */
export const DATE_MAX_AHEAD_MS = 90 * DAY_MS;
/** Spec section 5: the reviews of a date may be written for this long after its end. */
export const DATE_REVIEW_WINDOW_MS = 7 * DAY_MS;
/** The reminder to both members goes out this long before the start. */
export const DATE_REMINDER_BEFORE_MS = 2 * HOUR_MS;

/** Spam limits: one open request per pair (a unique index), open requests a sender may have, requests a day. */
export const DATE_OPEN_PER_PAIR = 1;
export const DATE_OPEN_SENT_MAX = 10;
export const DATE_REQUESTS_PER_DAY = 5;
/** Requests waiting for one receiver's answer; beyond it new requests to them are refused (nobody is flooded). */
export const DATE_OPEN_RECEIVED_MAX = 50;
export const DATE_MESSAGE_MAX = 1000;
export const DATE_ADDRESS_MAX = 200;
export const DATE_LIST_PAGE_SIZE = 20;

/** Safety check-in (issue 13 item 7): the contact's limits and how late after the end the check-in may be set. */
export const CHECKIN_CONTACT_KINDS = ["email", "phone"] as const;
export type CheckinContactKind = (typeof CHECKIN_CONTACT_KINDS)[number];
export const CHECKIN_CONTACT_MAX = 254;
/** The check-in time lies between the date's start and this long after its end. */
export const CHECKIN_LATEST_AFTER_END_MS = 12 * HOUR_MS;

/** Who sends, receives and has dates: in ./date-users (free of valibot, the header reads it). */
export { DATE_RECEIVER_TYPES, DATE_SENDER_TYPES, DATE_USER_TYPES } from "./date-users";

export const DATE_ERRORS = {
  /** Unknown date, or one the member is not part of: the same 404, nothing to probe. */
  notFound: "exception.dates.not_found",
  userNotFound: "exception.dates.user_not_found",
  self: "exception.dates.self",
  senderType: "exception.dates.sender_type",
  receiverType: "exception.dates.receiver_type",
  tooSoon: `exception.dates.too_soon?minutes=${DATE_MIN_LEAD_MS / MINUTE_MS}`,
  tooFar: `exception.dates.too_far?days=${DATE_MAX_AHEAD_MS / DAY_MS}`,
  cancelTooLate: `exception.dates.cancel_too_late?minutes=${DATE_CANCEL_CUTOFF_MS / MINUTE_MS}`,
  openPair: "exception.dates.open_pair",
  openLimit: `exception.dates.open_limit?max=${DATE_OPEN_SENT_MAX}`,
  dailyLimit: `exception.dates.daily_limit?max=${DATE_REQUESTS_PER_DAY}`,
  receiverFull: "exception.dates.receiver_full",
  contactFilter: "exception.dates.contact_filter",
  duration: "exception.dates.duration",
  addressRequired: "exception.dates.address_required",
  /** The action does not fit the date's state now (answered meanwhile, not the member's turn, started). */
  conflict: "exception.dates.conflict",
  checkinNotAllowed: "exception.dates.checkin_not_allowed",
  checkinTime: "exception.dates.checkin_time",
  checkinContact: "exception.dates.checkin_contact",
  tooLong: "exception.dates.too_long",
} as const;

const epochMs = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(8_640_000_000_000_000, message));
const version = v.pipe(v.number("validation.invalid"), v.integer("validation.invalid"), v.minValue(0, "validation.invalid"));
const message = v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(DATE_MESSAGE_MAX, DATE_ERRORS.tooLong)), "");

/** POST /dates/send/{username}. The price is not sent: it comes from the receiver's price list for the duration. */
export const sendDateSchema = v.object(
  {
    starts_at: epochMs("validation.invalid"),
    duration_minutes: v.pipe(v.number(DATE_ERRORS.duration), v.integer(DATE_ERRORS.duration), v.minValue(1, DATE_ERRORS.duration)),
    place_type: v.picklist(DATE_PLACE_TYPES, "validation.invalid"),
    address: v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(DATE_ADDRESS_MAX, DATE_ERRORS.tooLong)), ""),
    message,
  },
  "validation.required",
);
export type SendDateInput = v.InferOutput<typeof sendDateSchema>;

/** POST /dates/{id}/accept, reject, cancel: the version the member saw (a changed date answers 409 conflict). */
export const dateAnswerSchema = v.object({ version }, "validation.required");
export type DateAnswerInput = v.InferOutput<typeof dateAnswerSchema>;

/** POST /dates/{id}/reschedule: a new start for the same duration and place. */
export const dateRescheduleSchema = v.object({ version, starts_at: epochMs("validation.invalid"), message }, "validation.required");
export type DateRescheduleInput = v.InferOutput<typeof dateRescheduleSchema>;

/** GET /dates: one stage, one page. */
export const dateListQuerySchema = v.strictObject(
  {
    stage: v.optional(v.picklist(DATE_STAGES, "validation.invalid"), "all"),
    page: pageQueryParam,
  },
  "validation.invalid",
);

/** PUT /dates/{id}/checkin: the escort's check-in time and trusted contact. */
export const checkinSchema = v.object(
  {
    due_at: epochMs(DATE_ERRORS.checkinTime),
    contact_kind: v.picklist(CHECKIN_CONTACT_KINDS, DATE_ERRORS.checkinContact),
    contact: v.pipe(
      v.string(DATE_ERRORS.checkinContact),
      v.trim(),
      v.nonEmpty(DATE_ERRORS.checkinContact),
      v.maxLength(CHECKIN_CONTACT_MAX, DATE_ERRORS.checkinContact),
    ),
  },
  "validation.required",
);
export type CheckinInput = v.InferOutput<typeof checkinSchema>;

/** A date as one of its two members sees it. */
export interface DateParty {
  username: string;
  display_name: string;
  user_type: number;
}

export interface DateEventItem {
  kind: DateEventKind;
  /** The member who did it (one of the two), or null for the system. */
  actor: "me" | "partner" | null;
  /** A reschedule's proposed start, ms since epoch. */
  starts_at: number | null;
  at: number;
}

export interface DateItem {
  id: number;
  status: number;
  stage: DateStage;
  role: "sender" | "receiver";
  partner: DateParty;
  starts_at: number;
  duration_minutes: number;
  place_type: DatePlaceType;
  /** Only the two members of the date ever receive this. */
  address: string;
  price: number;
  currency: string;
  message: string;
  version: number;
  /** The actions the viewer may take now. */
  actions: Array<Exclude<DateAction, "send">>;
  /** Why cancel is not offered although the date is open or accepted (the start is too close), else null. */
  cancel_refused: "too_late" | null;
  created_at: number;
  updated_at: number;
}

export interface DateDetail extends DateItem {
  events: DateEventItem[];
  /** The escort's own safety check-in; always null for the client. */
  checkin: CheckinView | null;
  /** Whether the viewer may set a check-in (the escort/business of an accepted date that has not ended). */
  can_checkin: boolean;
}

export interface CheckinView {
  due_at: number;
  contact_kind: CheckinContactKind;
  contact: string;
  checked_in_at: number | null;
  alerted_at: number | null;
}

export interface DateList {
  stage: DateStageFilter;
  items: DateItem[];
  page: number;
  page_size: number;
  total: number;
  counts: Record<DateStage, number>;
}

/** GET /dates/options/{username}: what the request form offers (the receiver's timed prices). */
export interface DateOptions {
  partner: DateParty;
  durations: Array<{ duration_minutes: number; price: number; currency: string }>;
  place_types: DatePlaceType[];
  /** The earliest start the form may propose now, ms since epoch. */
  earliest_start: number;
}

/** Dates are entered and shown in the site's home time zone (the times members agree on are local ones). */
export const DATE_TIME_ZONE = "Europe/Berlin";

/** The wall clock of `ms` in DATE_TIME_ZONE: "YYYY-MM-DD" and "HH:MM". */
export function localDateTime(ms: number): { date: string; time: string } {
  const text = new Date(ms).toLocaleString("sv-SE", { timeZone: DATE_TIME_ZONE, hour12: false });
  const [date = "", time = ""] = text.split(" ");
  return { date, time: time.slice(0, 5) };
}

/** The instant of a wall-clock date and time in DATE_TIME_ZONE; null for input that is no such moment. */
export function instantOf(date: string, time: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const naive = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(naive)) return null;
  // The zone's offset at that moment: read the wall clock of the naive instant, correct once, check again (DST).
  let guess = naive;
  for (let i = 0; i < 2; i++) {
    const wall = localDateTime(guess);
    const [y, mo, da] = wall.date.split("-").map(Number) as [number, number, number];
    const [h, mi] = wall.time.split(":").map(Number) as [number, number];
    guess += naive - Date.UTC(y, mo - 1, da, h, mi);
  }
  const back = localDateTime(guess);
  return back.date === date && back.time === time ? guess : null;
}
