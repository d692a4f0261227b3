/**
 * blogs/{category}/{slug} (G): one post — title, category, author, date in the reader's language, cover, body — and
 * below it the place where the comments feature mounts the likes button and the comments (issue 29 item 4). The
 * author sees the post's state (and, rejected, the team's reason) and an edit link.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BLOG_STATE, blogPaths } from "#server/contract/blogs";
import type { Language } from "#server/contract/locales";
import type { BlogPostData } from "~/api/blogs.server";
import { Picture } from "~/components/Picture";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import { BlogBody } from "./BlogBody";
import * as css from "./blogs.css";

export function BlogPostPage({
  lang,
  post,
  done,
  community,
}: {
  lang: Language;
  post: BlogPostData;
  done: string | null;
  /** The comments feature's likes button and comments section (issue 29 item 4), mounted by the route. */
  community?: React.ReactNode;
}) {
  const { t } = useTranslation("blog");
  const date = formatCalendarDate(homeDayOf(post.publishedAt ?? post.createdAt), lang);
  return (
    <main className={ui.page}>
      <article className={ui.stack} data-testid="blog-post" data-state={post.state}>
        {done ? (
          <p className={ui.notice} role="status" data-testid="blog-done">
            {t(`blog.post.done.${done}`)}
          </p>
        ) : null}
        {!post.isPublic ? (
          // A rejection is news the author must act on; a draft or a post waiting for the team is only a state.
          <p className={post.statusName === "rejected" ? ui.alert : ui.card} data-testid="blog-not-public">
            {t(`blog.post.not_public.${post.statusName}`)}
          </p>
        ) : null}
        <header className={ui.stack} style={{ gap: "0.5rem" }}>
          <span>
            <span className={css.categoryTag}>{t(`blog.categories.${post.category}`)}</span>
          </span>
          <h1 style={{ margin: 0, overflowWrap: "anywhere" }}>{post.title}</h1>
          <p className={`${css.byline} ${ui.muted}`} style={{ margin: 0 }}>
            <span>
              {t("blog.post.by")}{" "}
              <Link to={`/${lang}/p/${encodeURIComponent(post.author.username)}`} data-testid="blog-author">
                {post.author.displayName}
              </Link>
            </span>
            <span aria-hidden="true">·</span>
            <time dateTime={new Date(post.publishedAt ?? post.createdAt).toISOString()} data-testid="blog-date">
              {date}
            </time>
          </p>
          {post.isOwn ? (
            <p style={{ margin: 0 }}>
              <Link className={ui.buttonSecondary} to={blogPaths.edit(lang, post.category, post.slug)} data-testid="blog-edit">
                {t("blog.post.edit")}
              </Link>{" "}
              <Link className={ui.linkButton} to={blogPaths.mine(lang)}>
                {t("blog.post.to_mine")}
              </Link>
            </p>
          ) : null}
          {post.isOwn && post.state === BLOG_STATE.post_check ? <p className={ui.muted}>{t("blog.post.post_check_hint")}</p> : null}
        </header>
        {post.cover ? (
          <Picture
            image={post.cover}
            alt={t("blog.post.cover_alt", { title: post.title })}
            sizes="(min-width: 1024px) 960px, 100vw"
            width={960}
            height={Math.round((960 * post.cover.height) / post.cover.width)}
            className={css.cover}
            priority
          />
        ) : null}
        <BlogBody blocks={post.body} images={post.images} />
        {/* Issue 29 item 4 (helper "comments"): the likes button and the comments section mount here. */}
        <section className={css.community} aria-label={t("blog.post.community_label")} data-testid="blog-community">
          {community ?? null}
        </section>
      </article>
    </main>
  );
}
