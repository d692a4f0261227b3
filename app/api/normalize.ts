/**
 * Error bodies of every shape become error items (spec section 8): an errors
 * list as is; a single error/error_description; a string body; a keyed object
 * ({field: message | messages}) with key and title; else the default.
 */
import { DEFAULT_ERROR_KEY, type ErrorItem } from "#server/contract/errors";

export const UNAUTHORIZED_ERRORS = ["invalid_grant", "access_denied"];

function item(code: number | string, title: string, extra: Partial<ErrorItem> = {}): ErrorItem {
  return { code, title, message: title, key: extra.key ?? title, ...extra };
}

export function normalizeErrors(status: number, body: unknown): ErrorItem[] {
  if (typeof body === "string") {
    const text = body.trim();
    return [item(status, text || DEFAULT_ERROR_KEY)];
  }
  if (!body || typeof body !== "object") return [item(status, DEFAULT_ERROR_KEY)];
  const record = body as Record<string, unknown>;
  if (Array.isArray(record.errors) && record.errors.length > 0) {
    return record.errors.map((raw) => {
      if (typeof raw === "string") return item(status, raw);
      const e = (raw ?? {}) as Partial<ErrorItem>;
      const title = String(e.title ?? e.message ?? DEFAULT_ERROR_KEY);
      return {
        code: e.code ?? status,
        title,
        message: String(e.message ?? title),
        key: String(e.key ?? title),
        ...(e.source ? { source: String(e.source) } : {}),
        ...(e.params ? { params: e.params } : {}),
      };
    });
  }
  if (typeof record.error === "string") {
    const code = UNAUTHORIZED_ERRORS.includes(record.error) ? 401 : status;
    const title = typeof record.error_description === "string" && record.error_description ? record.error_description : record.error;
    return [item(code, title, { key: record.error })];
  }
  const keyed = Object.entries(record).filter(([key]) => !["code", "data", "meta"].includes(key));
  if (keyed.length > 0 && keyed.every(([, value]) => typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string")))) {
    return keyed.flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((title) => item(status, String(title), { key, source: key })),
    );
  }
  return [item(status, DEFAULT_ERROR_KEY)];
}

/** snake_case keys to camelCase, deeply; arrays and plain objects only. */
export function camelize<T = unknown>(value: unknown): T {
  if (Array.isArray(value)) return value.map((entry) => camelize(entry)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, entry]) => [key.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase()), camelize(entry)]),
    ) as T;
  }
  return value as T;
}
