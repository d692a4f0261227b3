/**
 * The member's settings (spec section 2 "Settings", section 6): the pages under user/{key}, who sees
 * which, and the sections a page saves. A section reuses the registration step's schema, so what
 * sign-up collected is edited under the same rules (lengths, ranges, the special-category consent).
 */
import * as v from "valibot";
import type { BusinessKind } from "./registration-sign-up";
import { emailSchema, PASSWORD_MAX, passwordConfirmationMatches, passwordSchema } from "./validation";
import { COUNTRY_CODES } from "./countries";
import { pricesSchema, priceKey, type StepData } from "./registration-steps";
import type { PriceDuration } from "./search";
import { GENDER_VALUES, isStaffUserType, USER_TYPE } from "./users";
import { safeSexSettableBy } from "./safesex";

// safer_sex and interviews: issue 11 (ADR 039), not settings keys of the spec; profile pages like the others.
const PROFILE_APPEARANCE_KEYS = [
  "name_characteristics",
  "service_prices",
  "contact",
  "status_description",
  "media_gallery",
  "linked_profiles",
  "safer_sex",
  "interviews",
] as const;
const ACCOUNT_MEMBERSHIP_KEYS = [
  "membership",
  "email_password",
  "age_check_verification",
  "date_review_display",
  "first_contact_filter_and_blocklist",
  "search_visibility",
  "notifications",
  "forum_notifications",
  "billing_invoices",
  "data_privacy",
  "pause_delete",
] as const;

/** The two groups of the settings index, in the spec's order. */
export const SETTINGS_GROUPS = { profile_appearance: PROFILE_APPEARANCE_KEYS, account_membership: ACCOUNT_MEMBERSHIP_KEYS } as const;
export type SettingsGroup = keyof typeof SETTINGS_GROUPS;
// Spelled per list (not SETTINGS_GROUPS[group][number]): the schema generator reads it (ADR 041).
export type SettingsKey = (typeof PROFILE_APPEARANCE_KEYS)[number] | (typeof ACCOUNT_MEMBERSHIP_KEYS)[number];

/**
 * The "certain business types" of section 6, decided once here. Agencies and clubs both present the
 * escorts who work with them, so both keep linked profiles; a club's prices are entry fees and each
 * lady's own, so service prices are the agency's rate card only.
 */
export const BUSINESS_KINDS_WITH_LINKED_PROFILES: readonly BusinessKind[] = ["agency", "club"];
export const BUSINESS_KINDS_WITH_SERVICE_PRICES: readonly BusinessKind[] = ["agency"];

export interface SettingsViewer {
  userType: number;
  businessKind: string | null;
}

/** The settings of a staff account: its sign-in, its notifications (announcements, reports) and its data. */
export const STAFF_SETTINGS_KEYS: readonly SettingsKey[] = ["email_password", "notifications", "data_privacy"];

/**
 * Whether a settings page exists for this member (section 6): linked profiles hidden for clients and
 * the business kinds above; service prices hidden for clients (nothing to price) and those kinds;
 * date review display hidden for clients. Staff accounts have only STAFF_SETTINGS_KEYS.
 */
export function settingsKeyShownTo(key: SettingsKey, viewer: SettingsViewer): boolean {
  // Staff accounts (team, backend; ADR 030) have no profile, are listed nowhere and buy nothing: they keep
  // only what every account has (issue 25 item 7: the rest answered 404 or edited a profile nobody sees).
  if (isStaffUserType(viewer.userType)) return STAFF_SETTINGS_KEYS.includes(key);
  const kind = viewer.businessKind as BusinessKind | null;
  const isBusiness = viewer.userType === USER_TYPE.business;
  switch (key) {
    case "linked_profiles":
      return viewer.userType === USER_TYPE.escort || (isBusiness && kind !== null && BUSINESS_KINDS_WITH_LINKED_PROFILES.includes(kind));
    case "service_prices":
      return viewer.userType === USER_TYPE.escort || (isBusiness && kind !== null && BUSINESS_KINDS_WITH_SERVICE_PRICES.includes(kind));
    case "date_review_display":
      return viewer.userType !== USER_TYPE.client;
    // Safer sex is a statement about what one offers (contract/safesex, ADR 039).
    case "safer_sex":
      return safeSexSettableBy(viewer.userType);
    default:
      return true;
  }
}

