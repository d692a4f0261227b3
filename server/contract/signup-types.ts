/** The kinds of individual sign-up, free of valibot: the join page renders them in the browser (ADR 149). */

/** Individuals choose one of these at join/user (spec section 2 {userType}). */
export const INDIVIDUAL_SIGNUP_TYPES = ["client", "escort"] as const;
export type IndividualSignupType = (typeof INDIVIDUAL_SIGNUP_TYPES)[number];
export function isIndividualSignupType(value: unknown): value is IndividualSignupType {
  return typeof value === "string" && (INDIVIDUAL_SIGNUP_TYPES as readonly string[]).includes(value);
}
