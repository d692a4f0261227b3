/**
 * Consents a member gives separately from the terms (ADR 023). Ethnicity
 * (race_type) and sexual orientation (sexuality) are special categories of
 * personal data (GDPR Art. 9): both are optional for everyone, and stored
 * only while the member's explicit consent for them stands. Withdrawing it
 * deletes them.
 */
/** third_party_ads: partner ad servers' frames may load (§ 25 TDDDG; ADR 131, contract/ads THIRD_PARTY_ADS_CONSENT). */
export const CONSENT_PURPOSES = ["special_category_data", "third_party_ads"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The purpose that covers the special-category profile traits. */
export const SPECIAL_DATA_CONSENT: ConsentPurpose = "special_category_data";

/** Profile trait groups that hold special-category data: kept only under SPECIAL_DATA_CONSENT. */
export const SPECIAL_CATEGORY_TRAITS = ["race_type", "sexuality"] as const;
export type SpecialCategoryTrait = (typeof SPECIAL_CATEGORY_TRAITS)[number];

/** The form field (registration profile step) that gives or keeps the consent. */
export const SPECIAL_DATA_CONSENT_FIELD = "special_data_consent";
export const SPECIAL_DATA_CONSENT_REQUIRED = "validation.steps.special_data_consent_required";

/** One consent as the API reports it. */
export interface ConsentItem {
  purpose: ConsentPurpose;
  granted_at: number;
}
