/** The two forms of user/safer_sex, told apart by their hidden `intent`. */
export const SAFER_SEX_INTENTS = ["safe_sex", "preferred_dates"] as const;
export type SaferSexIntent = (typeof SAFER_SEX_INTENTS)[number];
