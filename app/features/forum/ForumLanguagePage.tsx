/**
 * community/language?id=…: asked when the link did not come from our forum or pages — one button per language, the
 * asked one first; a form, so it works without JavaScript.
 */
import { Form } from "@remix-run/react";
import { SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import * as ui from "~/styles/ui.css";

export function ForumLanguagePage({ language, errorKey }: { language: Language | null; errorKey: string | null }) {
  const { t } = useTranslation("forum");
  const ordered = language ? [language, ...SUPPORTED_LANGUAGES.filter((l) => l !== language)] : [...SUPPORTED_LANGUAGES];
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("forum.language_title")}</h1>
        <FormErrors errors={errorKey ? [errorKey] : []} />
        <p>{language ? t("forum.language_confirm", { language: t(`forum.languages.${language}`) }) : t("forum.language_pick")}</p>
        <Form method="post" className={`${ui.card} ${ui.stack}`}>
          {ordered.map((choice, index) => (
            <button
              key={choice}
              type="submit"
              name="id"
              value={choice}
              lang={choice}
              className={index === 0 && language ? ui.button : ui.buttonSecondary}
              data-testid={`forum-language-${choice}`}
            >
              {t(`forum.languages.${choice}`)}
            </button>
          ))}
        </Form>
      </div>
    </main>
  );
}
