/** Derived search rows (kept by triggers). Times are epoch milliseconds (UTC), booleans 0/1 integers (ADR 003). */

/**
 * One narrow row per listed profile (migration 0011, kept by triggers): what
 * search filters, ranks and facets on. Derived data — never written by code.
 */
export interface SearchProfilesTable {
  user_id: number;
  user_type: number;
  gender: number | null;
  /** Birth date as the integer YYYYMMDD. */
  birth_ymd: number | null;
  lat: number | null;
  lon: number | null;
  country_code: string | null;
  region_code: string | null;
  city_id: number | null;
  members_only: number;
  created_at: number;
  last_login_at: number | null;
  is_member: number;
  member_until: number | null;
  /** 1 when profiles.verified_at is set. */
  verified: number;
  is_hot: number;
  review_count: number;
  rating_avg: number | null;
  rise_up_until: number | null;
  available_now_until: number | null;
  on_tour_until: number | null;
  safe_sex_status: number;
  is_smoker: number | null;
  height_cm: number | null;
  weight_kg: number | null;
  /** Lowest 60-minute time price in euros. */
  price_hour: number | null;
  /** Option ids of the single-choice trait groups. */
  figure_type: number | null;
  race_type: number | null;
  cup_size: number | null;
  has_piercing: number;
  /** A tattoo other than "none". */
  has_tattoo: number;
  /** lower(display_name) */
  name_key: string;
  username_key: string;
  /** profile_counters.favorites and .visits (0045): popularity for the ranking. */
  favorite_count: number;
  visit_count: number;
}
