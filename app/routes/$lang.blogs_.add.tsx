/** blogs/add (spec section 2; issue 29 item 3): a new post in the safe editor. A thin adapter over app/features/blogs. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { readReply } from "~/components/form/reply";
import { BlogEditPage } from "~/features/blogs/BlogEditPage";
import { loadBlogEdit, submitBlogEdit } from "~/features/blogs/blogs.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["blog"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBlogEdit(args);

export const action = (args: ActionFunctionArgs) => submitBlogEdit(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BlogAddRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <BlogEditPage {...loaded} reply={answer ? readReply(answer.lastResult) : null} preview={answer?.preview ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
