import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, NAMESPACES, SUPPORTED_LANGUAGES } from "#server/contract/locales";

/** i18next options shared by the server render and the browser. */
export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: [...NAMESPACES],
  // Plain-text messages may contain ":"; namespaces are chosen by useTranslation(ns).
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
