import { getInputProps } from "~/components/form/use-form";
import { CheckboxField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/translate";
import type { ErrorItem } from "#server/contract/errors";
import * as ui from "~/styles/ui.css";

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  errors?: Array<string | ErrorItem>;
  hint?: string;
}

/** A labelled input with its error line under it (space reserved). */
export function Field({ name, label, errors = [], hint, id, ...input }: FieldProps) {
  const { t, i18n } = useTranslation();
  const inputId = id ?? `field-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const messages = errors.map((error) =>
    typeof error === "string"
      ? translateMessage(t, error, undefined, i18n.language)
      : translateMessage(t, error.title, error.params, i18n.language),
  );
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={inputId}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className={ui.muted}>
          {hint}
        </span>
      ) : null}
      <input
        id={inputId}
        name={name}
        className={ui.input}
        aria-invalid={messages.length > 0 ? true : undefined}
        aria-describedby={[messages.length > 0 ? errorId : null, hintId].filter(Boolean).join(" ") || undefined}
        {...input}
      />
      <ErrorLine id={errorId} name={name} message={messages[0]} />
    </div>
  );
}

type FormFieldMetadata = Parameters<typeof getInputProps>[0];

/**
 * A Field bound to a conform field: the form's metadata gives the input its name, id, default value and aria
 * wiring, and the error line the field's errors. `id` and `errors`, when given, win (two forms on one page,
 * an error the server found on its own).
 */
export function FormField({
  field,
  type,
  id,
  errors,
  ...input
}: Omit<FieldProps, "name" | "type"> & { field: FormFieldMetadata; type: "text" | "email" | "password" | "tel" }) {
  // ariaAttributes off: Field describes the input by the hint and the error line it renders under its own id,
  // which conform's ids would miss (a page's own id, the hint).
  const bound = getInputProps(field, { type, ariaAttributes: false });
  return <Field {...input} {...bound} id={id ?? bound.id} name={field.name} errors={errors ?? field.errors} />;
}

/** A CheckboxField bound to a conform field the same way (checked state from the form's metadata). */
export function FormCheckboxField({ field, label }: { field: FormFieldMetadata; label: string }) {
  return (
    <CheckboxField
      label={label}
      {...getInputProps(field, { type: "checkbox", ariaAttributes: false })}
      name={field.name}
      errors={field.errors}
    />
  );
}

/** Errors without a field, shown above the form. */
export function FormErrors({ errors }: { errors: Array<string | ErrorItem> }) {
  const { t, i18n } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <div role="alert" className={ui.alert} data-form-errors>
      <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
        {errors.map((error, index) => (
          <li key={index}>
            {typeof error === "string"
              ? translateMessage(t, error, undefined, i18n.language)
              : translateMessage(t, error.title, error.params, i18n.language)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Bots fill every field; people never see this one. */
export function Honeypot() {
  return (
    <div className={ui.honeypot} aria-hidden="true">
      <label htmlFor="website-url">Website</label>
      <input id="website-url" type="text" name="website_url" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