/**
 * The sections a settings page saves (PUT /settings/{section}), each with the registration step's
 * schema. Individuals and businesses fill different forms under the same page key.
 */
export const SETTINGS_SECTIONS = {
  appearance: { audience: "individual", step: "appearance" },
  profile: { audience: "individual", step: "profile" },
  services: { audience: "priced", step: "services" },
  availability: { audience: "escort", step: "availability" },
  business_services: { audience: "business", step: "services" },
  business_description: { audience: "business", step: "description" },
  business_schedule: { audience: "business", step: "schedule" },
} as const;
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;
export type SettingsAudience = (typeof SETTINGS_SECTIONS)[SettingsSection]["audience"];

/** Whether a member may save a section: escorts and clients theirs, businesses theirs, prices where the page is shown. */
export function sectionAllowedFor(section: SettingsSection, viewer: SettingsViewer): boolean {
  const audience: SettingsAudience = SETTINGS_SECTIONS[section].audience;
  switch (audience) {
    case "individual":
      return viewer.userType === USER_TYPE.escort || viewer.userType === USER_TYPE.client;
    case "escort":
      return viewer.userType === USER_TYPE.escort;
    case "business":
      return viewer.userType === USER_TYPE.business;
    case "priced":
      return settingsKeyShownTo("service_prices", viewer);
  }
}

/** Which section each profile page edits, per kind of member (null: the page has no form of that kind). */
export function sectionsOfPage(key: SettingsKey, viewer: SettingsViewer): SettingsSection[] {
  const business = viewer.userType === USER_TYPE.business;
  const candidates: Partial<Record<SettingsKey, SettingsSection[]>> = business
    ? {
        name_characteristics: ["business_services"],
        status_description: ["business_description"],
        service_prices: ["services"],
        contact: ["business_schedule"],
      }
    : {
        name_characteristics: ["appearance"],
        status_description: ["profile"],
        service_prices: ["services"],
        contact: ["availability"],
      };
  return (candidates[key] ?? []).filter((section) => sectionAllowedFor(section, viewer));
}

/** GET /settings: the index the member sees, page keys per group (only pages shown to them). */
export interface SettingsIndex {
  groups: Array<{ key: SettingsGroup; items: SettingsKey[] }>;
}

/** PUT /settings/{section}: which section of the member's own profile was saved. */
export interface SettingsSectionSaved {
  section: SettingsSection;
  saved: true;
}

// --- user/email_password -------------------------------------------------------------------------

const MINUTE = 60_000;
/** A new address's confirmation link: a day, like the deletion link (issue 10). */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * MINUTE;
/** Change requests per account and hour: each mails two addresses. */
export const EMAIL_CHANGE_LIMIT = { windowMs: 60 * MINUTE, limit: 3 } as const;
/** Wrong current passwords per account and 15 minutes before the settings refuse to check more (the login limit's numbers). */
export const CURRENT_PASSWORD_LIMIT = { windowMs: 15 * MINUTE, limit: 5 } as const;

const currentPassword = v.pipe(
  v.string("validation.required"),
  v.nonEmpty("validation.required"),
  v.maxLength(PASSWORD_MAX, "validation.invalid"),
);

/** PUT /settings/email: the new address, confirmed by the current password. */
export const changeEmailSchema = v.object({ email: emailSchema, current_password: currentPassword }, "validation.required");
export type ChangeEmailInput = v.InferOutput<typeof changeEmailSchema>;

/** PUT /settings/password: the current password, and the new one twice. */
export const changePasswordSchema = v.pipe(
  v.object(
    {
      current_password: currentPassword,
      password: passwordSchema,
      password_confirmation: v.pipe(v.string("validation.required"), v.nonEmpty("validation.required")),
    },
    "validation.required",
  ),
  passwordConfirmationMatches(),
);
export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

/** POST /settings/email/confirm: the token from the link sent to the new address. */
export const confirmEmailChangeSchema = v.object(
  { token: v.pipe(v.string("validation.required"), v.nonEmpty("validation.required"), v.maxLength(200, "validation.invalid")) },
  "validation.required",
);

/** POST /settings/email/confirm: the account's address after the link was opened. */
export interface EmailChangeConfirmed {
  email: string;
}

/** PUT /settings/password: the new password holds (every other session ended). */
export interface PasswordChanged {
  changed: true;
}

