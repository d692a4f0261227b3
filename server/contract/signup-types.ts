/**
 * The kinds of individual sign-up and of business, free of valibot: the join page renders them in the browser, and the
 * search pages' category words are typed by business kind (ADR 149). contract/registration-sign-up re-exports them.
 */

/** Individuals choose one of these at join/user (spec section 2 {userType}). */
export const INDIVIDUAL_SIGNUP_TYPES = ["client", "escort"] as const;
export type IndividualSignupType = (typeof INDIVIDUAL_SIGNUP_TYPES)[number];
export function isIndividualSignupType(value: unknown): value is IndividualSignupType {
  return typeof value === "string" && (INDIVIDUAL_SIGNUP_TYPES as readonly string[]).includes(value);
}

/** What a business is; decides its steps' content later (agencies link escorts, clubs describe rooms). */
export const BUSINESS_KINDS = ["agency", "club"] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];
