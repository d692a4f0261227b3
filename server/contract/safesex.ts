/**
 * The safer-sex status of a profile (spec section 7 "safesex"; section 3 onlyShow flag `safe_sex_status`; ADR 039).
 * The owner states that they offer only protected sex; the profile shows a badge and search's "only show"
 * filter `safe_sex_status` lists only such profiles. It is a statement about what is offered, so escorts and
 * businesses set it; a client has nothing to offer (their own preference fits their interview answers).
 */
import * as v from "valibot";
import { USER_TYPE } from "./users";

/** The stored column, profiles.safe_sex_status (0/1), which search_profiles copies (migration 0011). */
export const SAFE_SEX_COLUMN = "safe_sex_status";

/** Who may state it: those who offer services. */
export function safeSexSettableBy(userType: number): boolean {
  return userType === USER_TYPE.escort || userType === USER_TYPE.business;
}

/** 403: a client (or a staff account) tried to set it. */
export const SAFESEX_PROVIDERS_ONLY = "exception.safesex.providers_only";

/** PUT /safesex. */
export const safeSexInputSchema = v.strictObject({ safe_sex: v.boolean("validation.invalid") }, "validation.invalid");
export type SafeSexInput = v.InferOutput<typeof safeSexInputSchema>;

/** The settings form: an unticked checkbox sends nothing, which means "no". */
export const safeSexFormSchema = v.object({ safe_sex: v.optional(v.boolean("validation.invalid"), false) }, "validation.invalid");

/** GET/PUT /safesex: the owner's state, and whether they may change it. */
export interface SafeSexState {
  safe_sex: boolean;
  can_set: boolean;
}
