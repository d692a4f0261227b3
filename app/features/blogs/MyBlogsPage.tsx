/**
 * my_blogs (spec sections 2, 3 "Manager filters: all, category, status"): the author's posts with their status, the
 * team's reason for a rejected one, edit and delete (a second, deliberate click), 10 a page. The filter is a GET form
 * of a category and a status select; the loader names the spec's filter from what was chosen (status before category).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BLOG_CATEGORIES, BLOG_STATUS_NAMES, blogPaths, type MyBlogsFilter } from "#server/contract/blogs";
import type { Language } from "#server/contract/locales";
import type { MyBlogListData } from "~/api/blogs.server";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import * as css from "./blogs.css";

type Query = { filter: MyBlogsFilter; category?: string; status?: string; page: number };

export function MyBlogsPage({
  lang,
  title,
  list,
  query,
  done,
  reply,
}: {
  lang: Language;
  title: string;
  list: MyBlogListData;
  query: Query;
  done: "deleted" | null;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("blog");
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (query.category) params.set("category", query.category);
    if (query.status) params.set("status", query.status);
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return text ? `?${text}` : blogPaths.mine(lang);
  };
  const filtered = query.filter !== "all";
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        {done ? (
          <p className={ui.notice} role="status" data-testid="my-blogs-done">
            {t(`blog.mine.done.${done}`)}
          </p>
        ) : null}
        {reply ? <FormErrors errors={allErrors(reply)} /> : null}
        <p style={{ margin: 0 }}>
          <Link className={ui.button} to={blogPaths.add(lang)} data-testid="blog-new">
            {t("blog.mine.new")}
          </Link>
        </p>
        <Form method="get" className={css.filters} data-testid="my-blogs-filter">
          <div className={ui.field}>
            <label className={ui.label} htmlFor="my-blogs-category">
              {t("blog.mine.category_label")}
            </label>
            <select id="my-blogs-category" name="category" className={ui.input} defaultValue={query.category ?? ""}>
              <option value="">{t("blog.mine.any")}</option>
              {BLOG_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`blog.categories.${category}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="my-blogs-status">
              {t("blog.mine.status_label")}
            </label>
            <select id="my-blogs-status" name="status" className={ui.input} defaultValue={query.status ?? ""}>
              <option value="">{t("blog.mine.any")}</option>
              {BLOG_STATUS_NAMES.map((status) => (
                <option key={status} value={status}>
                  {t(`blog.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={`${ui.buttonSecondary} ${css.actionButton}`}>
            {t("blog.mine.apply")}
          </button>
        </Form>
        <p className={ui.muted} style={{ margin: 0 }}>
          {t("blog.mine.count", { number: list.total })}
        </p>
        {list.items.length === 0 ? (
          <p className={ui.card} data-testid="my-blogs-empty">
            {filtered ? t("blog.mine.empty_filtered") : t("blog.mine.empty")}
          </p>
        ) : (
          <ul className={ui.plainList} data-testid="my-blogs">
            {list.items.map((blog) => (
              <li key={blog.id} className={css.rowCard} data-testid="my-blog" data-blog-id={blog.id} data-status={blog.statusName}>
                <h2 className={css.rowTitle}>
                  <Link to={blogPaths.post(lang, blog.category, blog.slug)}>{blog.title}</Link>
                </h2>
                <span className={ui.muted}>
                  <span className={css.status} data-testid="my-blog-status">
                    {t(`blog.status.${blog.statusName}`)}
                  </span>
                  {" · "}
                  {t(`blog.categories.${blog.category}`)}
                  {" · "}
                  {formatCalendarDate(homeDayOf(blog.createdAt), lang)}
                </span>
                {blog.rejectionReason ? (
                  <p className={ui.alert} style={{ margin: 0 }} data-testid="my-blog-rejection">
                    {t("blog.mine.rejected_because", { reason: t(`moderation.reasons.${blog.rejectionReason}`, { ns: "moderation" }) })}
                  </p>
                ) : null}
                {blog.excerpt ? <p style={{ margin: 0 }}>{blog.excerpt}</p> : null}
                <div className={css.actions}>
                  <Link
                    className={`${ui.buttonSecondary} ${css.actionButton}`}
                    to={blogPaths.edit(lang, blog.category, blog.slug)}
                    data-testid="my-blog-edit"
                  >
                    {t("blog.mine.edit")}
                  </Link>
                  {/* Deleting cannot be undone: a second, deliberate click (a disclosure, no JavaScript needed). */}
                  <details className={css.confirm}>
                    <summary className={`${ui.buttonSecondary} ${css.actionButton}`} data-testid="my-blog-delete-open">
                      {t("blog.mine.delete")}
                    </summary>
                    <p className={ui.muted} style={{ margin: 0 }}>
                      {t("blog.mine.delete_hint")}
                    </p>
                    <Form method="post">
                      <input type="hidden" name="id" value={blog.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete"
                        className={`${ui.button} ${css.actionButton}`}
                        data-testid="my-blog-delete"
                      >
                        {t("blog.mine.delete_confirm")}
                      </button>
                    </Form>
                  </details>
                </div>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className={css.pager} aria-label={t("blog.mine.pages", { page: list.page, pages })}>
            {list.page > 1 ? (
              <Link className={ui.linkButton} to={pageLink(list.page - 1)}>
                {t("blog.mine.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span>{t("blog.mine.pages", { page: list.page, pages })}</span>
            {list.page < pages ? (
              <Link className={ui.linkButton} to={pageLink(list.page + 1)}>
                {t("blog.mine.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </main>
  );
}