/** GET /settings/email: the account's address and a change waiting for its link, if any. */
export interface EmailSettings {
  email: string;
  is_email_verified: boolean;
  pending: { email: string; expires_at: number } | null;
}

// --- user/first_contact_filter_and_blocklist -----------------------------------------------------

/** Who may open a first contact: the ages the spec's registration allows. */
export const FIRST_CONTACT_AGE = { min: 18, max: 99 } as const;
export const FIRST_CONTACT_USER_TYPES = ["client", "escort", "business"] as const;
export type FirstContactUserType = (typeof FIRST_CONTACT_USER_TYPES)[number];
/** Origins a member may allow: the countries of the platform's country list. */
export const FIRST_CONTACT_COUNTRIES: readonly string[] = COUNTRY_CODES.map((country) => country.code);

const ageBound = v.optional(
  v.nullable(
    v.pipe(
      v.number(`validation.steps.range?min=${FIRST_CONTACT_AGE.min}&max=${FIRST_CONTACT_AGE.max}`),
      v.integer(`validation.steps.range?min=${FIRST_CONTACT_AGE.min}&max=${FIRST_CONTACT_AGE.max}`),
      v.minValue(FIRST_CONTACT_AGE.min, `validation.steps.range?min=${FIRST_CONTACT_AGE.min}&max=${FIRST_CONTACT_AGE.max}`),
      v.maxValue(FIRST_CONTACT_AGE.max, `validation.steps.range?min=${FIRST_CONTACT_AGE.min}&max=${FIRST_CONTACT_AGE.max}`),
    ),
  ),
);

/**
 * PUT /settings/first_contact_filter: who may write to the member first. Empty lists allow everyone;
 * the messenger (issue 12) applies it, once, in its contact rules.
 */
export const firstContactFilterSchema = v.pipe(
  v.object(
    {
      age_min: ageBound,
      age_max: ageBound,
      genders: v.optional(
        v.pipe(
          v.array(
            v.pipe(
              v.number("validation.invalid"),
              v.check((n) => (GENDER_VALUES as number[]).includes(n), "validation.invalid"),
            ),
          ),
          v.maxLength(GENDER_VALUES.length, "validation.invalid"),
        ),
        [],
      ),
      user_types: v.optional(
        v.pipe(v.array(v.picklist(FIRST_CONTACT_USER_TYPES, "validation.invalid")), v.maxLength(3, "validation.invalid")),
        [],
      ),
      countries: v.optional(
        v.pipe(
          v.array(
            v.pipe(
              v.string("validation.invalid"),
              v.check((code) => FIRST_CONTACT_COUNTRIES.includes(code), "validation.invalid"),
            ),
          ),
          v.maxLength(FIRST_CONTACT_COUNTRIES.length, "validation.invalid"),
        ),
        [],
      ),
      members_only: v.optional(v.boolean("validation.invalid"), false),
      verified_only: v.optional(v.boolean("validation.invalid"), false),
    },
    "validation.required",
  ),
  v.forward(
    v.partialCheck(
      [["age_min"], ["age_max"]],
      (input) => input.age_min == null || input.age_max == null || input.age_min <= input.age_max,
      "validation.settings.age_order",
    ),
    ["age_max"],
  ),
);
export type FirstContactFilterInput = v.InferOutput<typeof firstContactFilterSchema>;

/** GET /settings/first_contact_filter: the stored filter (everyone allowed until one is saved). */
export interface FirstContactFilter {
  age_min: number | null;
  age_max: number | null;
  genders: number[];
  user_types: FirstContactUserType[];
  countries: string[];
  members_only: boolean;
  verified_only: boolean;
}

// --- user/pause_delete ---------------------------------------------------------------------------

/** Account states a member may use the settings in (a paused member still edits and resumes). */
export const SELF_SERVICE_STATUSES = ["active", "paused", "deactivated"] as const;
export type SelfServiceStatus = (typeof SELF_SERVICE_STATUSES)[number];

/** The deletion link (issue 10: confirmed by a link sent by e-mail, valid 24 hours). */
export const ACCOUNT_DELETION_TTL_MS = 24 * 60 * MINUTE;

/** POST /user/delete: the current password, so a session left open elsewhere cannot delete the account. */
export const deleteAccountSchema = v.object({ current_password: currentPassword }, "validation.required");
/** POST /user/delete/confirm: the token from the link. */
export const confirmDeletionSchema = confirmEmailChangeSchema;

