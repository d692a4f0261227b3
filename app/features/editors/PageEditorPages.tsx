/** backoffice/pages: the list of pages by language, and one page's editor with its history, diff and restore (ADR 120). */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import { pagePath } from "#server/contract/pages";
import type { PageEditorData, PageEditorIndexData } from "~/api/editors.server";
import { Field, FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { inputText, type FormReply } from "~/components/form/reply";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./editors.css";

export function PageEditorIndexPage({ lang, items }: { lang: Language; items: PageEditorIndexData["items"] }) {
  const { t } = useTranslation("editors");
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <p>
          <Link to={localePath(lang, "backoffice")}>{t("editors.back_office")}</Link>
        </p>
        <h1>{t("editors.pages.title")}</h1>
        <p className={ui.muted}>{t("editors.pages.intro")}</p>
        <ul className={ui.plainList} data-testid="page-list">
          {items.map((item) => (
            <li key={`${item.section}/${item.key}`} className={ui.card}>
              <strong>
                {item.section}/{item.key}
              </strong>
              <div className={ui.row}>
                {SUPPORTED_LANGUAGES.map((language) => (
                  <Link
                    key={language}
                    className={ui.buttonSecondary}
                    to={localePath(lang, `backoffice/pages/${item.section}/${item.key}/${language}`)}
                  >
                    {language.toUpperCase()}{" "}
                    {item.versions[language] === null
                      ? t("editors.pages.file")
                      : t("editors.pages.version", { version: item.versions[language] })}
                  </Link>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}

export function PageEditorPage({
  lang,
  page,
  done,
  failure,
  intent,
}: {
  lang: Language;
  page: PageEditorData;
  done: string | null;
  failure: FormReply | null;
  intent: string | null;
}) {
  const { t } = useTranslation("editors");
  const { t: tCommon } = useTranslation();
  const publishFailure = intent === "publish" ? failure : null;
  const input = (name: string, fallback: string) => (publishFailure ? inputText(publishFailure, name) : fallback);
  const errors = (name: string) => publishFailure?.fieldErrors[name] ?? [];
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" });
  const base = `backoffice/pages/${page.section}/${page.key}/${page.language}`;
  const markdownError = errors("markdown")[0];
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <p>
          <Link to={localePath(lang, "backoffice/pages")}>{t("editors.pages.back")}</Link>
        </p>
        <h1>
          {page.section}/{page.key} ({page.language.toUpperCase()})
        </h1>
        {done ? (
          <p className={ui.notice} role="status" data-testid="page-done">
            {t(done === "restored" ? "editors.pages.restored" : "editors.pages.published")}
          </p>
        ) : null}
        <p className={ui.muted}>
          {page.source === "file" ? t("editors.pages.from_file") : t("editors.pages.shown", { version: page.shown.version })}
        </p>
        <div className={ui.row}>
          <Link className={ui.buttonSecondary} to={localePath(page.language, pagePath(page.section, page.key))}>
            {t("editors.pages.view_public")}
          </Link>
          {/* Only about and legal pages have a public …/previous address (ADR 062). */}
          {page.section === "about" || page.section === "legal" ? (
            <Link className={ui.buttonSecondary} to={localePath(page.language, `${page.section}/${page.key}/previous`)}>
              {t("editors.pages.view_previous")}
            </Link>
          ) : null}
        </div>
        <Form method="post" className={`${ui.card} ${ui.stack}`}>
          <FormErrors errors={publishFailure?.formErrors ?? []} />
          <Field
            name="title"
            label={t("editors.pages.field_title")}
            defaultValue={input("title", page.shown.title)}
            errors={errors("title")}
            required
          />
          <Field
            name="description"
            label={t("editors.pages.field_description")}
            defaultValue={input("description", page.shown.description)}
            errors={errors("description")}
            required
          />
          <div className={ui.field}>
            <label className={ui.label} htmlFor="field-markdown">
              {t("editors.pages.field_markdown")}
            </label>
            <textarea
              id="field-markdown"
              name="markdown"
              className={ui.input}
              rows={18}
              defaultValue={input("markdown", page.shown.markdown)}
              aria-invalid={markdownError ? true : undefined}
              aria-describedby={markdownError ? "field-markdown-error" : undefined}
            />
            <ErrorLine
              id="field-markdown-error"
              name="markdown"
              message={markdownError ? translateMessage(tCommon, markdownError) : undefined}
            />
          </div>
          <Field
            name="reason"
            label={t("editors.pages.field_reason")}
            hint={t("editors.pages.reason_hint")}
            defaultValue={input("reason", "")}
            errors={errors("reason")}
            required
          />
          <div className={ui.row}>
            <button type="submit" className={ui.button}>
              {t("editors.pages.publish")}
            </button>
          </div>
        </Form>
        {page.diff.length > 0 ? (
          <section className={ui.stack} aria-labelledby="diff-title">
            <h2 id="diff-title" className={ui.sectionTitle}>
              {t("editors.pages.diff")}
            </h2>
            <pre className={`${ui.card} ${css.diff}`} data-testid="page-diff">
              {page.diff.map((line, index) => (
                <span key={index} className={css.diffLine[line.op]}>
                  {line.op === "add" ? "+ " : line.op === "del" ? "− " : "  "}
                  {line.text}
                </span>
              ))}
            </pre>
          </section>
        ) : null}
        <section className={ui.stack} aria-labelledby="history-title">
          <h2 id="history-title" className={ui.sectionTitle}>
            {t("editors.pages.history")}
          </h2>
          {page.versions.length === 0 ? (
            <p className={ui.muted}>{t("editors.pages.no_history")}</p>
          ) : (
            <ul className={ui.plainList} data-testid="page-history">
              {page.versions.map((version) => (
                <li key={version.version} className={`${ui.card} ${ui.stack}`}>
                  <div>
                    <strong>{t("editors.pages.version", { version: version.version })}</strong>
                    {version.current ? ` · ${t("editors.pages.current")}` : ""}
                    {version.previous ? ` · ${t("editors.pages.previous")}` : ""}
                  </div>
                  <div className={ui.muted}>
                    {version.reason === "file" ? t("editors.pages.seed") : version.reason} · {version.authorName ?? "—"} ·{" "}
                    {date.format(version.publishedAt ?? version.createdAt)}
                  </div>
                  <div className={ui.row}>
                    <Link className={ui.buttonSecondary} to={localePath(lang, `${base}?version=${version.version}`)}>
                      {t("editors.pages.show")}
                    </Link>
                    {version.current ? null : (
                      <Form method="post" action={localePath(lang, `${base}?intent=restore`)} className={ui.row}>
                        <input type="hidden" name="version" value={version.version} />
                        <input type="hidden" name="reason" value={t("editors.pages.restore_reason", { version: version.version })} />
                        <button type="submit" className={ui.buttonSecondary}>
                          {t("editors.pages.restore")}
                        </button>
                      </Form>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}
