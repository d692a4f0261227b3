import type { ViewerEntitlements } from "./entitlements";
import type { MessengerUnread } from "./messenger";
import type { NotificationSummary } from "./notifications";

/** User types, genders and salutations of spec section 3. */
export const USER_TYPE = { guest: 0, client: 1, escort: 2, business: 3, backend: 9, team: 10 } as const;
export type UserTypeName = keyof typeof USER_TYPE;
export type UserType = (typeof USER_TYPE)[UserTypeName];
/** Types a person can register as. */
export const SELECTABLE_USER_TYPES = [USER_TYPE.client, USER_TYPE.escort, USER_TYPE.business] as const;

/** The back office is for the team (10) and backend (9) accounts of spec section 3, never for members. */
export const STAFF_USER_TYPES: readonly number[] = [USER_TYPE.backend, USER_TYPE.team];
export function isStaffUserType(userType: number): boolean {
  return STAFF_USER_TYPES.includes(userType);
}

export const GENDER = {
  male: 1,
  female: 2,
  trans: 3,
  female_female: 6,
  couple_female_male: 7,
  trans_female: 8,
  male_male: 9,
  trans_male: 10,
  trans_trans: 11,
} as const;
export type GenderName = keyof typeof GENDER;
export type Gender = (typeof GENDER)[GenderName];
export const GENDER_VALUES = Object.values(GENDER) as Gender[];

export const SALUTATIONS = ["mr", "ms"] as const;
export type Salutation = (typeof SALUTATIONS)[number];

export function userTypeName(type: number): UserTypeName {
  const entry = Object.entries(USER_TYPE).find(([, value]) => value === type);
  return (entry?.[0] as UserTypeName | undefined) ?? "guest";
}

/** Individual registration steps and their completed-step index. */
export const REGISTER_STEP = {
  "sign-up": 1,
  photo: 2,
  profile: 3,
  appearance: 4,
  services: 5,
  availability: 6,
  completed: 10,
} as const;
export const REGISTER_COMPLETED_STEP = REGISTER_STEP.completed;

/**
 * GET /user/data: the signed-in member as the header, the dashboards and the duty redirects need them
 * (spec section 3 "User info"). Declared once here; the handler returns it and the web tier reads it
 * camelized (`Camelize<UserDataResponse>`, app/api/viewer.server.ts), so a renamed field fails both.
 */
export interface UserDataResponse {
  id: number;
  username: string;
  email: string;
  language: string;
  status: string;
  profile: {
    user_type: number;
    gender: number | null;
    display_name: string;
    city_name: string | null;
    /** Businesses: agency or club (contract/signup BUSINESS_KINDS); null for everyone else. */
    business_kind: string | null;
  };
  age: number | null;
  registration_completed_at: number | null;
  /** Plus runs now (the same as entitlements.plus; spec section 3 "isMember"). */
  is_member: boolean;
  /** What plus gives the member now, as the entitlements kernel decided it (ADR 061): the web tier reads only this. */
  entitlements: ViewerEntitlements;
  is_email_verified: boolean;
  email_was_verified: boolean;
  is_bounced_email: boolean;
  /** Spec section 4: the address still needs (re-)verification; messaging and posting wait for it (ADR 024). */
  must_verify_email: boolean;
  forced_fake_check: boolean;
  register_completed_step: number;
  /** Where the web tier must send this user first (path after the language, may carry a query), or null. */
  next_destination: string | null;
  /** The header's bell (ADR 044): the unread count and the latest few, read with the user in one API call. */
  notifications: NotificationSummary;
  /** The header's "Nachrichten" count and the messenger tabs (the same numbers as GET /messenger/unread). */
  messenger: MessengerUnread;
}
