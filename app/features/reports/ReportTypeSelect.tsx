/** The report type select of every report form: the types that fit the object, grouped by category, most urgent first. */
import { useTranslation } from "react-i18next";
import { REPORT_CATEGORIES, REPORT_TYPES, reportTypesFor, type ReportObjectKind } from "#server/contract/report-types";
import { ErrorLine } from "~/components/form/ErrorLine";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./reports.css";

export function ReportTypeSelect({
  kind,
  id,
  defaultValue,
  errors = [],
}: {
  kind: ReportObjectKind;
  id: string;
  defaultValue?: string;
  errors?: string[];
}) {
  const { t } = useTranslation("reports");
  const { t: tCommon } = useTranslation();
  const types = reportTypesFor(kind);
  const message = errors[0] ? translateMessage(tCommon, errors[0]) : undefined;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {t("reports.form.type")}
      </label>
      <select
        id={id}
        name="type"
        className={`${ui.input} ${css.typeSelect}`}
        defaultValue={defaultValue ?? ""}
        required
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      >
        <option value="">{t("reports.form.type_placeholder")}</option>
        {REPORT_CATEGORIES.map((category) => {
          const inCategory = types.filter((type) => REPORT_TYPES[type].category === category);
          return inCategory.length === 0 ? null : (
            <optgroup key={category} label={t(`reports.categories.${category}`)}>
              {inCategory.map((type) => (
                <option key={type} value={type}>
                  {t(`reports.types.${type}`)}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
      <ErrorLine id={`${id}-error`} name="type" message={message} />
    </div>
  );
}
