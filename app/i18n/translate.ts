import type { TFunction } from "i18next";

/**
 * Spec section 8: messages starting with "validation." or "exception." (or
 * containing a dot) are translation keys; others are shown as they are. A
 * missing key is shown as its own text when it reads like text (has a space).
 */
export function isTranslationKey(message: string): boolean {
  return message.startsWith("validation.") || message.startsWith("exception.") || message.includes(".");
}

export function translateMessage(t: TFunction, message: string, params?: Record<string, unknown>): string {
  if (!isTranslationKey(message)) return message;
  // Text with whitespace ("Server is down. Try later.") is a sentence, never split into key and params.
  const readsAsText = /\s/.test(message);
  const { key, params: inline } = readsAsText ? { key: message, params: {} } : splitMessageKey(message);
  const fallback = readsAsText
    ? message
    : key.startsWith("validation.")
      ? t("validation.invalid")
      : t("exception.common.something_wrong_happened");
  return t(key, { ...inline, ...params, defaultValue: fallback });
}

/**
 * A message key may carry its placeholder values as a query string
 * ("validation.password.too_short?requirement=8"), so a plain string (as form
 * libraries pass errors around) keeps the numbers the text needs.
 */
export function splitMessageKey(message: string): { key: string; params: Record<string, string> } {
  const index = message.indexOf("?");
  if (index < 0) return { key: message, params: {} };
  return { key: message.slice(0, index), params: Object.fromEntries(new URLSearchParams(message.slice(index + 1))) };
}
