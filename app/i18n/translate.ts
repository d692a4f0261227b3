import type { TFunction } from "i18next";

/**
 * Spec section 8: messages starting with "validation." or "exception." (or
 * containing a dot) are translation keys; others are shown as they are. A
 * missing key is shown as its own text when it reads like text (has a space).
 */
export function isTranslationKey(message: string): boolean {
  if (message.includes(" ")) return false;
  return message.startsWith("validation.") || message.startsWith("exception.") || message.includes(".");
}

export function translateMessage(t: TFunction, message: string, params?: Record<string, unknown>): string {
  if (!isTranslationKey(message)) return message;
  const fallback = message.startsWith("validation.") ? t("validation.invalid") : t("exception.common.something_wrong_happened");
  return t(message, { ...params, defaultValue: fallback });
}
