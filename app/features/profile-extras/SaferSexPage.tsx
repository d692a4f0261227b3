/** user/safer_sex, the page: the safer-sex badge and, for escorts, the kinds of date they prefer (ADR 039). */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DATE_KINDS } from "#server/contract/preferred-dates";
import { FormErrors } from "~/components/Field";
import { CheckboxField } from "~/components/FieldControls";
import { SettingsFrame, SettingsSaveButton } from "~/features/settings/SettingsFrame";
import * as ui from "~/styles/ui.css";
import { allErrors, type FormReply } from "~/components/form/reply";
import type { SaferSexIntent } from "./intents";
import * as css from "./profile-extras.css";

export function SaferSexPage({
  title,
  safeSex,
  kinds,
  isBusiness,
  saved,
  refused,
}: {
  title: string;
  safeSex: boolean;
  /** The escort's preferred kinds of date; null for businesses (no date requests). */
  kinds: string[] | null;
  isBusiness: boolean;
  saved: SaferSexIntent | null;
  /** A refused save: its reply (which form, its errors, the kinds chosen). */
  refused: FormReply | null;
}) {
  const { t } = useTranslation("account");
  const word = isBusiness ? "settings.safer_sex_business" : "settings.safer_sex";
  const sentKinds = refused?.input.kinds;
  const chosen = new Set(
    refused?.intent === "preferred_dates"
      ? Array.isArray(sentKinds)
        ? sentKinds.map(String)
        : sentKinds
          ? [String(sentKinds)]
          : []
      : (kinds ?? []),
  );
  const datesErrors = refused?.intent === "preferred_dates" ? allErrors(refused) : [];
  // A post of neither form (no or an unknown intent) is answered at the first.
  const badgeErrors = refused && refused.intent !== "preferred_dates" ? allErrors(refused) : [];
  return (
    <SettingsFrame
      title={title}
      intro={t(`${word}.intro`)}
      notice={saved ? t(saved === "safe_sex" ? "settings.safer_sex.saved" : "settings.safer_sex.dates_saved") : null}
    >
      <Form method="post" className={`${ui.card} ${ui.stack}`} aria-labelledby="safe-sex-heading">
        <h2 id="safe-sex-heading" className={ui.sectionTitle}>
          {t("settings.safer_sex.badge_title")}
        </h2>
        <FormErrors errors={badgeErrors} />
        <input type="hidden" name="intent" value="safe_sex" />
        <CheckboxField label={t(`${word}.label`)} name="safe_sex" defaultChecked={safeSex} hint={t(`${word}.hint`)} />
        <SettingsSaveButton />
      </Form>
      {kinds !== null ? (
        <Form method="post" className={`${ui.card} ${ui.stack}`} aria-labelledby="dates-heading">
          <h2 id="dates-heading" className={ui.sectionTitle}>
            {t("settings.safer_sex.dates_title")}
          </h2>
          <p className={ui.muted}>{t("settings.safer_sex.dates_intro")}</p>
          <FormErrors errors={datesErrors} />
          <input type="hidden" name="intent" value="preferred_dates" />
          <fieldset className={css.fieldset}>
            <legend className={css.legend}>{t("settings.safer_sex.dates_legend")}</legend>
            <div className={css.options}>
              {DATE_KINDS.map((kind) => (
                <label key={kind} className={css.option}>
                  <input type="checkbox" className={css.control} name="kinds" value={kind} defaultChecked={chosen.has(kind)} />
                  <span>{t(`profile.preferred_dates.kinds.${kind}`, { ns: "profile" })}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <SettingsSaveButton />
        </Form>
      ) : null}
    </SettingsFrame>
  );
}
