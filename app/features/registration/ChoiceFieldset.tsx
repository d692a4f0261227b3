import { ErrorLine } from "~/components/form/ErrorLine";
import { getCollectionProps, type FieldMetadata } from "~/components/form/form-binding";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./sign-up.css";

/**
 * A single choice as radio buttons in a fieldset, with its error line under
 * it (space reserved) — works as a plain form field without JavaScript.
 */
export function ChoiceFieldset({
  field,
  legend,
  options,
  labelOf,
}: {
  field: FieldMetadata<string | undefined>;
  legend: string;
  options: readonly string[];
  labelOf: (value: string) => string;
}) {
  const { t } = useTranslation();
  const errorId = `field-${field.name}-error`;
  return (
    <fieldset className={css.fieldset} aria-describedby={errorId}>
      <legend className={ui.label}>{legend}</legend>
      <div className={css.choiceRow}>
        {getCollectionProps(field, { type: "radio", options: [...options] }).map((props) => (
          <label key={props.value} className={css.choice}>
            <input {...props} />
            <span>{labelOf(props.value)}</span>
          </label>
        ))}
      </div>
      <ErrorLine id={errorId} name={field.name} message={field.errors?.[0] ? translateMessage(t, field.errors[0]) : undefined} />
    </fieldset>
  );
}
