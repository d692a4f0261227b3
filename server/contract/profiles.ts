/** Profile rules shared by both tiers: text limits of spec section 5 and who may see a profile. */
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
