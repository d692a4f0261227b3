import { cssBundleHref } from "@remix-run/css-bundle";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS } from "#server/contract/locales";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { useNonce } from "~/components/nonce";
import { RenderTimeoutNotice } from "~/components/RenderTimeoutNotice";
import { languageFromPath } from "~/i18n/lang";
import { useRouteNamespaces } from "~/i18n/namespaces";
import { hydratesWith } from "~/utils/hydrate";
import { publicOrigin } from "~/utils/seo";
import "~/styles/global.css";

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return { lang: languageFromPath(url.pathname) ?? DEFAULT_LANGUAGE, origin: publicOrigin() };
}

/** Pages that set `handle.hydrate = false` ship no JavaScript at all. */
function useHydrate(): boolean {
  return hydratesWith(useMatches().map((match) => match.handle));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const lang = data?.lang ?? DEFAULT_LANGUAGE;
  const hydrate = useHydrate();
  const nonce = useNonce();
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#221733" />
        <meta httpEquiv="content-language" content={LANGUAGE_TAGS[lang]} />
        <Meta />
        <Links />
      </head>
      <body>
        <RenderTimeoutNotice />
        {children}
        {hydrate ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>("root");
  useChangeLanguage(data?.lang ?? DEFAULT_LANGUAGE);
  // A client navigation shows the new routes only once the namespaces they declare are loaded: this
  // suspends, and Remix runs navigations in a transition, so the old page stays meanwhile (no raw keys).
  useTranslation(useRouteNamespaces(), { useSuspense: true });
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
