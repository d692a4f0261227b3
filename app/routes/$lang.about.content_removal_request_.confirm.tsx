/**
 * about/content_removal_request/confirm?token=… (ADR 059): a guest confirms the address of their notice. A thin
 * adapter over app/features/reports; the trailing underscore keeps it out of the notice page's layout.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { readReply } from "~/components/form/reply";
import { NoticeConfirmPage } from "~/features/reports/NoticeConfirmPage";
import { loadNoticeConfirm, NOTICE_CONFIRM_HEADERS, submitNoticeConfirm } from "~/features/reports/notice-confirm.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["reports"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadNoticeConfirm(args);

export const action = (args: ActionFunctionArgs) => submitNoticeConfirm(args);

export const headers = () => NOTICE_CONFIRM_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function NoticeConfirmRoute() {
  const reply = useActionData<typeof action>();
  return <NoticeConfirmPage view={useLoaderData<typeof loader>()} failure={reply ? readReply(reply.lastResult) : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
