/**
 * Consents a member gives separately from the terms (ADR 023). Ethnicity
 * (race_type) and sexual orientation (sexuality) are special categories of
 * personal data (GDPR Art. 9): both are optional for everyone, and stored
 * only while the member's explicit consent for them stands. Withdrawing it
 * deletes them. activity_statistics: the activity tracker (ADR 132); third_party_ads: partner ad servers'
 * frames may load (§ 25 TDDDG; ADR 131, contract/ads THIRD_PARTY_ADS_CONSENT).
 */
export const CONSENT_PURPOSES = ["special_category_data", "activity_statistics", "third_party_ads"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The purpose that covers the special-category profile traits. */
export const SPECIAL_DATA_CONSENT: ConsentPurpose = "special_category_data";

/**
 * The activity tracker's consent (issue 32 item 2, ADR 132): the member lets the browser report which profiles they
 * looked at and whose phone or website they clicked, counted (never named) in those creators' dashboards.
 */
export const ACTIVITY_CONSENT: ConsentPurpose = "activity_statistics";

/**
 * Purposes a member may give at any time on the data privacy page (PUT /user/consents/{purpose}). The special-category
 * consent is given only together with the data it covers (the registration's profile step).
 */
export const GRANTABLE_CONSENTS: readonly ConsentPurpose[] = [ACTIVITY_CONSENT];

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
