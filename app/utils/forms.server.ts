/**
 * The form kit's server half (issue 24 item 3, ADR 063): every action reads its post through parseForm — the body
 * as a form (readFormData: 415/400 for anything else), parsed with a valibot schema by conform — and answers a
 * refusal with the submission's reply (400, the input kept, each error at its field), API errors mapped by
 * apiErrorReply. No feature holds the FormData or reads a field by hand (lint: tests/lint/form-kit.test.ts).
 */
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { configureCoercion } from "@conform-to/valibot/future";
import * as v from "valibot";
import { DEFAULT_ERROR_KEY, type ErrorItem } from "#server/contract/errors";
import { apiErrorReply, type FieldsOfForm } from "./api-errors";
import { readFormData } from "./form-data.server";
import { normalizeLineBreaks } from "./line-breaks";

/**
 * What a plain form's raw post needs before its schema sees it, said per field name (no feature touches the
 * FormData): decimal commas ("17,5"), blank rows of a no-JS list form, line breaks of textareas.
 */
export interface FormPreparation {
  /** Fields typed as decimals with a comma, as German users write them. */
  decimalComma?: readonly string[];
  /** List fields (`list[0].name`, …) whose rows are dropped when all `fields` are empty (null: the row's only value), the rest renumbered. */
  blankRows?: ReadonlyArray<{ list: string; fields: readonly string[] | null }>;
  /**
   * Every text as the browser counted it (CRLF and CR as one line break, like maxlength does), so a textarea at its
   * limit is not refused: for forms whose texts are stored as typed.
   */
  lineBreaks?: boolean;
}

/** Drops the rows of a list whose given fields are all empty and renumbers the rest (blank rows of a no-JS form). */
function dropBlankRows(formData: FormData, list: string, fields: readonly string[] | null): FormData {
  const out = new FormData();
  const rows = new Map<number, Array<[string, FormDataEntryValue]>>();
  const pattern = new RegExp(`^${list}\\[(\\d+)\\](.*)$`);
  for (const [name, value] of formData.entries()) {
    const match = pattern.exec(name);
    if (!match) {
      out.append(name, value);
      continue;
    }
    const index = Number(match[1]);
    if (!rows.has(index)) rows.set(index, []);
    rows.get(index)!.push([match[2] ?? "", value]);
  }
  let next = 0;
  for (const index of [...rows.keys()].sort((a, b) => a - b)) {
    const entries = rows.get(index)!;
    const filled = entries.some(
      ([suffix, value]) => (fields === null || fields.some((f) => suffix === `.${f}`)) && typeof value === "string" && value.trim() !== "",
    );
    if (!filled) continue;
    for (const [suffix, value] of entries) out.append(`${list}[${next}]${suffix}`, value);
    next += 1;
  }
  return out;
}

function prepared(formData: FormData, preparation: FormPreparation): FormData {
  // An empty field is one not sent (see coerceFormValue below).
  let out = new FormData();
  for (const [name, value] of formData.entries()) if (value !== "") out.append(name, value);
  for (const name of preparation.decimalComma ?? []) {
    const value = out.get(name);
    if (typeof value === "string") out.set(name, value.trim().replace(",", "."));
  }
  for (const { list, fields } of preparation.blankRows ?? []) out = dropBlankRows(out, list, fields);
  if (preparation.lineBreaks) {
    const normalized = new FormData();
    for (const [name, value] of out.entries()) normalized.append(name, typeof value === "string" ? normalizeLineBreaks(value) : value);
    out = normalized;
  }
  return out;
}

/**
 * How the kit reads a post differs from conform's own reading in two ways (ADR 063):
 * - an empty field counts as not sent (dropped in `prepared`), where conform strips every "" inside the field's
 *   schema, also the "" an optional text falls back to (the contract's `v.optional(text, "")`), which the text's
 *   schema then refuses; so conform's coercion here keeps texts as they are;
 * - every field the form's schema names is there for it (undefined when not sent: an empty field, an unchosen radio),
 *   so a missing field reports with its own message ("choose how punctual…"), not its object's.
 */
const { coerceFormValue } = configureCoercion({ stripEmptyString: (value) => value });
const OBJECT_TYPES = new Set(["object", "loose_object", "strict_object", "object_with_rest"]);

/** The field names of the object a schema parses (through pipes, and the form a formVariant picks for this input). */
function fieldsOf(schema: v.GenericSchema, input: unknown): string[] {
  if ("pipe" in schema) return fieldsOf((schema as unknown as { pipe: [v.GenericSchema] }).pipe[0], input);
  if (OBJECT_TYPES.has(schema.type)) return Object.keys((schema as unknown as { entries: v.ObjectEntries }).entries);
  if (schema.type === "lazy") return fieldsOf((schema as unknown as { getter: (input: unknown) => v.GenericSchema }).getter(input), input);
  return [];
}

