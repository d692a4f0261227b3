/** backoffice/landing-pages (issue 30 item 5, ADR 120): every SEO landing page. A thin adapter over app/features/editors. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { isLanguage } from "#server/contract/locales";
import { LandingPagesListPage } from "~/features/editors/LandingPagesEditorPages";
import { loadLandingPagesEditor } from "~/features/editors/landing-pages-editor.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["editors"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadLandingPagesEditor(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeLandingPagesRoute() {
  const { items, done } = useLoaderData<typeof loader>();
  const { lang } = useParams();
  return <LandingPagesListPage lang={isLanguage(lang) ? lang : "de"} items={items} done={done} />;
}
