/**
 * The comments of a blog post (issue 29 item 4, ADR 103), for the post page: threads oldest first with their replies,
 * "earlier"/"more" links that page without JavaScript (?comments_page=N#comments), the comment form, a reply and an
 * edit form per comment inside <details> (no script needed to open them), delete for the author (and the post's
 * author), and a link to report. Every form posts to `blogs/{category}/{slug}/comments`, which returns to the comment
 * (#comment-{id}). Texts are plain text: React escapes them, so markup shows as the characters typed.
 */
import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  BLOG_COMMENT_MAX,
  BLOG_COMMENTS_ANCHOR,
  BLOG_COMMENTS_PAGE_PARAM,
  blogCommentAnchor,
  blogPostPath,
} from "#server/contract/blogs-comments";
import type { Language } from "#server/contract/locales";
import { TextAreaField } from "~/components/FieldControls";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import type { BlogCommentsData } from "./comments.server";
import * as css from "./comments.css";
import { blogCommentPaths } from "./paths";

type Thread = BlogCommentsData["items"][number];
type Comment = Thread["replies"][number];
type Post = BlogCommentsData["post"];

export function CommentsSection({ comments, lang }: { comments: BlogCommentsData; lang: Language }) {
  const { t } = useTranslation("blogs-comments");
  const [search] = useSearchParams();
  const { post, items, page, pageSize, total } = comments;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (to: number) =>
    `${blogPostPath(lang, post.category, post.slug)}${to > 1 ? `?${BLOG_COMMENTS_PAGE_PARAM}=${to}` : ""}#${BLOG_COMMENTS_ANCHOR}`;
  return (
    <section id={BLOG_COMMENTS_ANCHOR} className={ui.stack} aria-labelledby="comments-title" data-testid="blog-comments">
      <h2 id="comments-title" className={ui.sectionTitle}>
        {t("blogs_comments.title", { count: post.commentCount, formatted: new Intl.NumberFormat(lang).format(post.commentCount) })}
      </h2>
      {search.get("reported") === "1" ? (
        <p className={ui.notice} role="status" data-testid="comment-reported">
          {t("blogs_comments.report.done")}
        </p>
      ) : null}
      {page > 1 ? (
        <Link className={ui.linkButton} to={pageLink(page - 1)} data-testid="comments-earlier">
          {t("blogs_comments.earlier")}
        </Link>
      ) : null}
      {items.length === 0 ? (
        <p className={ui.muted} data-testid="comments-empty">
          {page > 1 ? t("blogs_comments.page_empty") : t("blogs_comments.empty")}
        </p>
      ) : (
        <ol className={ui.plainList} style={{ display: "flex", flexDirection: "column", gap: "16px" }}>
          {items.map((thread) => (
            <li key={thread.id} className={css.thread}>
              <CommentItem comment={thread} post={post} lang={lang} />
              {thread.replies.length > 0 ? (
                <ol className={css.replies} aria-label={t("blogs_comments.replies", { count: thread.replies.length })}>
                  {thread.replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} post={post} lang={lang} />
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {page < pages ? (
        <Link className={ui.linkButton} to={pageLink(page + 1)} data-testid="comments-more">
          {t("blogs_comments.more", { count: total - page * pageSize })}
        </Link>
      ) : null}
      {post.mayComment ? (
        <CommentForm
          post={post}
          lang={lang}
          intent="add"
          id="comment-new"
          label={t("blogs_comments.form.label")}
          submit={t("blogs_comments.form.submit")}
        />
      ) : (
        <p>
          <Link className={ui.linkButton} to={`/${lang}/login?r=${encodeURIComponent(blogPostPath(lang, post.category, post.slug))}`}>
            {t("blogs_comments.form.login")}
          </Link>
        </p>
      )}
    </section>
  );
}

function CommentItem({ comment, post, lang }: { comment: Comment; post: Post; lang: Language }) {
  const { t } = useTranslation("blogs-comments");
  const anchor = blogCommentAnchor(comment.id);
  if (comment.deleted)
    return (
      <article id={anchor} className={css.comment} data-testid="blog-comment" data-comment-id={comment.id}>
        <p className={`${css.body} ${ui.muted}`}>{t("blogs_comments.deleted")}</p>
      </article>
    );
  return (
    <article id={anchor} className={css.comment} data-testid="blog-comment" data-comment-id={comment.id}>
      <p className={css.meta}>
        <strong>{comment.author?.displayName}</strong> ·{" "}
        <time dateTime={new Date(comment.createdAt).toISOString()}>{formatHomeMoment(comment.createdAt, lang)}</time>
        {comment.editedAt !== null ? ` · ${t("blogs_comments.edited")}` : null}
      </p>
      <p className={css.body} data-testid="blog-comment-body">
        {comment.body}
      </p>
      {comment.mayReply ? (
        <details>
          <summary className={css.toggle}>{t("blogs_comments.reply.toggle")}</summary>
          <CommentForm
            post={post}
            lang={lang}
            intent="add"
            id={`reply-${comment.id}`}
            parentId={comment.id}
            label={t("blogs_comments.reply.label", { name: comment.author?.displayName ?? "" })}
            submit={t("blogs_comments.reply.submit")}
          />
        </details>
      ) : null}
      {comment.mayEdit ? (
        <details>
          <summary className={css.toggle}>{t("blogs_comments.edit.toggle")}</summary>
          <CommentForm
            post={post}
            lang={lang}
            intent="edit"
            id={`edit-${comment.id}`}
            commentId={comment.id}
            defaultValue={comment.body ?? ""}
            label={t("blogs_comments.edit.label")}
            submit={t("blogs_comments.edit.submit")}
          />
        </details>
      ) : null}
      {comment.mayDelete || comment.mayReport ? (
        <div className={css.actions}>
          {comment.mayDelete ? (
            <Form method="post" action={blogCommentPaths.comments(lang, post.category, post.slug)} className={css.inlineForm}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={comment.id} />
              <button type="submit" className={ui.linkButton} data-testid="comment-delete">
                {t("blogs_comments.delete")}
              </button>
            </Form>
          ) : null}
          {comment.mayReport ? (
            <Link className={ui.linkButton} to={blogCommentPaths.report(lang, post.category, post.slug, comment.id)} rel="nofollow">
              {t("blogs_comments.report.link")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** One comment form: a new comment, a reply (parentId) or an edit (commentId), with the text's rule as the hint. */
export function CommentForm({
  post,
  lang,
  intent,
  id,
  label,
  submit,
  parentId,
  commentId,
  defaultValue,
  errors,
}: {
  post: Pick<Post, "category" | "slug">;
  lang: Language;
  intent: "add" | "edit";
  id: string;
  label: string;
  submit: string;
  parentId?: number;
  commentId?: number;
  defaultValue?: string;
  errors?: string[];
}) {
  const { t } = useTranslation("blogs-comments");
  return (
    <Form
      method="post"
      action={blogCommentPaths.comments(lang, post.category, post.slug)}
      className={ui.stack}
      noValidate
      data-testid={`comment-form-${intent}`}
    >
      <input type="hidden" name="intent" value={intent} />
      {parentId !== undefined ? <input type="hidden" name="parent_id" value={parentId} /> : null}
      {commentId !== undefined ? <input type="hidden" name="id" value={commentId} /> : null}
      <TextAreaField
        id={id}
        name="body"
        label={label}
        hint={t("blogs_comments.form.hint", { max: BLOG_COMMENT_MAX })}
        rows={3}
        maxLength={BLOG_COMMENT_MAX}
        defaultValue={defaultValue}
        errors={errors}
      />
      <p style={{ margin: 0 }}>
        <button type="submit" className={ui.button}>
          {submit}
        </button>
      </p>
    </Form>
  );
}
