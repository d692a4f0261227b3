/**
 * Report a profile (issue 11 item 5, ADR 038), behind a disclosure like block: members report here; guests get a
 * link to the public notice form with the profile's address filled in.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { errorsBesides } from "~/components/form/reply";
import { REPORT_FORM_FIELDS } from "~/features/reports/report-form";
import { ReportFields } from "~/features/reports/ReportFields";
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
  // Errors of no shown field (the hidden object id, the API's general ones) above the fields.
  const general = mine ? errorsBesides(mine, REPORT_FORM_FIELDS) : [];
  return (
    <details open={mine !== null} className={css.disclosure} data-testid="report-action">
      <summary className={actionsCss.disclosureSummary}>{t("reports.profile.summary")}</summary>
      <ProfileActionForm profile={profile} lang={lang} tab={tab} intent="report" className={ui.stack}>
        <input type="hidden" name="object_id" value={profile.id} />
        <p className={ui.muted}>{t("reports.profile.explain", { name: profile.displayName })}</p>
        {general.length > 0 ? (
          <p className={ui.alert} role="alert">
            {general.map((key) => translateMessage(tErrors, key)).join(" ")}
          </p>
        ) : null}
        <ReportFields kind="profile" values={input} errors={errors} />
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
export function GuestReportLink({ lang, profile }: Pick<ProfileActionFormProps, "lang" | "profile">) {
  const { t } = useTranslation("reports");
  const location = localePath(lang, `p/${profile.username}`);
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
