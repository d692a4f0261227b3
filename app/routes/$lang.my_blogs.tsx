/** my_blogs (spec section 2; issue 29 item 3): the author's posts. A thin adapter over app/features/blogs. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { readReply } from "~/components/form/reply";
import { loadMyBlogs, submitMyBlogs } from "~/features/blogs/blogs.server";
import { MyBlogsPage } from "~/features/blogs/MyBlogsPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["blog", "moderation"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadMyBlogs(args);

export const action = (args: ActionFunctionArgs) => submitMyBlogs(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function MyBlogsRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <MyBlogsPage {...loaded} reply={answer ? readReply(answer.lastResult) : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
