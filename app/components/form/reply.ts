/**
 * A refused post's conform reply (`lastResult`, issue 24 item 3) as a page without useForm shows it: which form
 * was sent (its intent), the input to show again, the errors by field and those above the form. Pages whose forms
 * are a button and a hidden id read this; forms with fields bind to it through useForm.
 */
import type { SubmissionResult } from "@conform-to/react";

export interface FormReply {
  /** The sent form's `intent` (null: no reply, or none was sent). */
  intent: string | null;
  /** The input as sent (hidden fields, such as a password, left out by the action). */
  input: Record<string, unknown>;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

const EMPTY: FormReply = { intent: null, input: {}, fieldErrors: {}, formErrors: [] };

export function readReply(result: SubmissionResult<string[]> | null | undefined): FormReply {
  if (!result) return EMPTY;
  const input = result.initialValue ?? {};
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(result.error ?? {})) if (name !== "" && messages?.length) fieldErrors[name] = messages;
  return {
    intent: typeof input.intent === "string" ? input.intent : null,
    input,
    fieldErrors,
    formErrors: result.error?.[""] ?? [],
  };
}

/** Every message of a reply in one list, each once: for a form that is a button (no field to put an error at). */
export function allErrors(reply: FormReply): string[] {
  return [...new Set([...reply.formErrors, ...Object.values(reply.fieldErrors).flat()])];
}

/**
 * The messages a page shows above a form whose own fields show theirs: the general ones, and those of every field
 * the form does not show (a hidden id, a field of none of the page's forms).
 */
export function errorsBesides(reply: FormReply, shownFields: readonly string[]): string[] {
  const hidden = Object.entries(reply.fieldErrors).flatMap(([field, messages]) => (shownFields.includes(field) ? [] : messages));
  return [...new Set([...reply.formErrors, ...hidden])];
}

/** A text of the kept input (an empty string for none, or for a list or file). */
export function inputText(reply: FormReply, name: string): string {
  const value = reply.input[name];
  return typeof value === "string" ? value : "";
}

/** The kept input's texts by field (lists and files left out): for a form that fills its fields from a map. */
export function inputTexts(reply: FormReply): Record<string, string> {
  return Object.fromEntries(Object.entries(reply.input).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
