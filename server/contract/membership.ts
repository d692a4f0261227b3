/**
 * The member's plus membership as the settings pages read it (issue 10: user/membership and
 * user/billing_invoices show the real state; buying arrives with the payments issue). Whether plus runs and
 * what it brings are the entitlements kernel's answers (contract/entitlements, ADR 061).
 */
import type { PlusBenefit, PlusBenefitAudience } from "./entitlements";

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
  /** Whether plus can be bought in the product: true since issue 26 (the checkout sells the plus packages). */
  purchase_available: boolean;
}
