import { createInstance, type i18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { brandVariables } from "~/brand/brand";
import { i18nConfig } from "./config";
import { languageFromPath } from "./lang";
import { resources } from "./resources.server";

/** The language is the first path segment; nothing else decides it. */
function localeOf(request: Request): Language {
  return languageFromPath(new URL(request.url).pathname) ?? DEFAULT_LANGUAGE;
}

const serverOptions = { ...i18nConfig, resources, interpolation: { ...i18nConfig.interpolation, defaultVariables: brandVariables() } };

/** Above this many remembered texts per language the memo starts over (interpolated names make keys unbounded). */
const MEMO_MAX_ENTRIES = 20_000;

type Primitive = string | number | boolean;
const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/**
 * A memo key for a t() call, or null when the call cannot be memoized (objects
 * as values, returnObjects, several keys). Values carry their type, so a count
 * of 1 and "1" stay apart.
 */
export function memoKey(key: unknown, options: unknown, extra: number): string | null {
  if (typeof key !== "string" || extra > 0) return null;
  if (options === undefined) return key;
  if (typeof options !== "object" || options === null) return null;
  const record = options as Record<string, unknown>;
  if (record.returnObjects) return null;
  const entries: Array<[string, string, unknown]> = [];
  for (const name of Object.keys(record).sort()) {
    const value = record[name];
    // fixedT passes lng/lngs/keyPrefix as null or undefined when unset.
    if (value === undefined || value === null) continue;
    if (isPrimitive(value) || (Array.isArray(value) && value.every((item) => typeof item === "string")))
      entries.push([name, typeof value, value]);
    else return null;
  }
  // JSON keeps every value apart (no separator character a value could contain).
  return JSON.stringify([key, entries]);
}

/**
 * i18next's translate walks resources, plural rules and interpolation for
 * every call, and a page makes hundreds of them with the same arguments.
 * Resources never change while the process runs, so a result is a pure
 * function of the key and options: remember it.
 */
function memoizeTranslate(instance: i18n): void {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const memo = new Map<string, unknown>();
  const memoized = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    const id = memoKey(key, options, rest.length);
    if (id === null) return translate(key, options, ...rest);
    const hit = memo.get(id);
    if (hit !== undefined) return hit;
    const value = translate(key, options);
    if (memo.size >= MEMO_MAX_ENTRIES) memo.clear();
    memo.set(id, value);
    return value;
  };
  instance.t = memoized as unknown as typeof instance.t;
}

/** The scope of a fixed t (language, namespaces, key prefix) as a memo key; null for anything but plain values. */
function scopeKey(lng: unknown, ns: unknown, keyPrefix: unknown): string | null {
  const plain = (value: unknown) =>
    value === undefined ||
    value === null ||
    typeof value === "string" ||
    (Array.isArray(value) && value.every((item) => typeof item === "string"));
  return plain(lng) && plain(ns) && plain(keyPrefix) ? JSON.stringify([lng ?? null, ns ?? null, keyPrefix ?? null]) : null;
}

/**
 * The memo key of a fixed t's call with options (`t("bell.unread", { count })`), or null when it cannot be memoized: a
 * plain object of strings, numbers and booleans only (what interpolation, plurals and `ns` take). Each value carries
 * its type, so a count of 1 and "1" stay apart; JSON keeps every part apart. Cheaper than memoKey above, which also
 * sorts the fields i18next's fixed t adds to every call (ADR 179: ~5 µs a call with options went to the two).
 */
export function optionsMemoKey(key: string, options: unknown): string | null {
  if (typeof options !== "object" || options === null || Object.getPrototypeOf(options) !== Object.prototype) return null;
  const parts: string[] = [key];
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    if (typeof value === "string") parts.push(name, `s${value}`);
    else if (typeof value === "number") parts.push(name, `n${String(value)}`);
    else if (typeof value === "boolean") parts.push(name, value ? "b1" : "b0");
    else if (value === undefined) parts.push(name, "u");
    else return null;
  }
  return JSON.stringify(parts);
}

