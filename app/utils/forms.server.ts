import type { Submission } from "@conform-to/react";
import type { ErrorItem } from "#server/contract/errors";
import { apiErrorReply } from "./api-errors";

/** API error items as a conform reply (apiErrorReply): sourced items at their fields, the rest above the form. */
export function replyWithApiErrors<T>(
  submission: Submission<T>,
  errors: ErrorItem[],
  fieldNames: readonly string[],
  hideFields: string[] = [],
) {
  return submission.reply({ ...apiErrorReply(errors, fieldNames), hideFields });
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

/** Bots fill the hidden website_url field. */
export function isBotSubmission(formData: FormData): boolean {
  const trap = formData.get("website_url");
  return typeof trap === "string" && trap.length > 0;
}
