import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, NAMESPACES, SUPPORTED_LANGUAGES } from "#server/contract/locales";

/** i18next options shared by the server render and the browser. */
export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: [...NAMESPACES],
  // A key keeps its full path ("search.sort.newest") in whichever namespace holds it, and a first
  // segment lives in one namespace only (tests/web/i18n/locales.test.ts), so every t() may look in all
  // loaded namespaces: code names keys, routes decide what is loaded (docs/decisions/014).
  fallbackNS: NAMESPACES.filter((ns) => ns !== DEFAULT_NAMESPACE),
  // Plain-text messages may contain ":"; namespaces are never written into keys.
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
