/**
 * The trust level's criteria (ADR 108; spec sections 6 and 7 "trust level"), in a file without imports: the profile
 * and the verification contracts both read it. The rules are the verification module's trust.ts, and nowhere else.
 */

/** One point each, in this order. */
export const TRUST_CRITERIA = [
  "email_verified",
  "phone_verified",
  "account_age_30_days",
  "public_photo",
  "reviews",
  "photos_real",
  "identity_verified",
  "no_upheld_reports",
] as const;
export type TrustCriterion = (typeof TRUST_CRITERIA)[number];
/** An account younger than this misses account_age_30_days. */
export const TRUST_ACCOUNT_AGE_DAYS = 30;
/** Reports about the member decided against them (upheld) within this many days cost no_upheld_reports. */
export const TRUST_REPORT_WINDOW_DAYS = 365;

/** GET /profiles/{username}/trust-level and the back office: the level with its criteria; `shown` is the plus badge. */
export interface TrustLevelAnswer {
  level: number;
  max: number;
  shown: boolean;
  criteria: Array<{ key: TrustCriterion; met: boolean }>;
}
