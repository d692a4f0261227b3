/** Affiliate initiators (migration 0120, issue 32 item 6, ADR 135). Times epoch ms. */
import type { Generated } from "kysely";
import type { AffiliateCreditKind } from "../../contract/affiliates";

export interface AffiliatesTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** The contact address, lower case: a sign-up with it is the partner referring itself (refused). */
  email_key: string;
  email: string;
  active: Generated<number>;
  /** Since when staff have it switched off (migration 0124); null while active. */
  deactivated_at: number | null;
  created_by: number | null;
  created_at: number;
}

export interface AffiliateReferralsTable {
  id: Generated<number>;
  affiliate_id: number;
  /** Unique: a member is bound once, at sign-up, and never re-bound. */
  user_id: number;
  created_at: number;
}

export interface AffiliateCreditsTable {
  id: Generated<number>;
  affiliate_id: number;
  user_id: number;
  /** Unique with user_id: each kind is credited once per referred member. */
  kind: AffiliateCreditKind;
  order_id: number | null;
  /** The first payment's gross (euro cents); 0 for a sign-up. */
  amount_cents: number;
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    affiliates: AffiliatesTable;
    affiliate_referrals: AffiliateReferralsTable;
    affiliate_credits: AffiliateCreditsTable;
  }
}
