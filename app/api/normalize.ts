/**
 * Error bodies of every shape become error items (spec section 8): an errors
 * list as is; a single error/error_description; a string body; a keyed object
 * ({field: message | messages}) with key and title; else the default.
 *
 * Whatever arrives, the result is at least one well-formed item (non-empty
 * title, message and key; code a number or a non-empty string), because pages
 * show the first title and forms attach items by `source`.
 */
import { DEFAULT_ERROR_KEY, type ErrorItem } from "#server/contract/errors";

/** OAuth error codes that mean "your session is gone": treated as HTTP 401. */
export const UNAUTHORIZED_ERRORS = ["invalid_grant", "access_denied"];

/**
 * A string body longer than this, or one that is markup, is a proxy or crash
 * page (e.g. a 502 from a load balancer), not a message meant for the user.
 */
const MAX_TEXT_BODY_LENGTH = 300;

/** Top-level fields of the API envelope that are never a field's messages. */
const ENVELOPE_FIELDS = new Set(["code", "data", "meta"]);

function text(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

function codeOf(value: unknown, fallback: number): number | string {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "") return value;
  return fallback;
}

function paramsOf(value: unknown): Record<string, string | number> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === "string" || (typeof entry[1] === "number" && Number.isFinite(entry[1])),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function item(code: number | string, title: string | undefined, extra: { key?: string; source?: string } = {}): ErrorItem {
  const shown = title ?? DEFAULT_ERROR_KEY;
  return { code, title: shown, message: shown, key: extra.key ?? shown, ...(extra.source ? { source: extra.source } : {}) };
}

function fromListEntry(status: number, raw: unknown): ErrorItem {
  if (typeof raw === "string") return item(status, text(raw));
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return item(status, undefined);
  const e = raw as Record<string, unknown>;
  const title = text(e.title) ?? text(e.message) ?? DEFAULT_ERROR_KEY;
  const source = text(e.source);
  const params = paramsOf(e.params);
  return {
    code: codeOf(e.code, status),
    title,
    message: text(e.message) ?? title,
    key: text(e.key) ?? title,
    ...(source ? { source } : {}),
    ...(params ? { params } : {}),
  };
}

/** {field: "message" | ["message", ...]} → one item per message, attached to the field; null if not that shape. */
function fromKeyedObject(status: number, record: Record<string, unknown>, skip: Set<string>): ErrorItem[] | null {
  const keyed = Object.entries(record).filter(([key]) => !skip.has(key));
  const isMessages = (value: unknown) =>
    typeof value === "string" || (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string"));
  if (keyed.length === 0 || !keyed.every(([, value]) => isMessages(value))) return null;
  return keyed.flatMap(([key, value]) =>
    (Array.isArray(value) ? (value as string[]) : [value as string]).map((title) =>
      item(status, text(title), { key: key.trim() || undefined, source: key.trim() || undefined }),
    ),
  );
}

export function normalizeErrors(status: number, body: unknown): ErrorItem[] {
  if (typeof body === "string") {
    const trimmed = body.trim();
    const readable = trimmed !== "" && trimmed.length <= MAX_TEXT_BODY_LENGTH && !trimmed.startsWith("<");
    return [item(status, readable ? trimmed : undefined)];
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return [item(status, undefined)];
  const record = body as Record<string, unknown>;
  if (Array.isArray(record.errors) && record.errors.length > 0) {
    return record.errors.map((raw) => fromListEntry(status, raw));
  }
  // Some back ends send field errors as an object under "errors".
  if (record.errors && typeof record.errors === "object" && !Array.isArray(record.errors)) {
    const keyed = fromKeyedObject(status, record.errors as Record<string, unknown>, new Set());
    if (keyed) return keyed;
  }
  const oauthError = text(record.error);
  if (oauthError) {
    const code = UNAUTHORIZED_ERRORS.includes(oauthError) ? 401 : status;
    return [item(code, text(record.error_description) ?? oauthError, { key: oauthError })];
  }
  return fromKeyedObject(status, record, ENVELOPE_FIELDS) ?? [item(status, undefined)];
}

/**
 * Spec section 8: invalid_grant, access_denied and HTTP 401 are "code 401".
 * The OAuth `error` field counts even when an errors list carries the details
 * (our API sends both, e.g. a rejected refresh token).
 */
export function isUnauthorized(status: number, body: unknown, errors: ErrorItem[]): boolean {
  if (status === 401) return true;
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const oauthError = (body as Record<string, unknown>).error;
    if (typeof oauthError === "string" && UNAUTHORIZED_ERRORS.includes(oauthError)) return true;
  }
  return errors.some((e) => e.code === 401 || UNAUTHORIZED_ERRORS.includes(e.key));
}

/** A key after snake_case → camelCase; underscores at the start or in runs stay ("_id", "a__b"). */
function camelKey(key: string): string {
  let camel = camelKeys.get(key);
  if (camel === undefined) {
    camel = key.replace(/(?<=[A-Za-z0-9])_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
    if (camelKeys.size < CAMEL_KEYS_MAX) camelKeys.set(key, camel);
  }
  return camel;
}
/** API field names are a small fixed set: remembering their camelCase spares a regex per key per answer. */
const camelKeys = new Map<string, string>();
const CAMEL_KEYS_MAX = 10_000;

/**
 * snake_case keys to camelCase, deeply; arrays and plain objects only. Never
 * loses a key: when two keys would meet (`a_b` and `aB`), the key already in
 * camelCase keeps its name and the other keeps its original one.
 */
export function camelize<T = unknown>(value: unknown): T {
  if (Array.isArray(value)) return value.map((entry) => camelize(entry)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    // The names already in camelCase, needed only when some key changes (every page parses a few such answers: no
    // Set, no entry pairs and no property descriptors per object when nothing can meet, ADR 179).
    let used: Set<string> | undefined;
    for (const key of keys)
      if (camelKey(key) !== key) {
        used = new Set(keys.filter((other) => camelKey(other) === other));
        break;
      }
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      let name = key;
      const camel = used ? camelKey(key) : key;
      if (camel !== key) {
        name = used!.has(camel) ? key : camel;
        used!.add(name);
      }
      const entry = camelize(record[key]);
      // A "__proto__" key stays data and never becomes the prototype; any other name is a plain own property.
      if (name === "__proto__") Object.defineProperty(out, name, { value: entry, enumerable: true, writable: true, configurable: true });
      else out[name] = entry;
    }
    return out as T;
  }
  return value as T;
}
