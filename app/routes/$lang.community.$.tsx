/** /{lang}/community/* (spec section 2 "community/* (embedded forum, G)"): the way into the forum, or a page saying there is none (ADR 134). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { CommunityPage } from "~/features/forum/CommunityPage";
import { loadCommunity } from "~/features/forum/forum.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["forum"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadCommunity(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader();

export default function CommunityRoute() {
  const { configured, forumUrl, openUrl, languageSaved } = useLoaderData<typeof loader>();
  return <CommunityPage configured={configured} forumUrl={forumUrl} openUrl={openUrl} languageSaved={languageSaved} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
