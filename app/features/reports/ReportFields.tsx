/**
 * The fields every member's report form has (ADR 038): the reason for this kind of object, an optional text and
 * the good-faith confirmation, with the values and errors of a refused post. The forms around them (a profile's,
 * a review's) add their own hidden fields, intro and button.
 */
import { useTranslation } from "react-i18next";
import { REPORT_LIMITS, type ReportObjectKind } from "#server/contract/report-types";
import { CheckboxField, TextAreaField } from "~/components/FieldControls";
import { ReportTypeSelect } from "./ReportTypeSelect";

export function ReportFields({
  kind,
  values,
  errors,
  rows = 4,
  idPrefix = "",
}: {
  kind: ReportObjectKind;
  /** Where one page has several report forms (an event and each of its reviews): keeps the fields' ids apart. */
  idPrefix?: string;
  /** The refused post's input (a text per field). */
  values: Record<string, unknown>;
  errors: (field: string) => string[] | undefined;
  rows?: number;
}) {
  const { t } = useTranslation("reports");
  const text = (name: string) => (typeof values[name] === "string" ? values[name] : undefined);
  return (
    <>
      <ReportTypeSelect kind={kind} id={`${idPrefix}report-type`} defaultValue={text("type")} errors={errors("type")} />
      <TextAreaField
        id={`${idPrefix}report-text`}
        name="text"
        label={t("reports.form.text_optional")}
        hint={t("reports.form.text_hint", { min: REPORT_LIMITS.textMin, max: REPORT_LIMITS.textMax })}
        rows={rows}
        maxLength={REPORT_LIMITS.textMax}
        defaultValue={text("text")}
        errors={errors("text")}
      />
      <CheckboxField
        id={`${idPrefix}report-good-faith`}
        name="good_faith"
        label={t("reports.form.good_faith")}
        defaultChecked={values.good_faith === "on"}
        errors={errors("good_faith")}
      />
    </>
  );
}
