/**
 * The browser half of the form kit (issue 33 item 5, ADR 156): binds a form's fields to the server's reply (the
 * input kept, each error at its field) and, where a form asks for it, validates in the browser with the form's own
 * schema, loaded by `import()` on the first focus, input or submit. It replaces conform's `useForm` and `get…Props`
 * in the browser (the same names and the part of their API our forms use, the same ids and attributes), because
 * conform's client (`@conform-to/dom` + `/react`, 9.9 KB gzipped) and valibot (3.9 KB) were most of every form
 * route's own JavaScript. The server keeps conform: `parseForm` reads every post and answers with its reply.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { GenericSchema } from "valibot";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";

/** Loads the form's schema (a dynamic import of the module the action parses with): the rule's one source. */
export type SchemaLoader = () => Promise<GenericSchema>;

/** When a field's errors are first shown (conform's names): on leaving it, on typing, or only on submit. */
export type ValidateOn = "onSubmit" | "onBlur" | "onInput";

export interface FormOptions {
  /** The form's id (default: a React id); each control's is `<form id>-<name>`. */
  id?: string;
  /** The action's refusal (conform's `submission.reply()`): its input and errors. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  /** Validates in the browser with this schema; without it, the server's reply is the only validation. */
  schema?: SchemaLoader;
  shouldValidate?: ValidateOn;
  /** After a field's errors were shown once (default: `shouldValidate`). */
  shouldRevalidate?: ValidateOn;
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
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A form's fields by name: any name gives its field (a Proxy, as conform's fieldset). Typed loosely on purpose, as
 * conform's default was: with noUncheckedIndexedAccess a plain record would make every field possibly undefined.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Fields = Record<string, FieldMetadata & any>;

type Errors = Record<string, string[]>;
type Validator = (formData: FormData) => Errors;

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

/** Whether `name` is `scope` or a field inside it (`prices` holds `prices.p15`, `extras` holds `extras[0].name`). */
const within = (name: string, scope: string) => name === scope || name.startsWith(`${scope}.`) || name.startsWith(`${scope}[`);

/**
 * The errors after a validation of the fields in `scopes` (all of them: a submit): theirs from `found`, the others'
 * as they were (an error the server found stays until its field is checked again).
 */
export function mergeErrors(shown: Errors, found: Errors, scopes: readonly string[] | "all"): Errors {
  const inScope = (name: string) => scopes === "all" || scopes.some((scope) => within(name, scope));
  const out: Errors = {};
  for (const [name, messages] of Object.entries(shown)) if (!inScope(name)) out[name] = messages;
  for (const [name, messages] of Object.entries(found)) if (inScope(name) && messages.length) out[name] = messages;
  return out;
}

interface State {
  reply: SubmissionResult<string[]> | null | undefined;
  errors: Errors;
}

export function useForm(options: FormOptions): [FormMetadata, Fields] {
  const reactId = useId();
  const formId = options.id ?? reactId;
  const { lastResult, schema, shouldValidate = "onSubmit", shouldRevalidate = shouldValidate } = options;
  const [state, setState] = useState<State>(() => ({ reply: lastResult, errors: replyErrors(lastResult) }));
  // A new reply (a refused post) replaces what the browser found: render-time reset, as React's docs advise.
  if (state.reply !== lastResult) setState({ reply: lastResult, errors: replyErrors(lastResult) });
  const errors = state.reply === lastResult ? state.errors : replyErrors(lastResult);

  const validator = useRef<Validator | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const touched = useRef(new Set<string>());
  const load = useCallback(() => {
    if (!schema || loading.current) return;
    loading.current = Promise.all([schema(), import("./validate")]).then(
      ([loaded, { validatorOf }]) => void (validator.current = validatorOf(loaded)),
      // Not loaded (offline, a new build): the server validates every post anyway.
      () => undefined,
    );
  }, [schema]);

  const run = useCallback((form: HTMLFormElement, scopes: readonly string[] | "all", submitter?: HTMLElement | null) => {
    const validate = validator.current;
    if (!validate) return null;
    const found = validate(new FormData(form, submitter ?? null));
    setState((current) => ({ ...current, errors: mergeErrors(current.errors, found, scopes) }));
    return found;
  }, []);

  useEffect(() => {
    if (!schema) return;
    const ours = (target: EventTarget | null): target is HTMLInputElement =>
      target instanceof Element && "form" in target && (target as HTMLInputElement).form?.id === formId;
    const onFocus = (event: Event) => {
      if (ours(event.target)) load();
    };
    const check = (on: ValidateOn) => (event: Event) => {
      if (!ours(event.target) || !event.target.name || !event.target.form) return;
      load();
      const name = event.target.name;
      if ((touched.current.has(name) ? shouldRevalidate : shouldValidate) !== on) return;
      if (run(event.target.form, [name])) touched.current.add(name);
    };
    const onInput = check("onInput");
    const onBlur = check("onBlur");
    document.addEventListener("focusin", onFocus);
    document.addEventListener("input", onInput);
    document.addEventListener("focusout", onBlur);
    return () => {
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("input", onInput);
      document.removeEventListener("focusout", onBlur);
    };
  }, [formId, schema, load, run, shouldValidate, shouldRevalidate]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!schema) return;
      load();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      // Not loaded yet: the post goes to the server, which answers with the same errors at the same fields.
      const found = run(event.currentTarget, "all", submitter);
      if (!found) return;
      const controls = [...event.currentTarget.elements].filter((element): element is HTMLInputElement => "name" in element);
      // After a submit every field is checked again as the user corrects it (shouldRevalidate).
      for (const control of controls) if (control.name) touched.current.add(control.name);
      const invalid = Object.keys(found);
      if (invalid.length === 0) return;
      event.preventDefault();
      controls.find((control) => invalid.some((name) => within(control.name, name)))?.focus();
    },
    [schema, load, run],
  );

  const initialValues = flattenValue(lastResult?.initialValue ?? options.defaultValue ?? {});
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
