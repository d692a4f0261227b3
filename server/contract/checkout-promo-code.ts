/**
 * promo/code (spec section 2; issue 32 item 6): a promo code checked before any offer is chosen, by a guest or a
 * member, through the checkout's own verification (server/modules/checkout/promo.ts). The answer names the good it
 * applies to, so a member goes straight to that good's checkout and a guest to sign-up and then there.
 */
import * as v from "valibot";
import type { Goods } from "./billing";
import { CHECKOUT_ERRORS, PROMO_CODE_MAX_LENGTH } from "./checkout";

/** The page's form and GET /payment/promo-code's query: the code as members type it. */
export const promoCodeCheckSchema = v.object(
  {
    code: v.pipe(
      v.string(CHECKOUT_ERRORS.promoUnknown),
      v.trim(),
      v.toUpperCase(),
      v.nonEmpty("validation.required"),
      v.maxLength(PROMO_CODE_MAX_LENGTH, CHECKOUT_ERRORS.promoUnknown),
      v.regex(/^[A-Z0-9_-]+$/, CHECKOUT_ERRORS.promoUnknown),
    ),
  },
  "validation.required",
);
export type PromoCodeCheckInput = v.InferOutput<typeof promoCodeCheckSchema>;

/** Look-ups per client address: codes are words people share, so guessing them is throttled. */
export const PROMO_CODE_LOOKUP_LIMIT = { windowMs: 10 * 60 * 1000, limit: 30 } as const;

/** GET /payment/promo-code: a code usable now (for a member: by them), and what it gives. */
export interface PromoCodeCheck {
  code: string;
  kind: "percent" | "fixed";
  /** Percent (1–100) or euro cents, by kind. */
  value: number;
  /** The good it applies to: the code's own, or membership for a code valid on every good (the checkout opens there). */
  goods: Goods;
  /** Whether the code applies to every good. */
  any_goods: boolean;
  /** When it stops being valid (ms), or null. */
  valid_until: number | null;
}

/** What an active offer is: plus for a member without it, rise-up for an escort or business not risen now. */
export const MEMBER_OFFER_KINDS = ["plus", "rise_up"] as const;
export type MemberOfferKind = (typeof MEMBER_OFFER_KINDS)[number];

/** One of the member's active offers (GET /user/promos). */
export interface MemberOffer {
  kind: MemberOfferKind;
  /** The lowest price it starts from: euro cents for plus (the checkout's offers), dollars for rise-up. */
  price: { amount: number; currency: "EUR" | "dollar" };
  /** Where it is taken, below /{lang}/. */
  path: string;
}

/** GET /user/promos (spec section 7 "user … promos"; issue 32 item 8): the member's active offers now. */
export interface MemberPromos {
  items: MemberOffer[];
}

export interface CheckoutPromoCodeBodies {
  PromoCodeCheck: PromoCodeCheck;
  MemberPromos: MemberPromos;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends CheckoutPromoCodeBodies {}
}
