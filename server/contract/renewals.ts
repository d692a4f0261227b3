/**
 * Renewals (issue 26 item 5, ADR 078): when a renewing membership is charged, how dunning retries, and the one-step
 * rebill link (spec route paywall/rebill/{token}; operations "rebill info and pay"). Money in euro cents, times ms.
 */
import * as v from "valibot";
import type { PaymentMethod } from "./billing";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A renewing membership is charged this long before its period ends, so a failure leaves a day to fix it. */
export const RENEWAL_LEAD_MS = DAY_MS;
/** Dunning: the retries after a failed renewal charge, in days after the period's end; after the last one it ends. */
export const DUNNING_RETRY_DAYS = [1, 3, 5, 7] as const;
export const DUNNING_DAY_MS = DAY_MS;
/** How long a rebill link works (the dunning window). */
export const REBILL_LINK_TTL_MS = 7 * DAY_MS;
/** A rebill token as the link carries it: 32 random bytes, base64url. */
export const REBILL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Offers of the rebill groups (server/modules/renewals/offers.ts has the mapping of groups 0–5). */
export const REBILL_OFFER_KINDS = ["same", "monthly", "discount", "monthly_discount"] as const;
export type RebillOfferKind = (typeof REBILL_OFFER_KINDS)[number];

/** How the member pays on the rebill page: the method on file, or a new one on the provider's page. */
export const REBILL_PAY_WITH = ["stored", "new"] as const;
export type RebillPayWith = (typeof REBILL_PAY_WITH)[number];

export const rebillPaySchema = v.object(
  {
    pay_with: v.picklist(REBILL_PAY_WITH, "validation.rebill.pay_with"),
  },
  "validation.rebill.pay_with",
);

/** GET /paywall/rebill/{token}: the offer behind a rebill link (never a name, an address or another member's data). */
export interface RebillInfo {
  offer: {
    kind: RebillOfferKind;
    rebill_group: number;
    /** The plus package the contract runs on (its title: the plus module's translation). */
    package_id: string;
    months: number;
    price_cents: number;
    /** What the contract's own terms would cost for the same months (shows the saving); equal when there is none. */
    regular_price_cents: number;
    discount_percent: number;
    currency: string;
  };
  /** When the paid period ended (or ends): plus stopped (stops) at that second. */
  period_end: number;
  expires_at: number;
  /** The method on file, if the member can pay with it in one step. */
  stored_method: PaymentMethod | null;
}

/** POST /paywall/rebill/{token}/pay: paid at once, still waiting for the provider, refused, or continue at the provider. */
export interface RebillPayment {
  status: "paid" | "paying" | "failed" | "redirect";
  order_ref: string;
  /** The provider's hosted page (status redirect). */
  redirect_url: string | null;
}

export interface RenewalsBodies {
  RebillInfo: RebillInfo;
  RebillPayment: RebillPayment;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends RenewalsBodies {}
}
