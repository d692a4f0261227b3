/** blogs/{category}/{slug}/comments/{id}/report: a member reports a comment (ADR 103). A thin adapter over app/features/blogs/comments. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { ReportCommentPage } from "~/features/blogs/comments/CommentPages";
import { loadCommentReport, submitCommentReport } from "~/features/blogs/comments/comments.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["blogs-comments", "reports"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadCommentReport(args);

export const action = (args: ActionFunctionArgs) => submitCommentReport(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ReportBlogCommentRoute() {
  const { title, backPath } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <ReportCommentPage title={title} backPath={backPath} failure={answer ? readReply(answer.lastResult) : null} />;
}
