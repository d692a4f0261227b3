import { ErrorLine } from "~/components/form/ErrorLine";
import type { InputHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/translate";
import type { ErrorItem } from "#server/contract/errors";
import * as ui from "~/styles/ui.css";

// The fields that need no form library: conform (about 10 KB gzipped in the browser) stays out of the pages that
// only show a plain field or the form's errors (ADR 155). ./Field re-exports these beside the conform-bound ones.

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
