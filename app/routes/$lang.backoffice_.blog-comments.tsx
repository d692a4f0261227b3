/** backoffice/blog-comments: reported blog comments for team and backend accounts (ADR 103); a 404 for everyone else. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BlogCommentQueuePage } from "~/features/blogs/comments/CommentPages";
import { loadBlogCommentQueue, submitBlogCommentDecision } from "~/features/blogs/comments/comments.server";
import { useLang } from "~/i18n/lang";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["blogs-comments", "reports", "queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBlogCommentQueue(args);

export const action = (args: ActionFunctionArgs) => submitBlogCommentDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeBlogCommentsRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BlogCommentQueuePage queue={queue} done={failure ? null : done} failure={failure} lang={useLang()} />;
}
