/**
 * The plain fields: input (Field), textarea, select and checkbox with one anatomy — label, hint, control, and an
 * error line whose space is always reserved — and a form's errors without a field. Errors arrive already translated
 * or as keys (translated here). No form library: ./Field binds Field and CheckboxField to conform for the forms that
 * validate in the browser and re-exports these, so a page that shows only plain fields carries no conform (ADR 155).
 */
import { ErrorLine } from "~/components/form/ErrorLine";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import type { ErrorItem } from "#server/contract/errors";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./field-controls.css";

interface Common {
  name: string;
  label: string;
  errors?: string[];
  hint?: string;
}

function useMessages(errors: string[]): string[] {
  const { t } = useTranslation();
  return errors.map((error) => translateMessage(t, error));
}

function describedBy(errorId: string, hintId: string | undefined, hasErrors: boolean): string | undefined {
  return [hasErrors ? errorId : null, hintId].filter(Boolean).join(" ") || undefined;
}

function Hint({ id, text }: { id?: string; text?: string }) {
  return text ? (
    <span id={id} className={ui.muted}>
      {text}
    </span>
  ) : null;
}

/** What a labelled control needs: its id, the ids it is described by, and its first translated error. */
function useControl(name: string, id: string | undefined, hint: string | undefined, errors: string[]) {
  const messages = useMessages(errors);
  const inputId = id ?? `field-${name}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const hasErrors = messages.length > 0;
  return {
    name,
    inputId,
    hintId,
    message: messages[0],
    attributes: {
      id: inputId,
      name,
      "aria-invalid": hasErrors ? true : undefined,
      "aria-describedby": describedBy(`${inputId}-error`, hintId, hasErrors),
    },
  };
}

/** Label above, hint, the control, and the error line below (textarea and select). */
function LabelledControl({
  control,
  label,
  hint,
  children,
}: {
  control: ReturnType<typeof useControl>;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={control.inputId}>
        {label}
      </label>
      <Hint id={control.hintId} text={hint} />
      {children}
      <ErrorLine id={`${control.inputId}-error`} name={control.name} message={control.message} />
    </div>
  );
}

export function TextAreaField({ name, label, errors = [], hint, id, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const control = useControl(name, id, hint, errors);
  return (
    <LabelledControl control={control} label={label} hint={hint}>
      <textarea className={css.textarea} {...control.attributes} {...textarea} />
    </LabelledControl>
  );
}

export function SelectField({
  name,
  label,
  errors = [],
  hint,
  id,
  options,
  placeholder,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: Array<{ value: string; label: string }>; placeholder?: string }) {
  const control = useControl(name, id, hint, errors);
  return (
    <LabelledControl control={control} label={label} hint={hint}>
      <select className={ui.input} {...control.attributes} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledControl>
  );
}

export function CheckboxField({ name, label, errors = [], id, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const messages = useMessages(errors);
  const inputId = id ?? `field-${name}`;
  const describedBy = [hint ? `${inputId}-hint` : null, messages.length > 0 ? `${inputId}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={ui.field}>
      <label className={css.checkboxLabel} htmlFor={inputId}>
        <input
          id={inputId}
          name={name}
          type="checkbox"
          className={css.checkbox}
          aria-invalid={messages.length > 0 ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={`${inputId}-hint`} className={ui.muted} style={{ margin: 0 }}>
          {hint}
        </p>
      ) : null}
      <ErrorLine id={`${inputId}-error`} name={name} message={messages[0]} />
    </div>
  );
}

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
