/**
 * A step field's kept value and its error line, apart from the trait fieldsets of ./controls (ADR 161): the city field
 * of the profile step, the business basic form and the tours page uses only these. ./controls re-exports them.
 */
import { useTranslation } from "react-i18next";
import { ErrorLine } from "~/components/form/ErrorLine";
import { translateMessage } from "~/i18n/translate";

export interface FieldLike {
  name: string;
  initialValue?: unknown;
  errors?: string[];
}

/** The field's value(s) as the form last had them (loader defaults or the failed submission). */
export function valuesOf(field: FieldLike): string[] {
  const value = field.initialValue;
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}
export const valueOf = (field: FieldLike): string => valuesOf(field)[0] ?? "";

/** The error line of a step field: the first of its untranslated messages. */
export function StepErrorLine({ name, errors }: { name: string; errors?: string[] }) {
  const { t } = useTranslation();
  return <ErrorLine name={name} message={errors?.[0] ? translateMessage(t, errors[0]) : undefined} />;
}
