import type { SettingsKey } from "#server/contract/settings";

/** Pages whose words differ for businesses (a house has opening hours, not a figure). */
const BUSINESS_WORDED: ReadonlySet<SettingsKey> = new Set([
  "name_characteristics",
  "status_description",
  "contact",
  "service_prices",
  // A house states safer sex but has no preferred dates; it answers its own interview questions (ADR 039).
  "safer_sex",
  "interviews",
]);

/** The translation key of a settings page's title, summary or intro, for this kind of member. */
export function pageTextKey(key: SettingsKey, part: "title" | "summary" | "intro", isBusiness: boolean): string {
  return `settings.${isBusiness && BUSINESS_WORDED.has(key) ? "pages_business" : "pages"}.${key}.${part}`;
}