/** `schema`, with every field it names present in the input (lazy: conform's coercion follows it to `schema`). */
function withEveryField<S extends v.GenericSchema>(schema: S): S {
  return v.lazy((input) => {
    if (typeof input === "object" && input !== null) {
      const fields = input as Record<string, unknown>;
      for (const name of fieldsOf(schema, input)) if (!(name in fields)) fields[name] = undefined;
    }
    return schema;
  }) as unknown as S;
}

/** Each form schema's reading, made once (the forms' schemas live as long as their modules). */
const readings = new WeakMap<v.GenericSchema, v.GenericSchema>();
function readingOf(schema: v.GenericSchema): v.GenericSchema {
  let reading = readings.get(schema);
  if (!reading) readings.set(schema, (reading = coerceFormValue(withEveryField(schema))));
  return reading;
}

/**
 * The one way an action reads a form post: the body through readFormData (a non-form body is a 415/400 response,
 * thrown), parsed with `schema` (conform coerces numbers, checkboxes and empty fields). The submission's `reply()`
 * is what a refusal answers with (status 400); its `value` is what the API gets.
 */
export async function parseForm<S extends v.GenericSchema>(
  request: Request,
  schema: S,
  preparation: FormPreparation = {},
): Promise<Submission<v.InferInput<S>, string[], v.InferOutput<S>>> {
  const formData = prepared(await readFormData(request), preparation);
  return parseWithValibot(formData, { schema: readingOf(schema), disableAutoCoercion: true }) as Submission<
    v.InferInput<S>,
    string[],
    v.InferOutput<S>
  >;
}

/**
 * API error items as a conform reply (apiErrorReply): sourced items at their fields, the rest above the form. A
 * failure without items (a timeout, a 5xx) still says something.
 */
export function replyWithApiErrors<T, V>(
  submission: Submission<T, string[], V>,
  errors: readonly ErrorItem[],
  fields?: FieldsOfForm,
  hideFields: string[] = [],
) {
  const { formErrors, fieldErrors } = apiErrorReply(errors, fields);
  if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0) formErrors.push(DEFAULT_ERROR_KEY);
  return submission.reply({ formErrors, fieldErrors, hideFields });
}

/** A same-site path to return to after login, or null for anything else. */
export function safeReturnPath(value: FormDataEntryValue | string | null | undefined, lang: string): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  // URL parsers drop tabs and newlines ("/\t/evil.example" becomes "//evil.example"): no control characters at all.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  // Judge the path the browser will request ("/de/./login" is /de/login); a different origin is never allowed.
  const base = "http://return-path.invalid";
  const resolved = new URL(value, base);
  if (resolved.origin !== base) return null;
  // Route matching ignores case, so /DE/LOGIN is the login page too (a loop after login).
  if (resolved.pathname.toLowerCase().startsWith(`/${lang.toLowerCase()}/login`)) return null;
  // Dot segments can leave two leading slashes ("/.//evil.example" resolves to "//evil.example"): as a
  // Location that is another host, so the resolved path must be as site-relative as the input was.
  if (resolved.pathname.startsWith("//")) return null;
  // The resolved form is percent-encoded ASCII: it can go into a Location header (a raw "€" cannot: 500).
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/**
 * The reply to a post the web tier streamed to the API unread (an upload, ADR 018): no submission to reply with, so
 * the API's errors and the texts the page should keep (`input`) in the shape of one, for the page to read the same way.
 */
export function streamedReply(
  errors: readonly ErrorItem[],
  fields?: FieldsOfForm,
  input: Record<string, string> = {},
): SubmissionResult<string[]> {
  const { formErrors, fieldErrors } = apiErrorReply(errors, fields);
  if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0) formErrors.push(DEFAULT_ERROR_KEY);
  return { status: "error", initialValue: input, error: { "": formErrors, ...fieldErrors } };
}

/** Which of a page's forms was sent (its `intent`, or the field `key` that tells them apart), whatever the outcome of the parse. */
export function sentIntent(submission: Pick<Submission<unknown>, "payload">, key = "intent"): string | null {
  const value = submission.payload[key];
  return typeof value === "string" && value !== "" ? value : null;
}

/** The page a form says to return to (its hidden `r`), when it is a same-site path (safeReturnPath); else null. */
export function returnPathOf(submission: Pick<Submission<unknown>, "payload">, lang: string): string | null {
  const r = submission.payload.r;
  return safeReturnPath(typeof r === "string" ? r : null, lang);
}

/** Bots fill the hidden website_url field (Honeypot): read from the submission's payload, whatever its schema. */
export function isBotSubmission(submission: Pick<Submission<unknown>, "payload">): boolean {
  const trap = submission.payload.website_url;
  return typeof trap === "string" && trap.length > 0;
}
