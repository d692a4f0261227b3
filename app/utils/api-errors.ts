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
 * Field and general errors for a conform reply. Without `fieldNames` every sourced item keeps its source
 * (the registration steps map nested names themselves, regroupErrors).
 */
export function apiErrorReply(
  errors: readonly ErrorItem[],
  fieldNames?: readonly string[],
): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const item of errors) {
    if (item.source && (!fieldNames || fieldNames.includes(item.source))) (fieldErrors[item.source] ??= []).push(messageOf(item));
    else formErrors.push(messageOf(item));
  }
  return { formErrors, fieldErrors };
}
