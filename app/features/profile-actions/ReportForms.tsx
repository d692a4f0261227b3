/**
 * Report a profile (issue 11 item 5, ADR 038), behind a disclosure like block: members report here; guests get a
 * link to the public notice form with the profile's address filled in.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REPORT_LIMITS } from "#server/contract/reports";
import type { Language } from "#server/contract/locales";
import { CheckboxField, TextAreaField } from "~/components/FieldControls";
import { ReportTypeSelect } from "~/features/reports/ReportTypeSelect";
import * as css from "~/features/reports/reports.css";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as actionsCss from "./profile-actions.css";
import { ProfileActionForm, refusalFor, type ProfileActionFormProps } from "./form-parts";

export function ReportForms({ profile, lang, tab, refused }: ProfileActionFormProps) {
  const { t } = useTranslation("reports");
  const { t: tErrors } = useTranslation();
  if (!profile.relation.canReport) return null;
  const mine = refusalFor(refused, ["report"]);
  const input = mine?.input ?? {};
  const errors = (field: string) => mine?.fieldErrors[field] ?? [];
  return (
    <details open={mine !== null} className={css.disclosure} data-testid="report-action">
      <summary className={actionsCss.disclosureSummary}>{t("reports.profile.summary")}</summary>
      <ProfileActionForm profile={profile} lang={lang} tab={tab} intent="report" className={ui.stack}>
        <input type="hidden" name="object_id" value={profile.id} />
        <p className={ui.muted}>{t("reports.profile.explain", { name: profile.displayName })}</p>
        {mine && mine.formErrors.length > 0 ? (
          <p className={ui.alert} role="alert">
            {mine.formErrors.map((key) => translateMessage(tErrors, key)).join(" ")}
          </p>
        ) : null}
        <ReportTypeSelect kind="profile" id="report-type" defaultValue={input.type} errors={errors("type")} />
        <TextAreaField
          id="report-text"
          name="text"
          label={t("reports.form.text_optional")}
          hint={t("reports.form.text_hint", { min: REPORT_LIMITS.textMin, max: REPORT_LIMITS.textMax })}
          rows={4}
          maxLength={REPORT_LIMITS.textMax}
          defaultValue={input.text}
          errors={errors("text")}
        />
        <CheckboxField
          id="report-good-faith"
          name="good_faith"
          label={t("reports.form.good_faith")}
          defaultChecked={input.good_faith === "on"}
          errors={errors("good_faith")}
        />
        <p>
          <button type="submit" className={ui.buttonSecondary}>
            {t("reports.profile.submit")}
          </button>
        </p>
        <p className={ui.muted}>
          <Link className={css.tapLink} to={localePath(lang, "user/reports")}>
            {t("reports.profile.my_reports")}
          </Link>
        </p>
      </ProfileActionForm>
    </details>
  );
}

/** Guests report through the public notice form, with the profile's address filled in. */
export function GuestReportLink({ lang, username }: { lang: Language; username: string }) {
  const { t } = useTranslation("reports");
  const location = localePath(lang, `p/${username}`);
  return (
    <p className={ui.muted} data-testid="guest-report">
      <Link
        className={css.tapLink}
        to={`${localePath(lang, "about/content_removal_request")}?location=${encodeURIComponent(location)}#notice-form`}
        rel="nofollow"
      >
        {t("reports.profile.guest_link")}
      </Link>
    </p>
  );
}
