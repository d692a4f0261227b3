/**
 * blogs/{category}/{slug}/comments: where the comment forms of a post go (add, reply, edit, delete; ADR 103). A GET
 * shows a link back to the post; a refused post shows the form again with the text kept. A thin adapter over
 * app/features/blogs/comments.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useParams } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { CommentFormPage } from "~/features/blogs/comments/CommentPages";
import { loadCommentsRoute, submitBlogComment } from "~/features/blogs/comments/comments.server";
import { useTranslation } from "react-i18next";
import { useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["blogs-comments"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadCommentsRoute(args);

export const action = (args: ActionFunctionArgs) => submitBlogComment(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BlogCommentsRoute() {
  const answer = useActionData<typeof action>();
  const page = useLoaderData<typeof loader>();
  const params = useParams();
  const lang = useLang();
  const { t } = useTranslation("blogs-comments");
  if (!answer)
    return (
      <main className={ui.page}>
        <Link className={ui.linkButton} to={page.postPath}>
          {t("blogs_comments.back")}
        </Link>
      </main>
    );
  return (
    <CommentFormPage
      title={answer.title}
      postPath={answer.postPath}
      failure={readReply(answer.lastResult)}
      post={{ category: params.category ?? "", slug: params.slug ?? "" }}
      lang={lang}
    />
  );
}
