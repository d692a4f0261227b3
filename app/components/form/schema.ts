/**
 * The form kit's schema helpers (issue 24 item 3, ADR 063): what the web tier's own forms add to the contract's
 * schemas — which of a page's forms was sent (`intent`) and the hidden fields a plain form carries (a row id, a
 * checkbox). Plain valibot, so the same schema parses on the server (parseForm) and in the browser (conform).
 */
import * as v from "valibot";
import { MAX_ROW_ID, ROW_ID_PATTERN } from "#server/contract/row-id";

/** The message of a post that none of the page's forms sends (no or an unknown intent: a hand-made post). */
export const UNKNOWN_FORM_KEY = "validation.correct_all_fields";

type FormSchema = v.GenericSchema<Record<string, unknown>, object>;

/** A parsed multi-form post: the chosen form's output, tagged with the key's value. */
export type VariantOutput<K extends string, M extends Record<string, FormSchema>> = {
  [I in keyof M & string]: v.InferOutput<M[I]> & { [P in K]: I };
}[keyof M & string];

/** How a multi-form schema treats a post: the message when no form matches, and the form a post without the key is. */
export interface VariantOptions<M> {
  message?: string;
  /** The form of a post that names none (a client that posts the main form's fields only). */
  fallback?: keyof M & string;
}

/**
 * One schema for a page with several forms, told apart by a hidden field (`key`, usually "intent"): the field's
 * value picks the form's schema. Like valibot's `variant(key, …)`, but each form may be a contract schema with a
 * cross-field check (a pipe: the tour's date order, a password's confirmation), which `variant`'s options cannot
 * be (ADR 063). Built on `lazy`, which conform's coercion follows, so numbers and checkboxes are read as usual.
 * A post with no or an unknown value fails at the key's field with the message.
 */
export function formVariant<const K extends string, const M extends Record<string, FormSchema>>(
  key: K,
  forms: M,
  { message = UNKNOWN_FORM_KEY, fallback }: VariantOptions<M> = {},
): v.GenericSchema<Record<string, unknown>, VariantOutput<K, M>> {
  const names = Object.keys(forms) as [keyof M & string, ...(keyof M & string)[]];
  const unknown = v.object({ [key]: v.picklist(names, message) }, message);
  const tagged = new Map<string, v.GenericSchema>(
    Object.entries(forms).map(([name, schema]) => [
      name,
      v.pipe(
        schema,
        v.transform((value) => ({ ...value, [key]: name })),
      ),
    ]),
  );
  const chosen = (input: unknown) => {
    const value = typeof input === "object" && input !== null ? (input as Record<string, unknown>)[key] : undefined;
    const name = value === undefined || value === "" ? fallback : value;
    return (typeof name === "string" && tagged.get(name)) || unknown;
  };
  return v.lazy(chosen) as unknown as v.GenericSchema<Record<string, unknown>, VariantOutput<K, M>>;
}

/** formVariant on the field `intent`, the name every page with several forms uses (DESIGN.md §4). */
export function intentVariant<const M extends Record<string, FormSchema>>(forms: M, options: VariantOptions<M> = {}) {
  return formVariant("intent", forms, options);
}

/**
 * The id of a row a button form acts on (a hidden field): the contract's row-id rule. Anything else names no row,
 * so it fails with the feature's not-found message (a hand-edited form, a stale page).
 */
export function rowIdField(message: string) {
  return v.pipe(v.string(message), v.regex(ROW_ID_PATTERN, message), v.transform(Number), v.maxValue(MAX_ROW_ID, message));
}

/** A checkbox: present ("on") or not; never an error (conform reads "on" as true). */
export const checkboxField = v.optional(v.boolean(), false);

/** A field the form may carry (a hidden page number, a tab) whose odd value is simply ignored. */
export function optionalText() {
  return v.optional(v.string(), "");
}
