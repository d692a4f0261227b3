import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { brandVariables } from "~/brand/brand";
import { i18nConfig } from "~/i18n/config";
import { fetchBackend } from "~/i18n/fetch-backend";
import { missingKeyReporter } from "~/i18n/missing-keys";
import { TRANSLATION_LOADING } from "#server/contract/translations";

async function hydrate() {
  const missing = missingKeyReporter();
  await i18next
    .use(initReactI18next)
    .use(fetchBackend((language, namespace) => `/public/locales/${language}/${namespace}.json`))
    .init({
      ...i18nConfig,
      lng: document.documentElement.lang,
      // Only the namespaces the matched routes declare; a client navigation loads more (app/root.tsx).
      ns: getInitialNamespaces(),
      // Every language has every key (tests/web/i18n/locales.test.ts), so the browser never needs the
      // German fallback the server keeps; loading it doubled the download of en, es and pl pages.
      fallbackLng: false,
      // Spec section 9: 5 retries from 350 ms doubling, 10 files at once (the backend says which failures to retry).
      ...TRANSLATION_LOADING,
      // A key no loaded file has is reported (rate limited by the API) and shown as its own text (ADR 136).
      saveMissing: true,
      missingKeyHandler: (languages, namespace, key) => missing.collect(languages, namespace, key),
      interpolation: { ...i18nConfig.interpolation, defaultVariables: brandVariables() },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
