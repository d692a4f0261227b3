/**
 * backoffice/announcements (ADR 044, ADR 120): the list of announcements (state, window, audience, the languages that
 * still show German) with an edit link and an end button each, and one form — new, or the one being edited — with a
 * title and a text per language. Not hydrated: plain forms.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { operatorWallTimeOf, OPERATOR_TIME_ZONE } from "#server/contract/calendar";
import { SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_SEVERITIES,
  ANNOUNCEMENT_TEXT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
} from "#server/contract/notifications";
import type { AnnouncementEditorListData } from "~/api/notifications.server";
import { Field, FormErrors } from "~/components/Field";
import { SelectField, TextAreaField } from "~/components/FieldControls";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./editors.css";

type Item = AnnouncementEditorListData["items"][number];

/** The languages whose text is empty: the bar shows German there (ADR 120). German itself is required. */
export function missingLanguages(item: Pick<Item, "texts">): Language[] {
  return SUPPORTED_LANGUAGES.filter((language) => item.texts[language].trim() === "");
}

function AnnouncementCard({ item, lang, failure }: { item: Item; lang: Language; failure: FormReply | null }) {
  const { t } = useTranslation("editors");
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: OPERATOR_TIME_ZONE });
  const missing = missingLanguages(item);
  const base = localePath(lang, "backoffice/announcements");
  return (
    <li className={`${ui.card} ${ui.stack}`} data-testid="announcement-item" data-state={item.state}>
      <div className={ui.row}>
        <span className={css.state[item.state]}>{t(`editors.announcements.states.${item.state}`)}</span>
        <strong>{t(`editors.announcements.severities.${item.severity}`)}</strong>
        <span className={ui.muted}>{t(`editors.announcements.audiences.${item.audience}`)}</span>
      </div>
      <p className={css.text}>
        {item.titles.de ? <strong>{item.titles.de} </strong> : null}
        {item.texts.de}
      </p>
      <p className={ui.muted}>
        {item.endsAt === null
          ? t("editors.announcements.window_open", { start: date.format(item.startsAt) })
          : t("editors.announcements.window", { start: date.format(item.startsAt), end: date.format(item.endsAt) })}
      </p>
      <p className={missing.length > 0 ? css.missing : ui.muted} data-testid="announcement-languages">
        {missing.length > 0
          ? t("editors.announcements.missing", { languages: missing.map((l) => l.toUpperCase()).join(", "), count: missing.length })
          : t("editors.announcements.complete")}
      </p>
      {failure ? <FormErrors errors={errorsBesides(failure, [])} /> : null}
      <div className={ui.row}>
        <Link className={ui.buttonSecondary} to={`${base}?edit=${item.id}#editor`} data-testid="announcement-edit">
          {t("editors.announcements.edit")}
        </Link>
        {item.state === "ended" ? null : (
          <Form method="post" action={`${base}?intent=end`}>
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" className={ui.buttonSecondary}>
              {t("editors.announcements.end")}
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}

function AnnouncementForm({ lang, editing, failure }: { lang: Language; editing: Item | null; failure: FormReply | null }) {
  const { t } = useTranslation("editors");
  const saved = (name: string): string => {
    if (!editing) return "";
    const [field, language] = name.split("_") as [string, Language];
    if (field === "title") return editing.titles[language];
    if (field === "text") return editing.texts[language];
    if (name === "starts_at") return operatorWallTimeOf(editing.startsAt);
    if (name === "ends_at") return editing.endsAt === null ? "" : operatorWallTimeOf(editing.endsAt);
    if (name === "url") return editing.url;
    return "";
  };
  const input = (name: string) => (failure ? inputText(failure, name) : saved(name));
  const errors = (name: string) => failure?.fieldErrors[name] ?? [];
  const base = localePath(lang, "backoffice/announcements");
  return (
    <Form
      method="post"
      action={editing ? `${base}?edit=${editing.id}` : base}
      className={`${ui.card} ${ui.stack}`}
      id="editor"
      data-testid="announcement-form"
    >
      <h2 className={ui.sectionTitle}>
        {editing ? t("editors.announcements.editing", { id: editing.id }) : t("editors.announcements.new")}
      </h2>
      <FormErrors errors={failure?.formErrors ?? []} />
      <SelectField
        name="severity"
        label={t("editors.announcements.severity")}
        defaultValue={input("severity") || editing?.severity || "info"}
        errors={errors("severity")}
        options={ANNOUNCEMENT_SEVERITIES.map((value) => ({ value, label: t(`editors.announcements.severities.${value}`) }))}
      />
      <SelectField
        name="audience"
        label={t("editors.announcements.audience")}
        defaultValue={input("audience") || editing?.audience || "all"}
        errors={errors("audience")}
        options={ANNOUNCEMENT_AUDIENCES.map((value) => ({ value, label: t(`editors.announcements.audiences.${value}`) }))}
      />
      {SUPPORTED_LANGUAGES.map((language) => (
        <fieldset key={language} className={`${css.fieldset} ${ui.stack}`} data-testid={`announcement-language-${language}`}>
          <legend className={ui.label}>
            {t(`editors.languages.${language}`)}
            {language !== "de" && editing && editing.texts[language].trim() === "" ? (
              <span className={css.missing}> · {t("editors.announcements.language_missing")}</span>
            ) : null}
          </legend>
          <Field
            name={`title_${language}`}
            label={t(`editors.announcements.title_${language}`)}
            hint={language === "de" ? t("editors.announcements.title_hint") : undefined}
            maxLength={ANNOUNCEMENT_TITLE_MAX}
            defaultValue={input(`title_${language}`)}
            errors={errors(`title_${language}`)}
          />
          <TextAreaField
            name={`text_${language}`}
            label={t(`editors.announcements.text_${language}`)}
            rows={3}
            maxLength={ANNOUNCEMENT_TEXT_MAX}
            defaultValue={input(`text_${language}`)}
            errors={errors(`text_${language}`)}
            required={language === "de"}
          />
        </fieldset>
      ))}
      <Field
        name="url"
        label={t("editors.announcements.url")}
        hint={t("editors.announcements.url_hint")}
        defaultValue={input("url")}
        errors={errors("url")}
      />
      <Field
        name="starts_at"
        type="datetime-local"
        label={t("editors.announcements.starts_at")}
        hint={t("editors.announcements.starts_hint")}
        defaultValue={input("starts_at")}
        errors={errors("starts_at")}
      />
      <Field
        name="ends_at"
        type="datetime-local"
        label={t("editors.announcements.ends_at")}
        hint={t("editors.announcements.ends_hint")}
        defaultValue={input("ends_at")}
        errors={errors("ends_at")}
      />
      <div className={ui.row}>
        <button type="submit" className={ui.button}>
          {editing ? t("editors.announcements.save") : t("editors.announcements.publish")}
        </button>
        {editing ? (
          <Link className={ui.buttonSecondary} to={base}>
            {t("editors.announcements.cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function AnnouncementsEditorPage({
  lang,
  items,
  editing,
  done,
  failure,
  intent,
}: {
  lang: Language;
  items: Item[];
  editing: Item | null;
  done: string | null;
  failure: FormReply | null;
  intent: string | null;
}) {
  const { t } = useTranslation("editors");
  const endFailure = intent === "end" ? failure : null;
  const endFailedId = endFailure ? Number(endFailure.input.id) : null;
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <p>
          <Link to={localePath(lang, "backoffice")}>{t("editors.back_office")}</Link>
        </p>
        <h1>{t("editors.announcements.title")}</h1>
        <p className={ui.muted}>{t("editors.announcements.intro")}</p>
        {done ? (
          <p className={ui.notice} role="status" data-testid={`announcement-${done}`}>
            {t(`editors.announcements.done_${done}`)}
          </p>
        ) : null}
        {endFailure && !items.some((item) => item.id === endFailedId) ? <FormErrors errors={errorsBesides(endFailure, [])} /> : null}
        {editing ? null : (
          <p>
            <a className={ui.button} href="#editor">
              {t("editors.announcements.new")}
            </a>
          </p>
        )}
        <section className={ui.stack} aria-labelledby="announcements-list-title">
          <h2 id="announcements-list-title" className={ui.sectionTitle}>
            {t("editors.announcements.list")}
          </h2>
          {items.length === 0 ? (
            <p className={ui.card}>{t("editors.announcements.none")}</p>
          ) : (
            <ul className={ui.plainList} data-testid="announcements-list">
              {items.map((item) => (
                <AnnouncementCard key={item.id} item={item} lang={lang} failure={endFailedId === item.id ? endFailure : null} />
              ))}
            </ul>
          )}
        </section>
        <AnnouncementForm lang={lang} editing={editing} failure={intent === "save" ? failure : null} />
      </div>
    </main>
  );
}
