/** backoffice/blogs: blog posts for the team (issue 29 item 7, ADR 101); a 404 for everyone else. A thin adapter over app/features/blogs. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BackofficeBlogsPage } from "~/features/blogs/BackofficeBlogsPage";
import { loadBlogQueue, submitBlogDecision } from "~/features/blogs/blogs.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["blog", "moderation", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBlogQueue(args);

export const action = (args: ActionFunctionArgs) => submitBlogDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeBlogsRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BackofficeBlogsPage queue={queue} done={failure ? null : done} failure={failure} />;
}
