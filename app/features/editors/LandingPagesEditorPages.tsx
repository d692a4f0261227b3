/**
 * backoffice/landing-pages (ADR 120): the list of SEO landing pages with their state, filter and the languages that
 * still show German; and one page's editor (new or existing) with its on/off switch and the link to the public page.
 * Not hydrated: plain forms.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANDING_GENDERS, LANDING_LIMITS, LANDING_USER_TYPES } from "#server/contract/editors";
import { SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import type { LandingPageItemData, LandingPageListData } from "~/api/editors.server";
import { Field, FormErrors } from "~/components/Field";
import { SelectField, TextAreaField } from "~/components/FieldControls";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./editors.css";

type Item = LandingPageItemData;

/**
 * The languages without texts of their own: the public page shows German there (ADR 120). A page without German
 * texts has none at all (German is required on every save): it shows the generic texts, which the list says instead.
 */
const missingOf = (item: Pick<Item, "texts">) => SUPPORTED_LANGUAGES.filter((language) => !item.texts[language]);

function useFilterLabel() {
  const { t } = useTranslation("editors");
  return (item: Pick<Item, "userType" | "city" | "gender">) =>
    [
      t(`editors.landing.user_types.${item.userType}`),
      item.city || t("editors.landing.any_city"),
      t(`editors.landing.genders.${item.gender || "any"}`),
    ].join(" · ");
}

