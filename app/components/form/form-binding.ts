/**
 * The binding half of the form kit (ADR 156, ADR 167): a form's and its fields' ids, attributes and kept input from the
 * action's reply (conform's `submission.reply()`), and the props the controls take from them — the same names, ids
 * and attributes as conform's. `useReplyForm` binds a form the server alone validates; `./use-form`'s `useForm` adds
 * the browser's validation. Apart so that a page whose forms do not validate in the browser loads none of it.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useId, type FormEvent } from "react";

export interface ReplyFormOptions {
  /** The form's id (default: a React id); each control's is `<form id>-<name>`. */
  id?: string;
  /** The action's refusal (conform's `submission.reply()`): its input and errors. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
}

export interface FieldMetadata<Value = unknown> {
  name: string;
  id: string;
  errorId: string;
  formId: string;
  initialValue: Value | undefined;
  errors: string[] | undefined;
}

export interface FormMetadata {
  id: string;
  errors: string[] | undefined;
  /** Every shown error by field name. */
  allErrors: Record<string, string[]>;
  status: "success" | "error" | undefined;
  noValidate: true;
  /** The browser's validation on submit (./use-form); none for a form the server alone validates. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A form's fields by name: any name gives its field (a Proxy, as conform's fieldset). Typed loosely on purpose, as
 * conform's default was: with noUncheckedIndexedAccess a plain record would make every field possibly undefined.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Fields = Record<string, FieldMetadata & any>;

export type Errors = Record<string, string[]>;

/** Every path of a nested value (`a`, `a.b`, `a[0]`, `a[0].c`) to its value, as conform names a form's fields. */
export function flattenValue(value: unknown, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (prefix) out[prefix] = value;
  if (Array.isArray(value)) value.forEach((item, i) => flattenValue(item, `${prefix}[${i}]`, out));
  else if (typeof value === "object" && value !== null && !(value instanceof Blob))
    for (const [key, item] of Object.entries(value)) flattenValue(item, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** The reply's errors that say something (conform's reply writes null for a field without one). */
export function replyErrors(result: SubmissionResult<string[]> | null | undefined): Errors {
  const out: Errors = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) if (messages?.length) out[name] = messages;
  return out;
}

/** The form's and its fields' metadata from the errors shown and the input to keep (the reply's, else the defaults). */
export function bindForm(
  formId: string,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue: Record<string, unknown> | undefined,
  errors: Errors,
  onSubmit?: FormMetadata["onSubmit"],
): [FormMetadata, Fields] {
  const initialValues = flattenValue(lastResult?.initialValue ?? defaultValue ?? {});
  const form: FormMetadata = {
    id: formId,
    errors: errors[""],
    allErrors: errors,
    status: lastResult?.status,
    noValidate: true,
    onSubmit,
  };
  const fieldOf = (name: string): FieldMetadata => {
    const id = `${formId}-${name}`;
    return { name, id, errorId: `${id}-error`, formId, initialValue: initialValues[name], errors: errors[name] };
  };
  const fields: Fields = new Proxy({} as Fields, {
    get: (_, name) => (typeof name === "string" ? fieldOf(name) : undefined),
  });
  return [form, fields];
}

/**
 * A form the server alone validates (the join steps, the settings forms): its fields bound to the action's reply —
 * each field's kept input and errors, the form's own errors — as `useForm` binds them, without its browser validation.
 */
export function useReplyForm(options: ReplyFormOptions): [FormMetadata, Fields] {
  const reactId = useId();
  return bindForm(options.id ?? reactId, options.lastResult, options.defaultValue, replyErrors(options.lastResult));
}

interface ControlOptions {
  /** Leave out aria-invalid/aria-describedby (a component that wires its own error line). */
  ariaAttributes?: boolean;
}

function controlProps(field: FieldMetadata, options: ControlOptions) {
  const invalid = options.ariaAttributes !== false && field.errors !== undefined;
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    ...(invalid ? { "aria-invalid": true as const, "aria-describedby": field.errorId } : {}),
  };
}

export function getFormProps(form: FormMetadata) {
  return { id: form.id, onSubmit: form.onSubmit, noValidate: form.noValidate };
}

const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

export function getInputProps(field: FieldMetadata, options: ControlOptions & { type: string; value?: string }) {
  const props = { ...controlProps(field, options), type: options.type };
  if (options.type === "checkbox" || options.type === "radio") {
    const value = options.value ?? "on";
    const initial = field.initialValue;
    return { ...props, value, defaultChecked: Array.isArray(initial) ? initial.includes(value) : initial === value };
  }
  return typeof field.initialValue === "string" ? { ...props, defaultValue: field.initialValue } : props;
}

export function getSelectProps(field: FieldMetadata, options: ControlOptions = {}) {
  const initial = field.initialValue;
  return {
    ...controlProps(field, options),
    defaultValue: Array.isArray(initial) ? initial.map((item) => text(item) ?? "") : text(initial),
  };
}

/** Radio buttons or checkboxes of one field, one props object per option (id `<field id>-<option>`). */
export function getCollectionProps(field: FieldMetadata, options: ControlOptions & { type: "radio" | "checkbox"; options: string[] }) {
  const initial = field.initialValue;
  return options.options.map((value) => ({
    ...controlProps(field, options),
    id: `${field.id}-${value}`,
    type: options.type,
    value,
    defaultChecked: options.type === "checkbox" && Array.isArray(initial) ? initial.includes(value) : initial === value,
  }));
}
