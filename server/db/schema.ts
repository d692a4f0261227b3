/**
 * Kysely table types. Times are epoch milliseconds (UTC) in both dialects,
 * booleans are 0/1 integers (ADR 003).
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export type UserStatus = "active" | "paused" | "deactivated" | "banned" | "deleted";

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string;
  user_type: number;
  gender: number | null;
  salutation: string | null;
  birth_date: string | null;
  language: string;
  is_member: Generated<number>;
  member_until: number | null;
  email_verified_at: number | null;
  email_was_verified: Generated<number>;
  is_bounced_email: Generated<number>;
  forced_fake_check: Generated<number>;
  register_completed_step: Generated<number>;
  status: Generated<UserStatus>;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  refresh_hash: string;
  created_at: number;
  expires_at: number;
  refresh_expires_at: number;
  revoked_at: number | null;
  client_ip: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RateCountersTable {
  bucket: string;
  window_start: number;
  hits: number;
}

export interface CaptchaChallengesTable {
  id: string;
  answer_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  template: string;
  language: string;
  created_at: number;
  sent_at: number | null;
}

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
}

export interface ContentRemovalRequestsTable {
  id: Generated<number>;
  reporter_user_id: number | null;
  name: string;
  email: string;
  /** JSON array of URLs. */
  urls: string;
  reason: string;
  description: string;
  language: string;
  status: Generated<"open" | "removed" | "rejected">;
  created_at: number;
  resolved_at: number | null;
}

export interface Database {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  password_resets: PasswordResetsTable;
  rate_counters: RateCountersTable;
  captcha_challenges: CaptchaChallengesTable;
  mail_outbox: MailOutboxTable;
  profiles: ProfilesTable;
  profile_traits: ProfileTraitsTable;
  profile_prices: ProfilePricesTable;
  profile_schedule: ProfileScheduleTable;
  media: MediaTable;
  content_removal_requests: ContentRemovalRequestsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
