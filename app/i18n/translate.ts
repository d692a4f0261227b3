import type { TFunction } from "i18next";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { PAYMENT_REQUIRED_KEY } from "#server/contract/prices";
import { formatCalendarDate } from "~/utils/calendar-date";
import { paymentRequiredParams } from "~/utils/money";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Spec section 8: messages starting with "validation." or "exception." (or
 * containing a dot) are translation keys; others are shown as they are. A
 * missing key is shown as its own text when it reads like text (has a space).
 */
export function isTranslationKey(message: string): boolean {
  return message.startsWith("validation.") || message.startsWith("exception.") || message.includes(".");
}

/**
 * `lang` formats the numbers a message shows (the payment-required price); the generic error lists pass the page's
 * language, other callers get the default language's digits.
 */
export function translateMessage(t: TFunction, message: string, params?: Record<string, unknown>, lang?: string): string {
  if (!isTranslationKey(message)) return message;
  // Text with whitespace ("Server is down. Try later.") is a sentence, never split into key and params.
  const readsAsText = /\s/.test(message);
  const { key, params: inline } = readsAsText ? { key: message, params: {} } : splitMessageKey(message);
  const fallback = readsAsText
    ? message
    : key.startsWith("validation.")
      ? t("validation.invalid")
      : t("exception.common.something_wrong_happened");
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  // A calendar day in the params (a suspension's `until`) comes as YYYY-MM-DD: shown as the language writes dates.
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries({ ...inline, ...params }).map(([name, value]) => [
      name,
      typeof value === "string" && ISO_DAY.test(value) ? formatCalendarDate(value, language) : value,
    ]),
  );
  // The one payment-required outcome (ADR 061) names a product and its price: both shown as words, not codes.
  const payment = key === PAYMENT_REQUIRED_KEY ? paymentRequiredParams(t, language, values as Record<string, string | number>) : null;
  const text = t(key, { ...values, ...payment, defaultValue: fallback });
  // An error about one sent file names it (issue 25 item 10: which of 16 photos was refused).
  return typeof values.file === "string" && values.file !== "" ? t("form_file_error", { file: values.file, message: text }) : text;
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
