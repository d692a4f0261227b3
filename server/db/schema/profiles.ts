/** Profiles and what hangs on them: traits, prices, hours, media, business links, blocks. Times are epoch milliseconds (UTC), booleans 0/1 integers (ADR 003). */
import type { Generated } from "kysely";

export interface ProfilesTable {
  user_id: number;
  display_name: string;
  city_name: string | null;
  city_slug: string | null;
  country_code: string | null;
  lat: number | null;
  lon: number | null;
  status_text: string | null;
  description: string | null;
  is_visible: Generated<number>;
  updated_at: number;
  profession: string | null;
  interests: string | null;
  height_cm: number | null;
  weight_kg: number | null;
  penis_length_cm: number | null;
  penis_diameter_cm: number | null;
  is_smoker: number | null;
  city_id: number | null;
  region_code: string | null;
  available_now_until: number | null;
  /** Guests see a sign-up prompt instead of the profile (spec section 6). */
  members_only: Generated<number>;
  /** Search ranking inputs (migration 0007; docs/search-ranking.md), filled by later features. */
  verified_at: number | null;
  rise_up_until: number | null;
  review_count: Generated<number>;
  rating_avg: number | null;
  /** The owner's choice (migration 0020): the reviews of dates and the average show on the profile. */
  reviews_shown: Generated<number>;
  rating_shown: Generated<number>;
  is_hot: Generated<number>;
  /** The owner's choice (migration 0023): not listed in search, the directory, nearby, autocomplete or sitemaps. */
  search_hidden: Generated<number>;
  on_tour_until: number | null;
  safe_sex_status: Generated<number>;
}

/** One row per chosen option of a trait group (single or multiple choice). */
export interface ProfileTraitsTable {
  user_id: number;
  group_key: string;
  option_id: number;
}

export interface ProfilePricesTable {
  id: Generated<number>;
  user_id: number;
  /** 1 time, 2 extra (spec section 3). */
  item_type: number;
  duration_minutes: number | null;
  name: string | null;
  price_eur: number;
  position: Generated<number>;
}

export interface ProfileScheduleTable {
  id: Generated<number>;
  user_id: number;
  /** ISO weekday 1–7. */
  day: number;
  time_from: string;
  time_to: string;
  is_over_day: Generated<number>;
}

export interface MediaTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  visibility: string;
  status: number;
  storage_key: string;
  mime_type: string;
  width: number;
  height: number;
  bytes: number;
  position: number;
  is_avatar: Generated<number>;
  created_at: number;
  /** Random key of the row's URLs (/media/{public_id}/…); the database fills it in (migration 0012). */
  public_id: Generated<string>;
  /** Widths of the stored variants, "160,320,640"; null for a row stored before variants (one file at storage_key). */
  variant_widths: string | null;
  /** Videos (0028): the encoded file's length; null for photos. */
  duration_ms: number | null;
  /** The member's cover photo (migration 0025). */
  is_cover: Generated<number>;
  /** Fake check of section 3: none, pending, accepted, rejected (migration 0025). */
  fake_check: Generated<string>;
  /** Watermark the variants carry ("white:bottom_right:100"), null for none (migration 0025, ADR 029). */
  watermark: string | null;
  /** What opening it takes beyond its visibility (migration 0080, issue 28): contract/creators MediumAccess open, fans, ppv. */
  access: Generated<string>;
  /** The pay-per-view price in whole dollars; null unless access is ppv. */
  price: number | null;
  /** A scheduled publication (content-create); null: shown once accepted. */
  publish_at: number | null;
}

/** Escort profiles a business links (business registration step "escorts"). */
export interface BusinessEscortsTable {
  business_user_id: number;
  escort_user_id: number;
  position: Generated<number>;
  created_at: number;
  /** BUSINESS_LINK_STATUS: a business lists an escort only once the escort accepted. */
  status: Generated<string>;
  decided_at: number | null;
}

/** A block relation: blocker hides from blocked and the other way round. */
/** Who may open a first contact with a member (migration 0017); lists are comma-separated codes. */
export interface FirstContactFiltersTable {
  user_id: number;
  age_min: number | null;
  age_max: number | null;
  genders: string;
  user_types: string;
  countries: string;
  members_only: number;
  verified_only: number;
  updated_at: number;
}

/** A member's choice per notification kind and channel (migration 0019); no row: the default. */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  channel: string;
  enabled: number;
  updated_at: number;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: number;
}

/** An escort's announced stay in another city (migration 0024, ADR 028); the status is derived from the dates. */
export interface ToursTable {
  id: Generated<number>;
  user_id: number;
  city_id: number;
  city_slug: string;
  city_name: string;
  country_code: string;
  region_code: string | null;
  lat: number;
  lon: number;
  /** Calendar days (YYYY-MM-DD) in TOUR_TIME_ZONE, as written. */
  date_from: string;
  date_to: string;
  /** The instants they span: start of date_from (inclusive), start of the day after date_to (exclusive). */
  starts_at: number;
  ends_at: number;
  cancelled_at: number | null;
  created_at: number;
}