/** GET /user/account-state: what the pause_delete page shows. */
export interface AccountState {
  status: SelfServiceStatus;
  is_member: boolean;
  member_until: number | null;
  /** A deletion link is out and valid until then. */
  deletion_requested_until: number | null;
}

/** POST /user/delete/confirm: the account is deleted (its data follows the rules of ADR 026). */
export interface AccountDeleted {
  deleted: true;
}

// --- my_dashboard: profile completeness ----------------------------------------------------------

export type CompletenessKey = "photo" | "city" | "description" | "status" | "appearance" | "services" | "prices" | "hours";

export interface CompletenessItem {
  key: CompletenessKey;
  done: boolean;
  /** Where the member completes it: a settings page, or "photo" for the photo upload. */
  page: SettingsKey | "photo";
}

/** How complete a profile is: the share done, each check, and the next one to do (null when all are done). */
export interface ProfileCompleteness {
  percent: number;
  items: CompletenessItem[];
  next: CompletenessItem | null;
}

/** What the completeness reads of the saved profile (GET /registration/steps). */
export type CompletenessInput = Pick<
  StepData,
  "photo_count" | "city" | "description" | "status" | "height" | "weight" | "traits" | "prices" | "schedule"
>;

/**
 * How complete a profile is, and the next useful step (issue 10, my_dashboard): what members of this kind
 * look for first, in that order. Clients are shown to members only and need less.
 */
export function profileCompleteness(profile: CompletenessInput, viewer: SettingsViewer): ProfileCompleteness {
  const has = (group: string) => (profile.traits[group]?.length ?? 0) > 0;
  const checks: Record<CompletenessKey, () => boolean> = {
    photo: () => profile.photo_count > 0,
    city: () => profile.city !== "",
    description: () => profile.description.trim() !== "",
    status: () => profile.status.trim() !== "",
    appearance: () => profile.height !== null || profile.weight !== null || has("figure_type") || has("hair_color"),
    services: () => (viewer.userType === USER_TYPE.business ? has("company_service") : has("escort_service")),
    prices: () => Object.keys(profile.prices).length > 0,
    hours: () => profile.schedule.length > 0,
  };
  const pages: Record<CompletenessKey, SettingsKey | "photo"> = {
    photo: "media_gallery",
    city: "status_description",
    description: "status_description",
    status: "status_description",
    appearance: "name_characteristics",
    services: viewer.userType === USER_TYPE.business ? "name_characteristics" : "service_prices",
    prices: "service_prices",
    hours: "contact",
  };
  const keys: CompletenessKey[] =
    viewer.userType === USER_TYPE.client
      ? ["photo", "city", "description", "appearance"]
      : viewer.userType === USER_TYPE.business
        ? [
            "photo",
            "description",
            "services",
            "hours",
            "status",
            ...(settingsKeyShownTo("service_prices", viewer) ? (["prices"] as const) : []),
          ]
        : ["photo", "city", "description", "services", "prices", "hours", "appearance", "status"];
  const items = keys.map((key) => ({ key, done: checks[key](), page: pages[key] }));
  const done = items.filter((item) => item.done).length;
  return { percent: Math.round((done / items.length) * 100), items, next: items.find((item) => !item.done) ?? null };
}

// --- user/notifications --------------------------------------------------------------------------

/**
 * What a member can be told about (issue 10; issue 12 item 7 added friend requests and moderation decisions),
 * and how: by e-mail, by push, in the bar of the site (the bell, my_notification and the popups). "news" covers
 * the site's announcements and news (ADR 044).
 */
