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
import { bindForm, replyErrors, type Errors, type Fields, type FormMetadata, type ReplyFormOptions } from "./form-binding";

// The binding half lives in ./form-binding (ADR 167); its names stay importable from here.
export {
  flattenValue,
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  replyErrors,
  type FieldMetadata,
  type Fields,
  type FormMetadata,
} from "./form-binding";

/** Loads the form's schema (a dynamic import of the module the action parses with): the rule's one source. */
export type SchemaLoader = () => Promise<GenericSchema>;

/** When a field's errors are first shown (conform's names): on leaving it, on typing, or only on submit. */
export type ValidateOn = "onSubmit" | "onBlur" | "onInput";

export interface FormOptions extends ReplyFormOptions {
  /** Validates in the browser with this schema; without it, the server's reply is the only validation. */
  schema?: SchemaLoader;
  shouldValidate?: ValidateOn;
  /** After a field's errors were shown once (default: `shouldValidate`). */
  shouldRevalidate?: ValidateOn;
}

type Validator = (formData: FormData) => Errors;

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

  return bindForm(formId, lastResult, options.defaultValue, errors, onSubmit);
}
