/** Counters shown on the member's dashboard (issue 10 item 1, ADR 033). */

/** Profile views per profile (its owner's user id) and calendar day (YYYY-MM-DD, Europe/Berlin). */
export interface ProfileViewDaysTable {
  user_id: number;
  day: string;
  views: number;
}

/** One row per viewer counted today: an HMAC of (day, profile, viewer), deleted after the day. */
export interface ProfileViewMarksTable {
  user_id: number;
  day: string;
  viewer_hash: string;
}
