/**
 * Preferred dates (spec section 7 profiles "preferred dates"; ADR 039): which kinds of date an escort likes to be
 * asked for. Date requests go to escorts (the profile's `can_request_date`), so only escorts state them. The
 * answer also repeats what the profile already says about where and when, so a date request can be shaped in
 * one look: the meeting options (trait group `meeting_option`, section 3 filter `meetingOption`) and the weekdays
 * of the working hours.
 */
import * as v from "valibot";

/** Kinds of date, by length and occasion (where is the meeting options' job, not this list's). */
export const DATE_KINDS = ["short_meeting", "several_hours", "dinner_date", "overnight", "weekend", "travel_companion"] as const;
export type DateKind = (typeof DATE_KINDS)[number];

/** 404: the profile is not an escort's (nobody sends them date requests). */
export const PREFERRED_DATES_NOT_OFFERED = "exception.preferred_dates.not_offered";
/** 403: PUT on a profile that is not the caller's own. */
export const PREFERRED_DATES_OWNER_ONLY = "exception.preferred_dates.owner_only";

/** PUT /profiles/{username}/preferred-dates: the whole set (an empty list clears it). */
export const preferredDatesInputSchema = v.strictObject(
  {
    kinds: v.pipe(
      v.array(v.picklist(DATE_KINDS, "validation.invalid"), "validation.invalid"),
      v.maxLength(DATE_KINDS.length, "validation.invalid"),
    ),
  },
  "validation.invalid",
);
export type PreferredDatesInput = v.InferOutput<typeof preferredDatesInputSchema>;

/** GET /profiles/{username}/preferred-dates. */
export interface PreferredDates {
  /** In DATE_KINDS order. */
  kinds: DateKind[];
  /** Option ids of the trait group meeting_option (incall, outcall, hotel …). */
  meeting_option_ids: number[];
  /** ISO weekdays 1–7 with working hours, ascending. */
  days: number[];
}
