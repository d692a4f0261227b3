/**
 * The member's plus membership as the settings pages read it (issue 10: user/membership and
 * user/billing_invoices show the real state; buying arrives with the payments issue). One place for
 * what "plus is running" means and for the benefits of spec section 6 per kind of member.
 */
import { USER_TYPE } from "./users";

/** Plus runs while is_member is set and member_until is unset (no end) or still ahead. */
export function plusRunning(isMember: number | boolean, memberUntil: number | null, now: number): boolean {
  return (isMember === 1 || isMember === true) && (memberUntil === null || memberUntil > now);
}

const CLIENT_BENEFITS = [
  "unlimited_contact_escorts",
  "exclusive_media",
  "see_visitors_favorites",
  "invisible_browsing",
  "notes",
  "ad_free",
  "advanced_filters",
] as const;
const PROVIDER_BENEFITS = [
  "unlimited_contact_clients",
  "see_visitors",
  "better_search_position",
  "invisible_browsing",
  "free_rise_up",
  "trust_level",
  "ad_free",
] as const;

/** Spec section 6 "Plus benefits": clients get one list, escorts and businesses another. */
export const PLUS_BENEFITS = { client: CLIENT_BENEFITS, provider: PROVIDER_BENEFITS } as const;
export type PlusBenefitAudience = keyof typeof PLUS_BENEFITS;
// Spelled per list (not PLUS_BENEFITS[audience][number]): the schema generator reads it (ADR 041).
export type PlusBenefit = (typeof CLIENT_BENEFITS)[number] | (typeof PROVIDER_BENEFITS)[number];

export function plusBenefitAudienceOf(userType: number): PlusBenefitAudience {
  return userType === USER_TYPE.client ? "client" : "provider";
}

/** GET /settings/membership. */
export interface MembershipState {
  /** Plus runs now. */
  plus_member: boolean;
  /** When it ends (ms since epoch); null with plus_member: no end date. */
  member_until: number | null;
  /** A membership that ran and has ended (when it ended is member_until). */
  lapsed: boolean;
  benefits_for: PlusBenefitAudience;
  benefits: PlusBenefit[];
  /** Whether plus can be bought in the product yet: false until the payments issue builds the purchase. */
  purchase_available: boolean;
}
