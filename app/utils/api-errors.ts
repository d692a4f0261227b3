/**
 * The one mapping from API error items to a form's errors (issue 8 item 2): an item whose `source` names a
 * field of the form attaches to it, every other one goes to the form's general list. Conform carries plain
 * strings, so an item's placeholder values ride along as a query ("validation.steps.range?min=145&max=230")
 * and are filled in when the message is translated (translateMessage).
 */
import type { ErrorItem } from "#server/contract/errors";

export function messageOf(item: ErrorItem): string {
  if (!item.params || Object.keys(item.params).length === 0 || item.title.includes("?")) return item.title;
  return `${item.title}?${new URLSearchParams(Object.entries(item.params).map(([k, v]) => [k, String(v)])).toString()}`;
}

/**
 * Which form field an item's `source` belongs to: the form's field names, or a function that maps a source to
 * the field that shows it (`answers.about_me` → `about_me`, `files.2` → `files`) and answers undefined for
 * none (the item then goes to the general list).
 */
export type FieldsOfForm = readonly string[] | ((source: string) => string | undefined);

/**
 * Field and general errors for a conform reply. Without `fields` every sourced item keeps its source
 * (the registration steps map nested names themselves, regroupErrors).
 */
export function apiErrorReply(
  errors: readonly ErrorItem[],
  fields?: FieldsOfForm,
): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const fieldOf = (source: string): string | undefined =>
    !fields ? source : typeof fields === "function" ? fields(source) : fields.includes(source) ? source : undefined;
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const item of errors) {
    const field = item.source ? fieldOf(item.source) : undefined;
    if (field) (fieldErrors[field] ??= []).push(messageOf(item));
    else formErrors.push(messageOf(item));
  }
  return { formErrors, fieldErrors };
}
