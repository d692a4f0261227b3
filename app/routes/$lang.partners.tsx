import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { InfoPage } from "~/features/info/InfoPage";
import { infoPageHeaders, infoPageMeta } from "~/features/info/meta";
import { loadInfoPage } from "~/features/info/info-pages.server";

/** /partners (G). Pure content: no JavaScript is shipped. */
export const handle = { i18n: ["info"], hydrate: false };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadInfoPage({ request, context, lang: params.lang, section: "partners", key: undefined, version: "current" });
}

export const headers = infoPageHeaders;
export const meta = infoPageMeta();

export default function PartnersPage() {
  const page = useLoaderData<typeof loader>();
  return <InfoPage page={page} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
