/**
 * blogs/add and blogs/{category}/{slug}/edit: the safe editor without JavaScript (ADR 101). The author writes the
 * small markup in a textarea (the guide under it), picks a category and an optional cover from their public photos,
 * and presses preview (the server parses the markup and shows the post as it will look, the form kept), save as
 * draft, or send on (to the team, or published at once and checked after — the page says which applies).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BLOG_CATEGORIES, BLOG_PRECHECKED_POSTS, BLOG_TITLE_MAX, blogPaths, DEFAULT_BLOG_CATEGORY } from "#server/contract/blogs";
import { BLOG_EDITOR_LIMITS, BLOG_MARKUP_GUIDE, type BlogBlock } from "#server/contract/blogs-editor";
import type { Language } from "#server/contract/locales";
import type { BlogSelectableMediaData, OwnBlogData } from "~/api/blogs.server";
import { Field, FormErrors } from "~/components/Field";
import { SelectField, TextAreaField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { Picture } from "~/components/Picture";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { BlogBody } from "./BlogBody";
import * as css from "./blogs.css";

const FIELDS = ["title", "category", "body", "cover_media_id"];

export function BlogEditPage({
  lang,
  title,
  blog,
  media,
  reply,
  preview,
}: {
  lang: Language;
  title: string;
  blog: OwnBlogData | null;
  media: BlogSelectableMediaData["items"];
  reply: FormReply | null;
  preview: BlogBlock[] | null;
}) {
  const { t } = useTranslation("blog");
  const { t: tCommon } = useTranslation();
  const errors = (name: string) => reply?.fieldErrors[name] ?? [];
  // After a post (preview or refusal) the form shows what was sent; the first visit the post's values.
  const kept = (name: string, saved: string) => (reply ? inputText(reply, name) : saved);
  const cover = kept("cover_media_id", blog?.coverMediaId ? String(blog.coverMediaId) : "");
  const coverErrors = errors("cover_media_id");
  const action = blog ? blogPaths.edit(lang, blog.category, blog.slug) : blogPaths.add(lang);
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p className={ui.muted} style={{ margin: 0 }}>
          {t("blog.edit.rule", { number: BLOG_PRECHECKED_POSTS })}
        </p>
        {blog?.state !== undefined && blog.statusName === "rejected" ? (
          <p className={ui.alert} data-testid="blog-edit-rejected">
            {t("blog.edit.rejected_note")}
          </p>
        ) : null}
        {preview ? (
          <section className={`${css.preview} ${ui.stack}`} aria-labelledby="blog-preview-title" data-testid="blog-preview">
            <h2 id="blog-preview-title" style={{ margin: 0, fontSize: "1rem" }} className={ui.muted}>
              {t("blog.edit.preview_title")}
            </h2>
            <h3 style={{ margin: 0, fontSize: "1.5rem", overflowWrap: "anywhere" }}>{inputText(reply!, "title")}</h3>
            <BlogBody blocks={preview} images={media} testId="blog-preview-body" />
          </section>
        ) : null}
        <Form method="post" action={action} className={ui.stack} noValidate>
          {reply ? <FormErrors errors={errorsBesides(reply, FIELDS)} /> : null}
          <Field
            name="title"
            label={t("blog.edit.title_label")}
            hint={t("blog.edit.title_hint", { max: BLOG_TITLE_MAX })}
            defaultValue={kept("title", blog?.title ?? "")}
            maxLength={BLOG_TITLE_MAX}
            required
            errors={errors("title")}
          />
          <SelectField
            name="category"
            label={t("blog.edit.category_label")}
            defaultValue={kept("category", blog?.category ?? DEFAULT_BLOG_CATEGORY)}
            options={BLOG_CATEGORIES.map((category) => ({ value: category, label: t(`blog.categories.${category}`) }))}
            errors={errors("category")}
          />
          <TextAreaField
            name="body"
            label={t("blog.edit.body_label")}
            hint={t("blog.edit.body_hint")}
            defaultValue={kept("body", blog?.markup ?? "")}
            maxLength={BLOG_EDITOR_LIMITS.markupMax}
            rows={14}
            className={css.markup}
            errors={errors("body")}
          />
          <details>
            <summary style={{ minHeight: "44px", display: "flex", alignItems: "center", cursor: "pointer" }}>
              {t("blog.edit.guide_title")}
            </summary>
            <ul className={css.guide} data-testid="blog-markup-guide">
              <li>{t("blog.edit.guide.paragraph")}</li>
              {BLOG_MARKUP_GUIDE.map((entry) => (
                <li key={entry.part}>
                  <code className={css.guideCode}>{entry.example}</code> {t(`blog.edit.guide.${entry.part}`)}
                </li>
              ))}
            </ul>
          </details>
          <fieldset
            style={{ border: 0, padding: 0, margin: 0 }}
            aria-describedby={coverErrors.length > 0 ? "field-cover_media_id-error" : undefined}
          >
            <legend className={ui.label}>{t("blog.edit.media_legend")}</legend>
            {media.length === 0 ? (
              <p className={ui.muted} data-testid="blog-no-media">
                {t("blog.edit.no_media")} <Link to={`/${lang}/user/media_gallery`}>{t("blog.edit.to_gallery")}</Link>
              </p>
            ) : (
              <>
                <p className={ui.muted} style={{ marginTop: 0 }}>
                  {t("blog.edit.media_hint")}
                </p>
                <ul className={css.mediaGrid}>
                  <li>
                    <label className={css.mediaChoice}>
                      <span className={ui.muted}>{t("blog.edit.no_cover")}</span>
                      <input type="radio" name="cover_media_id" value="" defaultChecked={cover === ""} className={ui.choiceControl} />
                    </label>
                  </li>
                  {media.map((entry, index) => (
                    <li key={entry.id}>
                      <label className={css.mediaChoice}>
                        <Picture
                          image={entry.image}
                          alt={t("blog.edit.photo_alt", { number: index + 1 })}
                          sizes="120px"
                          width={120}
                          height={120}
                          className={css.mediaThumb}
                        />
                        <code className={css.guideCode}>{`![](media:${entry.id})`}</code>
                        <input
                          type="radio"
                          name="cover_media_id"
                          value={entry.id}
                          defaultChecked={cover === String(entry.id)}
                          className={ui.choiceControl}
                          aria-label={t("blog.edit.as_cover", { number: index + 1 })}
                        />
                      </label>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </fieldset>
          <ErrorLine
            id="field-cover_media_id-error"
            name="cover_media_id"
            message={coverErrors.map((message) => translateMessage(tCommon, message)).join(" ") || undefined}
          />
          <div className={ui.row}>
            <button type="submit" name="intent" value="preview" className={ui.buttonSecondary} data-testid="blog-preview-button">
              {t("blog.edit.preview")}
            </button>
            <button type="submit" name="intent" value="draft" className={ui.buttonSecondary} data-testid="blog-draft">
              {t("blog.edit.draft")}
            </button>
            <button type="submit" name="intent" value="submit" className={ui.button} data-testid="blog-submit">
              {blog ? t("blog.edit.save") : t("blog.edit.submit")}
            </button>
          </div>
        </Form>
        <Link to={blogPaths.mine(lang)}>{t("blog.edit.to_mine")}</Link>
      </div>
    </main>
  );
}
