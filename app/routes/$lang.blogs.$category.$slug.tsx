/**
 * blogs/{category}/{slug}: a STAND-IN for the post page of helper "blogs" (issue 29 item 3), only so the comments
 * section and like button have a page on this branch (ADR 103). At the merge the real page replaces this file and
 * mounts the same two components with `loadBlogComments` in its loader.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CommentsSection } from "~/features/blogs/comments/CommentsSection";
import { loadBlogComments } from "~/features/blogs/comments/comments.server";
import { LikeButton } from "~/features/blogs/comments/LikeButton";
import { useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["blogs-comments"], hydrate: false };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const comments = await loadBlogComments(request, context, params.slug ?? "");
  if (!comments || comments.post.category !== params.category) throw await notFoundResponse(request);
  return data({ title: comments.post.title, comments }, { headers: PRIVATE_HEADERS });
}

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader();

export default function BlogPostStandInRoute() {
  const { title, comments } = useLoaderData<typeof loader>();
  const lang = useLang();
  return (
    <main className={`${ui.page} ${ui.narrow}`}>
      <article className={ui.stack}>
        <h1>{title}</h1>
        <LikeButton post={comments.post} lang={lang} />
        <CommentsSection comments={comments} lang={lang} />
      </article>
    </main>
  );
}
