/** backoffice/pages (issue 30 item 5, ADR 120): every info and legal page by language. A thin adapter over app/features/editors. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useParams } from "@remix-run/react";
import { isLanguage } from "#server/contract/locales";
import { PageEditorIndexPage } from "~/features/editors/PageEditorPages";
import { loadPageEditorIndex } from "~/features/editors/page-editor.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["editors"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPageEditorIndex(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficePagesRoute() {
  const { items } = useLoaderData<typeof loader>();
  const { lang } = useParams();
  return <PageEditorIndexPage lang={isLanguage(lang) ? lang : "de"} items={items} />;
}