export const NOTIFICATION_KINDS = [
  "messages",
  "friend_requests",
  "dates",
  "reviews",
  "favorites",
  "visitors",
  "moderation",
  "news",
  // Issue 27's leftovers: what moves the member's dollars (a tip or a gift received), until then under favorites/news.
  "dollars",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ["email", "push", "bar"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type NotificationPreferences = Record<NotificationKind, Record<NotificationChannel, boolean>>;

/**
 * Until a member chooses: what concerns a meeting reaches them everywhere; who looked or kept them only in
 * the bar; news never by e-mail or push without an explicit yes (advertising by e-mail needs consent, UWG § 7).
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  messages: { email: true, push: true, bar: true },
  dates: { email: true, push: true, bar: true },
  reviews: { email: true, push: true, bar: true },
  friend_requests: { email: false, push: true, bar: true },
  // A decision about the member's own photo or text: mailed before issue 12, so the mail stays on.
  moderation: { email: true, push: true, bar: true },
  favorites: { email: false, push: false, bar: true },
  visitors: { email: false, push: false, bar: true },
  news: { email: false, push: false, bar: true },
  // Money that reached the member: everywhere, like a meeting (existing members have no rows for it, so this applies).
  dollars: { email: true, push: true, bar: true },
};

const channelSwitches = v.object(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, v.optional(v.boolean("validation.invalid"), false)])) as Record<
    NotificationChannel,
    v.OptionalSchema<v.BooleanSchema<string>, false>
  >,
  "validation.invalid",
);

/** PUT /settings/notifications: every kind's channels; a switch left out is off (an unticked checkbox). */
export const notificationPreferencesSchema = v.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, v.optional(channelSwitches, {})])) as Record<
    NotificationKind,
    v.OptionalSchema<typeof channelSwitches, Record<string, never>>
  >,
  "validation.required",
);

// --- user/date_review_display ---------------------------------------------------------------------

/** PUT /settings/date_review_display: whether the reviews of dates and their average show on the profile. */
export const dateReviewDisplaySchema = v.object(
  { show_reviews: v.optional(v.boolean("validation.invalid"), false), show_rating: v.optional(v.boolean("validation.invalid"), false) },
  "validation.required",
);
export type DateReviewDisplayInput = v.InferOutput<typeof dateReviewDisplaySchema>;

/** GET /settings/date_review_display: the choice, and how many reviews there are to show. */
export interface DateReviewDisplay {
  show_reviews: boolean;
  show_rating: boolean;
  review_count: number;
}

// --- user/search_visibility -----------------------------------------------------------------------

/**
 * PUT /settings/search_visibility (ADR 028): `hidden_in_search` keeps the profile out of search, the
 * directory, nearby, autocomplete and the sitemaps (its page stays reachable by its address);
 * `invisible_browsing` (plus members only, spec section 6) keeps the member's visits out of others'
 * visitors lists. A switch left out is off.
 */
export const searchVisibilitySchema = v.object(
  {
    hidden_in_search: v.optional(v.boolean("validation.invalid"), false),
    invisible_browsing: v.optional(v.boolean("validation.invalid"), false),
  },
  "validation.required",
);
export type SearchVisibilityInput = v.InferOutput<typeof searchVisibilitySchema>;

/** The error of switching invisible browsing on without a running plus membership (403). */
export const INVISIBLE_BROWSING_PLUS_ONLY = "exception.settings.invisible_browsing_plus_only";

/** GET /settings/search_visibility: the choices, and whether invisible browsing is open to the member now. */
export interface SearchVisibility {
  hidden_in_search: boolean;
  /** The stored choice; it takes effect only while `plus_member` (a lapsed membership keeps it stored, unused). */
  invisible_browsing: boolean;
  plus_member: boolean;
}

// --- set_price (spec section 2 "Others: … set price", ADR 138) ------------------------------------

/**
 * The time prices the quick form sets: the hour (what tiles show and the price filter compares by default,
 * DEFAULT_PRICE_DURATION) and the rates members compare next. Each is one of the service-price list's durations,
 * saved into the same rows; the other durations and the extras stay as user/service_prices left them.
 */
export const QUICK_PRICE_DURATIONS = [30, 60, 120, 720] as const satisfies readonly PriceDuration[];

/**
 * PUT /settings/quick_prices: the service-price list's own rule (pricesSchema: whole euros PRICE_MIN–PRICE_MAX),
 * narrowed to the quick durations — no second rule set. A price left out or null is removed.
 */
export const quickPricesSchema = v.object(
  { prices: v.optional(v.pick(pricesSchema, QUICK_PRICE_DURATIONS.map(priceKey) as [string, ...string[]]), {}) },
  "validation.required",
);
export type QuickPricesInput = v.InferOutput<typeof quickPricesSchema>;

/** GET /settings/quick_prices (keys are data: price_60_mins, not camelized). */
export interface QuickPrices {
  durations: number[];
  /** The quick durations' prices in whole euros, by priceKey; a duration without a price is absent. */
  prices: Record<string, number>;
  currency: "EUR";
  /** Prices of the full list this form does not show (other durations and extras), so the page can point there. */
  other_prices: number;
}
