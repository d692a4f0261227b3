import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { brandVariables } from "~/brand/brand";
import { i18nConfig } from "./config";
import { languageFromPath } from "./lang";
import { resources } from "./resources.server";

/** The language is the first path segment; nothing else decides it. */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    findLocale: async (request) => languageFromPath(new URL(request.url).pathname) ?? DEFAULT_LANGUAGE,
  },
  i18next: { ...i18nConfig, resources, interpolation: { ...i18nConfig.interpolation, defaultVariables: brandVariables() } },
});
