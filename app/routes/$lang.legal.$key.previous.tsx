import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { PreviousVersionPage } from "~/features/info/InfoPage";
import { infoPageHeaders, infoPageMeta } from "~/features/info/meta";
import { loadInfoPage } from "~/features/info/info-pages.server";

/** /legal/{key}/previous (G): the previous version without header or footer. */
export const handle = { i18n: ["info"], hydrate: false, layout: "bare" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadInfoPage({ request, context, lang: params.lang, section: "legal", key: params.key, version: "previous" });
}

export const headers = infoPageHeaders;
export const meta = infoPageMeta({ noindex: true });

export default function LegalPreviousPage() {
  const page = useLoaderData<typeof loader>();
  return <PreviousVersionPage page={page} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
