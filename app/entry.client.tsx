import { RemixBrowser } from "@remix-run/react";
import type { i18n } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { brandVariables } from "~/brand/brand";
import { createClientI18n } from "~/i18n/client";

async function hydrate() {
  // The browser's translator, not i18next (ADR 050): the server renders every string; the browser needs the
  // strings of the namespaces the matched routes declare, and loads more on a client navigation (app/root.tsx).
  // Every language has every key (tests/web/i18n/locales.test.ts), so no German fallback is loaded.
  const translator = createClientI18n({
    lng: document.documentElement.lang,
    ns: getInitialNamespaces(),
    loadPath: (lng, ns) => `/public/locales/${lng}/${ns}.json`,
    defaultVariables: brandVariables(),
  });
  await translator.init();
  const instance = translator as unknown as i18n;
  initReactI18next.init(instance);

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={instance}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
