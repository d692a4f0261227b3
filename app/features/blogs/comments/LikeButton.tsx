/**
 * The like button of a blog post (issue 29 item 4, ADR 103): the count, and for members a plain form that likes or
 * takes the like back (posted to `blogs/{category}/{slug}/like`, which redirects back to #like). Guests see the count
 * and a link to log in.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import * as ui from "~/styles/ui.css";
import type { BlogCommentsData } from "./comments.server";
import * as css from "./comments.css";
import { blogCommentPaths } from "./paths";

export function LikeButton({ post, lang }: { post: BlogCommentsData["post"]; lang: Language }) {
  const { t } = useTranslation("blogs-comments");
  const count = new Intl.NumberFormat(lang).format(post.likeCount);
  const action = blogCommentPaths.like(lang, post.category, post.slug);
  return (
    <div id="like" className={css.like} data-testid="blog-like">
      <span data-testid="blog-like-count">{t("blogs_comments.like.count", { count: post.likeCount, formatted: count })}</span>
      {post.mayLike ? (
        <Form method="post" action={action}>
          <input type="hidden" name="liked" value={post.liked ? "0" : "1"} />
          <button type="submit" className={post.liked ? ui.buttonSecondary : ui.button} aria-pressed={post.liked}>
            {post.liked ? t("blogs_comments.like.unlike") : t("blogs_comments.like.like")}
          </button>
        </Form>
      ) : (
        <Link className={ui.linkButton} to={`/${lang}/login?r=${encodeURIComponent(action.replace(/\/like$/, ""))}`}>
          {t("blogs_comments.like.login")}
        </Link>
      )}
    </div>
  );
}
