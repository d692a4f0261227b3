import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import type { i18n } from "i18next";
import { brandVariables } from "~/brand/brand";
import { createClientI18n, fetchLocale } from "~/i18n/client-i18n";
import { i18nConfig } from "~/i18n/config";
import { missingKeyReporter } from "~/i18n/missing-keys";
import { TRANSLATION_LOADING } from "#server/contract/translations";

async function hydrate() {
  const missing = missingKeyReporter();
  // Not i18next: the browser's own small translator with the same `t` (ADR 149); the server keeps i18next.
  const instance = await createClientI18n({
    lng: document.documentElement.lang,
    // Only the namespaces the matched routes declare; a client navigation loads more (app/root.tsx).
    ns: getInitialNamespaces(),
    defaultNS: i18nConfig.defaultNS,
    fallbackNS: i18nConfig.fallbackNS,
    // Every language has every key (tests/web/i18n/locales.test.ts), so the browser never needs the German
    // fallback the server keeps.
    defaultVariables: brandVariables(),
    react: i18nConfig.react,
    // Spec section 9: 5 retries from 350 ms doubling, 10 files at once.
    ...TRANSLATION_LOADING,
    load: fetchLocale((language, namespace) => `/public/locales/${language}/${namespace}.json`),
    // A key no loaded file has is reported (rate limited by the API) and shown as its own text (ADR 136).
    onMissing: (languages, namespace, key) => missing.collect(languages, namespace, key),
  }).init();

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={instance as unknown as i18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