/**
 * Every component's useTranslation asks for a fixed t and calls it with a bare key (`t("header.menu")`); i18next's
 * fixed t then builds an options object per call, which the memo above turns into a sorted JSON key. A bare key of a
 * fixed t is remembered per scope instead (ADR 144), and so is a call with one options object of plain values (ADR
 * 179). Anything else goes through the fixed t as before. The fixed t itself is made once per scope (ADR 172): a scope's t holds nothing of a request (the
 * instance's language never changes on the server), and a page asks for one in each of its few dozen components.
 */
function memoizeFixedT(instance: i18n): void {
  const original = instance.getFixedT.bind(instance) as (...args: unknown[]) => TFunction;
  const scopes = new Map<string, TFunction>();
  const fixed = (lng?: unknown, ns?: unknown, keyPrefix?: unknown): TFunction => {
    const scope = scopeKey(lng, ns, keyPrefix);
    if (scope === null) return original(lng, ns, keyPrefix);
    const known = scopes.get(scope);
    if (known) return known;
    const fixedT = original(lng, ns, keyPrefix);
    const call = fixedT as unknown as (...args: unknown[]) => unknown;
    const memo = new Map<string, unknown>();
    const withOptions = new Map<string, unknown>();
    const remembered = (key: unknown, ...rest: unknown[]): unknown => {
      if (rest.length > 1 || typeof key !== "string") return call(key, ...rest);
      const id = rest.length === 0 ? key : optionsMemoKey(key, rest[0]);
      if (id === null) return call(key, ...rest);
      const texts = rest.length === 0 ? memo : withOptions;
      const hit = texts.get(id);
      if (hit !== undefined) return hit;
      const value = call(key, ...rest);
      if (texts.size >= MEMO_MAX_ENTRIES) texts.clear();
      texts.set(id, value);
      return value;
    };
    // The fixed t's own fields (lng, lngs, ns, keyPrefix), which react-i18next and callers may read.
    const scoped = Object.assign(remembered, fixedT) as unknown as TFunction;
    // Scopes come from the code (languages × namespace lists × key prefixes): a bound only against the unforeseen.
    if (scopes.size >= MEMO_MAX_ENTRIES) scopes.clear();
    scopes.set(scope, scoped);
    return scoped;
  };
  instance.getFixedT = fixed as typeof instance.getFixedT;
}

const instances = new Map<Language, i18n>();

/**
 * One initialised i18next instance per language, shared by every request:
 * building one per request (as getFixedT and the render used to) cost about a
 * tenth of a page's CPU. The server never changes an instance's language
 * (useChangeLanguage runs in an effect, which the server does not run), and
 * all resources are bundled, so init is synchronous and complete.
 */
export function serverI18n(lng: Language): i18n {
  const cached = instances.get(lng);
  if (cached) return cached;
  const instance = createInstance();
  instance.use(initReactI18next);
  // With bundled resources and initImmediate off, init finishes before it returns.
  void instance.init({ ...serverOptions, lng, initImmediate: false });
  memoizeTranslate(instance);
  memoizeFixedT(instance);
  instances.set(lng, instance);
  return instance;
}

const fixedTs = new Map<Language, TFunction>();

function fixedTFor(lng: Language): TFunction {
  let t = fixedTs.get(lng);
  if (!t) {
    t = serverI18n(lng).getFixedT(lng);
    fixedTs.set(lng, t);
  }
  return t;
}

/** The server side of i18n: the page language and a t() for loaders, both from the path. */
export const i18nServer = {
  async getLocale(request: Request): Promise<Language> {
    return localeOf(request);
  },
  /**
   * A t() in the request's (or the given) language. The server holds every namespace, and t() looks
   * in all of them (fallbackNS), so a loader names keys without naming their namespace.
   */
  async getFixedT(requestOrLocale: Request | Language): Promise<TFunction> {
    return fixedTFor(typeof requestOrLocale === "string" ? requestOrLocale : localeOf(requestOrLocale));
  },
};