export function LandingPagesListPage({ lang, items, done }: { lang: Language; items: LandingPageListData["items"]; done: string | null }) {
  const { t } = useTranslation("editors");
  const filterLabel = useFilterLabel();
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium" });
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <p>
          <Link to={localePath(lang, "backoffice")}>{t("editors.back_office")}</Link>
        </p>
        <h1>{t("editors.landing.title")}</h1>
        <p className={ui.muted}>{t("editors.landing.intro")}</p>
        {done ? (
          <p className={ui.notice} role="status">
            {t(`editors.landing.done_${done}`)}
          </p>
        ) : null}
        <p>
          <Link className={ui.button} to={localePath(lang, "backoffice/landing-pages/new")} data-testid="landing-new">
            {t("editors.landing.new")}
          </Link>
        </p>
        {items.length === 0 ? (
          <p className={ui.card}>{t("editors.landing.none")}</p>
        ) : (
          <ul className={ui.plainList} data-testid="landing-list">
            {items.map((item) => {
              const missing = missingOf(item);
              return (
                <li key={item.id} className={`${ui.card} ${ui.stack}`} data-testid="landing-item" data-short-url={item.shortUrl}>
                  <div className={ui.row}>
                    <span className={item.active ? css.state.on : css.state.off}>
                      {t(item.active ? "editors.landing.on" : "editors.landing.off")}
                    </span>
                    <strong>lp/{item.shortUrl}</strong>
                  </div>
                  <p className={item.texts.de ? css.text : ui.muted}>{item.texts.de?.title ?? t("editors.landing.no_text")}</p>
                  <p className={ui.muted}>
                    {filterLabel(item)} · {t("editors.landing.updated", { date: date.format(item.updatedAt) })}
                  </p>
                  {item.texts.de && missing.length > 0 ? (
                    <p className={css.missing}>
                      {t("editors.landing.missing", { languages: missing.map((l) => l.toUpperCase()).join(", "), count: missing.length })}
                    </p>
                  ) : null}
                  <div className={ui.row}>
                    <Link className={ui.buttonSecondary} to={localePath(lang, `backoffice/landing-pages/${item.id}`)}>
                      {t("editors.landing.edit")}
                    </Link>
                    {item.active ? (
                      <Link className={ui.buttonSecondary} to={localePath(lang, `lp/${item.shortUrl}`)}>
                        {t("editors.landing.view")}
                      </Link>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </main>
  );
}

export function LandingPageEditorPage({
  lang,
  item,
  done,
  failure,
  intent,
}: {
  lang: Language;
  item: Item | null;
  done: string | null;
  failure: FormReply | null;
  intent: string | null;
}) {
  const { t } = useTranslation("editors");
  const saveFailure = intent === "save" ? failure : null;
  const saved = (name: string): string => {
    if (!item) return name === "user_type" ? "escort" : "";
    const [field, language] = name.split("_") as [string, Language];
    if (name === "short_url") return item.shortUrl;
    if (name === "user_type") return item.userType;
    if (name === "city") return item.city;
    if (name === "gender") return item.gender;
    const text = item.texts[language];
    if (field === "title") return text?.title ?? "";
    if (field === "description") return text?.description ?? "";
    if (field === "intro") return text?.intro ?? "";
    return "";
  };
  const input = (name: string) => (saveFailure ? inputText(saveFailure, name) : saved(name));
  const errors = (name: string) => saveFailure?.fieldErrors[name] ?? [];
  const self = localePath(lang, `backoffice/landing-pages/${item ? item.id : "new"}`);
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <p>
          <Link to={localePath(lang, "backoffice/landing-pages")}>{t("editors.landing.back")}</Link>
        </p>
        <h1>{item ? `lp/${item.shortUrl}` : t("editors.landing.new")}</h1>
        {done ? (
          <p className={ui.notice} role="status" data-testid="landing-done">
            {t(`editors.landing.done_${done}`)}
          </p>
        ) : null}
        {item ? (
          <div className={`${ui.card} ${ui.stack}`}>
            <div className={ui.row}>
              <span className={item.active ? css.state.on : css.state.off} data-testid="landing-state">
                {t(item.active ? "editors.landing.on" : "editors.landing.off")}
              </span>
              {item.active ? (
                <Link className={ui.buttonSecondary} to={localePath(lang, `lp/${item.shortUrl}`)} data-testid="landing-public-link">
                  {t("editors.landing.view")}
                </Link>
              ) : (
                <span className={ui.muted}>{t("editors.landing.off_hint")}</span>
              )}
            </div>
            {intent === "active" && failure ? <FormErrors errors={errorsBesides(failure, [])} /> : null}
            <Form method="post" action={`${self}?intent=active`}>
              <input type="hidden" name="active" value={item.active ? "0" : "1"} />
              <button type="submit" className={ui.buttonSecondary}>
                {t(item.active ? "editors.landing.deactivate" : "editors.landing.activate")}
              </button>
            </Form>
          </div>
        ) : null}
        <Form method="post" action={self} className={`${ui.card} ${ui.stack}`} data-testid="landing-form">
          <FormErrors errors={saveFailure?.formErrors ?? []} />
          <Field
            name="short_url"
            label={t("editors.landing.short_url")}
            hint={t("editors.landing.short_url_hint", { min: LANDING_LIMITS.shortUrlMin, max: LANDING_LIMITS.shortUrlMax })}
            maxLength={LANDING_LIMITS.shortUrlMax}
            autoCapitalize="none"
            defaultValue={input("short_url")}
            errors={errors("short_url")}
            required
          />
          <fieldset className={`${css.fieldset} ${ui.stack}`}>
            <legend className={ui.label}>{t("editors.landing.filter")}</legend>
            <SelectField
              name="user_type"
              label={t("editors.landing.user_type")}
              defaultValue={input("user_type")}
              errors={errors("user_type")}
              options={LANDING_USER_TYPES.map((value) => ({ value, label: t(`editors.landing.user_types.${value}`) }))}
            />
            <Field
              name="city"
              label={t("editors.landing.city")}
              hint={t("editors.landing.city_hint")}
              autoCapitalize="none"
              defaultValue={input("city")}
              errors={errors("city")}
            />
            <SelectField
              name="gender"
              label={t("editors.landing.gender")}
              defaultValue={input("gender")}
              errors={errors("gender")}
              options={LANDING_GENDERS.map((value) => ({ value, label: t(`editors.landing.genders.${value || "any"}`) }))}
            />
          </fieldset>
          {SUPPORTED_LANGUAGES.map((language) => (
            <fieldset key={language} className={`${css.fieldset} ${ui.stack}`} data-testid={`landing-language-${language}`}>
              <legend className={ui.label}>
                {t(`editors.languages.${language}`)}
                {language !== "de" && item && !item.texts[language] ? (
                  <span className={css.missing}> · {t("editors.landing.language_missing")}</span>
                ) : null}
              </legend>
              <Field
                name={`title_${language}`}
                label={t(`editors.landing.title_${language}`)}
                maxLength={LANDING_LIMITS.titleMax}
                defaultValue={input(`title_${language}`)}
                errors={errors(`title_${language}`)}
                required={language === "de"}
              />
              <TextAreaField
                name={`description_${language}`}
                label={t(`editors.landing.description_${language}`)}
                hint={language === "de" ? t("editors.landing.description_hint", { max: LANDING_LIMITS.descriptionMax }) : undefined}
                rows={2}
                maxLength={LANDING_LIMITS.descriptionMax}
                defaultValue={input(`description_${language}`)}
                errors={errors(`description_${language}`)}
                required={language === "de"}
              />
              <TextAreaField
                name={`intro_${language}`}
                label={t(`editors.landing.intro_${language}`)}
                rows={4}
                maxLength={LANDING_LIMITS.introMax}
                defaultValue={input(`intro_${language}`)}
                errors={errors(`intro_${language}`)}
              />
            </fieldset>
          ))}
          <div className={ui.row}>
            <button type="submit" className={ui.button}>
              {item ? t("editors.landing.save") : t("editors.landing.create")}
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}
