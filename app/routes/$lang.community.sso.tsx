/** /{lang}/community/sso: the forum's DiscourseConnect address (discourse_connect_url; ADR 134). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { ForumMessagePage } from "~/features/forum/ForumMessagePage";
import { loadForumSignOn } from "~/features/forum/forum.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["forum"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadForumSignOn(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ForumSignOnRoute() {
  const { title, errorKey } = useLoaderData<typeof loader>();
  return <ForumMessagePage title={title} errorKey={errorKey} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
