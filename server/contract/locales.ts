/** Languages and translation namespaces (spec sections 1 and 7). */
import { NAMESPACES } from "./generated/locale-namespaces";

export const SUPPORTED_LANGUAGES = ["de", "en", "es", "pl"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "de";
/** es and pl are served in full but hidden from the language picker. */
export const OFFERED_LANGUAGES: readonly Language[] = ["de", "en"];
/**
 * Translation namespaces: `common` holds the chrome every page shows (header, footer, error pages, the
 * API's validation.* and exception.* messages); one namespace per web-tier feature holds the rest, so
 * a page loads only what its routes declare in `handle.i18n` (docs/decisions/014). paella, payment and
 * promotion are the spec's (section 7), empty so far. A key's first segment names exactly one namespace.
 * The list is generated from the locale folders (scripts/locale-namespaces.mjs, ADR 064): a new namespace is its
 * four files, and `npm run locales:namespaces` (the build runs it too).
 */
export { NAMESPACES };
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = "common";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** BCP 47 tags used for Intl formatting and hreflang. */
export const LANGUAGE_TAGS: Record<Language, string> = { de: "de-DE", en: "en-GB", es: "es-ES", pl: "pl-PL" };
