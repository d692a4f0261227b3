/**
 * User types, genders and salutations of spec section 3. A leaf: most contract files import these constants, so
 * this file imports none (the /user/data answer, which gathers other groups' types, is in ./user-data).
 */
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
