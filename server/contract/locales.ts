/** Languages and translation namespaces (spec sections 1 and 7). */
export const SUPPORTED_LANGUAGES = ["de", "en", "es", "pl"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "de";
/** es and pl are served in full but hidden from the language picker. */
export const OFFERED_LANGUAGES: readonly Language[] = ["de", "en"];
export const NAMESPACES = ["common", "paella", "payment", "promotion"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = "common";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** BCP 47 tags used for Intl formatting and hreflang. */
export const LANGUAGE_TAGS: Record<Language, string> = { de: "de-DE", en: "en-GB", es: "es-ES", pl: "pl-PL" };
