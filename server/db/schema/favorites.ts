/** Favorites, visits and the per-profile counters (issue 11, ADR 036). Times are epoch milliseconds (UTC). */

/** One member (`user_id`) keeps another's profile (`target_id`). */
export interface FavoritesTable {
  user_id: number;
  target_id: number;
  created_at: number;
  /** YYYY-MM-DD in Europe/Berlin: the dashboard's day. */
  created_day: string;
}

/** Totals per profile, kept with each favorite and visit: what search ranking may read by primary key. */
export interface ProfileCountersTable {
  user_id: number;
  favorites: number;
  visits: number;
}

/** A member (`visitor_id`) looked at a profile (`owner_id`); counted once per calendar day. */
export interface ProfileVisitsTable {
  owner_id: number;
  visitor_id: number;
  last_visited_at: number;
  /** YYYY-MM-DD in Europe/Berlin of the last counted visit. */
  last_day: string;
  /** On how many days a visit was counted. */
  visit_days: number;
}
