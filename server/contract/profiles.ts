/** Profile rules shared by both tiers: text limits of spec section 5 and who may see a profile. */
import type { TrustLevelAnswer } from "./trust";
import type { GalleryItem, MediaImage, MediaVisibility } from "./media";
import type { ProfileRelation } from "./profile-relation";
import type { TourStop } from "./tours";
import { USER_TYPE } from "./users";

export const STATUS_TEXT_MAX = 250;
export const DESCRIPTION_MAX = 2500;
/** Businesses describe themselves in at least this many characters. */
export const BUSINESS_DESCRIPTION_MIN = 140;

/**
 * Profiles of these user types are for signed-in members only, whatever the
 * owner chose (ADR 023): clients' profiles never reach guests, crawlers,
 * shared caches or sitemaps.
 */
export const MEMBERS_ONLY_USER_TYPES: readonly number[] = [USER_TYPE.client];

/** Whether only signed-in members may see a profile: its type says so, or its owner chose it. */
export function isMembersOnlyProfile(profile: { userType: number; membersOnly: boolean }): boolean {
  return profile.membersOnly || MEMBERS_ONLY_USER_TYPES.includes(profile.userType);
}

// --- Answers of the profiles group (spec section 7 "profiles"; every one after the visibility rules) ----------

/** Who a profile is, as every tile and card names it (the mini card, favorites and visitors, search hits). */
export interface ProfileIdentity {
  username: string;
  display_name: string;
  user_type: number;
  gender: number | null;
  age: number | null;
  city_name: string | null;
}

/** GET /profiles/{username}/mini: a profile's card. */
export interface ProfileMini extends ProfileIdentity {
  id: number;
  /** Plus runs now. */
  is_member: boolean;
  avatar: MediaImage | null;
}

/** GET /profiles/{username}/trust-level: one point per criterion met; `shown` is the plus badge (ADR 108). */
export type TrustLevel = TrustLevelAnswer;

/** GET /profiles/{username}/work-hours: the weekly schedule (ISO day 1–7, HH:MM) and available-now. */
export interface WorkHours {
  available_now: boolean;
  /** Epoch ms while available-now runs, else null. */
  available_now_until: number | null;
  schedule: Array<{ day: number; time_from: string; time_to: string; is_over_day: boolean }>;
}

/** GET /profiles/{username}/tags: one offer tag. */
export interface ProfileTag {
  group_key: string;
  option_id: number;
}

/** A profile's place at city level, with its directory slugs. */
export interface ProfileLocation {
  city_name: string | null;
  city_slug: string | null;
  country_code: string | null;
  country_slug: string | null;
  region: { code: string; name: string; slug: string } | null;
}

/** GET /profiles/{username}/detail: everything the profile page shows, in one answer. */
export interface ProfileDetail extends ProfileMini {
  is_owner: boolean;
  /** By the owner's choice or by type (clients, ADR 023): the page is then noindex and never shared-cached. */
  members_only: boolean;
  registered_at: number;
  updated_at: number;
  /** Days since the last sign-in (activity shown coarsely), null when never. */
  last_active_days: number | null;
  location: ProfileLocation;
  /** The owner reads their own texts at once; everyone else the last accepted ones (ADR 030). */
  texts: { status: string | null; description: string | null; interests: string | null; profession: string | null };
  appearance: {
    height_cm: number | null;
    weight_kg: number | null;
    penis_length_cm: number | null;
    penis_diameter_cm: number | null;
    is_smoker: boolean | null;
  };
  traits: Array<{ group_key: string; option_ids: number[] }>;
  /** Option ids of the languages trait group. */
  languages: number[];
  prices: { times: Array<{ duration_minutes: number; price_eur: number }>; extras: Array<{ name: string; price_eur: number }> };
  work_hours: WorkHours;
  badges: {
    email_verified: boolean;
    plus_member: boolean;
    /** Photos real: a verified webcam check (ADR 107). */
    photo_verified: boolean;
    identity_verified: boolean;
    /** The ProstSchG registration certificate was shown to the team. */
    prostschg_shown: boolean;
    age_verified: boolean;
    trust_level: TrustLevel;
    /** The owner offers only protected sex (ADR 039). */
    safe_sex: boolean;
  };
  /** Upcoming and active tours, soonest first (ADR 028). */
  tours: TourStop[];
  /** Published date reviews (ADR 047), as the owner lets others see them. */
  reviews: { count: number; average: number | null };
  gallery: GalleryItem[];
  /** How many accepted media each level hides from this viewer ("log in to see 3 more"). */
  hidden_media: Partial<Record<MediaVisibility, number>>;
  /** What the page may offer; verify_email_first: messaging and date requests wait for a verified address (ADR 024). */
  actions: { can_favorite: boolean; can_message: boolean; can_request_date: boolean; verify_email_first: boolean };
  /** Favorite, friend link, note, report and block for the signed-in viewer (issue 11). */
  relation: ProfileRelation;
  /**
   * An agency's or club's own facts (ADR 069), null for people: its kind (contract/signup BUSINESS_KINDS) and the
   * escorts who accepted its link, as lists show them to this viewer. A business has no gender, age or body: those
   * fields are null and its appearance empty.
   */
  business: { kind: string | null; escorts: Array<{ username: string; display_name: string }> } | null;
}

/** GET /profiles/{username}/regionbox: the profile's place and up to 8 cities within 100 km (directory links). */
export interface RegionBox extends ProfileLocation {
  nearby_cities: Array<{
    name: string;
    slug: string;
    country_slug: string | null;
    region_slug: string | null;
    distance_km: number;
    /** Listed guest-visible profiles in that city. */
    profiles: number;
  }>;
}

/** GET /profiles/{username}/nearby: a listed profile of the same type near this one. */
export interface NearbyProfile extends ProfileMini {
  distance_km: number;
}

/** GET /profiles/{username}/driving-minutes: the estimate, null when the profile has no point. */
export interface DrivingMinutes {
  distance_km: number | null;
  minutes: number | null;
}
