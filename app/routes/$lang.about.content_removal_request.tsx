/**
 * /about/content_removal_request (G): the page text plus the public notice form (ADR 038), reachable from every
 * page's footer, with or without login. The form files a report through POST /reports and works without
 * JavaScript. A static segment, so it wins over $lang.about.($key).
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CONTENT_REMOVAL_PAGE_KEY } from "#server/contract/pages";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { readReply } from "~/components/form/reply";
import { InfoPage } from "~/features/info/InfoPage";
import { infoPageHeaders, infoPageMeta } from "~/features/info/meta";
import { NoticeForm, NoticeSent } from "~/features/reports/NoticeForm";
import { submitNotice } from "~/features/reports/notice.server";
import { CACHE_HEADER, privateAnswer } from "~/utils/cache-headers";
import { loadInfoPage } from "~/features/info/info-pages.server";

export const handle = { i18n: ["info", "reports"], hydrate: false };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadInfoPage({ request, context, lang: params.lang, section: "about", key: CONTENT_REMOVAL_PAGE_KEY, version: "current" });
}

export const headers: HeadersFunction = (args) =>
  args.actionHeaders.get(CACHE_HEADER) ? new Headers(privateAnswer()) : infoPageHeaders(args);
export const meta = infoPageMeta();

export const action = (args: ActionFunctionArgs) => submitNotice(args);

export default function ContentRemovalRequestPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  const [searchParams] = useSearchParams();
  const sent = searchParams.get("sent") === "1" && !failure;
  return (
    <InfoPage page={page} lead={sent ? <NoticeSent receipt={searchParams.get("receipt")} /> : null}>
      <NoticeForm failure={failure} />
    </InfoPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
