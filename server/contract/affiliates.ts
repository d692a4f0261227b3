/**
 * Affiliate initiators (issue 32 item 6; spec section 7 "affiliate initiators"; ADR 135): partners the team creates,
 * each with a code; a link `/{lang}/a/{code}` remembers the code in a first-party cookie until sign-up, which binds
 * the new member to that affiliate once. The member's sign-up and first payment are credited once each; the credits
 * are a report for the back office (no money moves).
 */
import * as v from "valibot";
import { emailSchema } from "./validation";

/** Codes as partners print them: upper-case letters and digits (a link is case-insensitive, stored upper case). */
export const AFFILIATE_CODE_PATTERN = /^[A-Z0-9]{4,20}$/;
/** The attribution cookie (first party, httpOnly): which partner's link the visitor followed. */
export const AFFILIATE_COOKIE = "aff";
/** 30 days: a partner's visitor often signs up days after the click (as invitation codes). */
export const AFFILIATE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** What a credit is for: the referred member's sign-up, and their first paid order. */
export const AFFILIATE_CREDIT_KINDS = ["sign_up", "first_payment"] as const;
export type AffiliateCreditKind = (typeof AFFILIATE_CREDIT_KINDS)[number];
/** Months the per-affiliate report shows, newest first. */
export const AFFILIATE_REPORT_MONTHS = 12;

export const AFFILIATE_ERRORS = {
  unknown: "exception.affiliates.unknown",
  codeTaken: "exception.affiliates.code_taken",
  codeInvalid: "validation.affiliates.code_invalid",
} as const;

/** A code as it arrives in a link or a form: trimmed, upper-cased, then the pattern. */
export const affiliateCodeSchema = v.pipe(
  v.string(AFFILIATE_ERRORS.codeInvalid),
  v.trim(),
  v.toUpperCase(),
  v.regex(AFFILIATE_CODE_PATTERN, AFFILIATE_ERRORS.codeInvalid),
);

/** POST /backoffice/affiliates: a partner, its code, and the contact address (a sign-up with it is self-referral). */
export const affiliateCreateSchema = v.object(
  {
    name: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(120, "validation.invalid")),
    code: affiliateCodeSchema,
    email: emailSchema,
  },
  "validation.required",
);
export type AffiliateCreateInput = v.InferOutput<typeof affiliateCreateSchema>;

/**
 * POST /backoffice/affiliates/{id}/state (ADR 139): staff switch a partner off or on again. Off: its link records no
 * new referral; referrals recorded while it was on keep being credited (sign-up and first payment).
 */
export const affiliateStateSchema = v.object(
  {
    active: v.boolean("validation.invalid"),
    reason: v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(500, "validation.invalid"))),
  },
  "validation.required",
);
export type AffiliateStateInput = v.InferOutput<typeof affiliateStateSchema>;

/**
 * GET /affiliates/{code}: the code is a partner's. `active` false: the partner was deactivated; the link page still
 * welcomes the visitor (no dead link) but offers no attribution (ADR 139).
 */
export interface AffiliateLink {
  code: string;
  active: boolean;
}

/** One partner with its totals. */
export interface AffiliateItem {
  id: number;
  code: string;
  name: string;
  email: string;
  active: boolean;
  /** When staff deactivated the partner; null while active (ADR 139). */
  deactivated_at: number | null;
  created_at: number;
  sign_ups: number;
  first_payments: number;
  /** The gross of the referred members' first payments, euro cents. */
  first_payment_cents: number;
}

export interface AffiliateList {
  items: AffiliateItem[];
}

/** One calendar month (Europe/Berlin) of a partner's credits. */
export interface AffiliateMonth {
  /** "YYYY-MM" */
  month: string;
  sign_ups: number;
  first_payments: number;
  first_payment_cents: number;
}

/** GET /backoffice/affiliates/{id}: the partner, its totals and the last AFFILIATE_REPORT_MONTHS months. */
export interface AffiliateReport {
  affiliate: AffiliateItem;
  months: AffiliateMonth[];
}

/** This feature's declared success bodies (ADR 041, 067). */
export interface AffiliatesBodies {
  AffiliateLink: AffiliateLink;
  AffiliateItem: AffiliateItem;
  AffiliateList: AffiliateList;
  AffiliateReport: AffiliateReport;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends AffiliatesBodies {}
}
