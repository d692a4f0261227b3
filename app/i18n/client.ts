/**
 * The browser's translator (ADR 050): the small part of i18next's instance that react-i18next and the app's
 * components call, so the page does not ship i18next, its HTTP backend and a fetch polyfill (~21 KB gzipped).
 * The server renders every page with the real i18next (app/i18n/i18next.server.ts); this module must produce
 * the same text for the same key so hydration matches: tests/web/i18n/client-i18n.test.ts compares both over
 * every key of every namespace and language. Supported, as the locales use them: keys nested with ".",
 * `fallbackNS` (a key is looked up in every loaded namespace), `{{name}}` and `{{name, number}}`, plurals by
 * `count` (`_zero` first for 0, then the Intl plural category), `defaultValue`, default variables.
 */
import { i18nConfig } from "~/i18n/config";

type Resources = Record<string, unknown>;
type Options = Record<string, unknown> & { ns?: string | string[]; count?: unknown; defaultValue?: unknown; lng?: string };
export type ClientT = (key: string | string[], options?: Options | string) => string;
type Listener = (...args: unknown[]) => void;

/** i18next's lookup: the whole key first, then segment by segment (a segment may itself contain dots). */
function deepFind(object: unknown, path: string): unknown {
  if (object === null || typeof object !== "object") return undefined;
  const record = object as Record<string, unknown>;
  if (record[path] && Object.prototype.hasOwnProperty.call(record, path)) return record[path];
  const tokens = path.split(".");
  let current: unknown = record;
  for (let i = 0; i < tokens.length;) {
    if (!current || typeof current !== "object") return undefined;
    let next: unknown;
    let nextPath = "";
    for (let j = i; j < tokens.length; ++j) {
      nextPath += (j !== i ? "." : "") + tokens[j];
      next = (current as Record<string, unknown>)[nextPath];
      if (next !== undefined) {
        if (["string", "number", "boolean"].includes(typeof next) && j < tokens.length - 1) continue;
        i = j + 1;
        break;
      }
    }
    if (next === undefined) return undefined;
    current = next;
  }
  return current;
}

const valid = (value: unknown) => value !== undefined && value !== null;

export interface ClientI18nOptions {
  lng: string;
  ns: string[];
  loadPath: (lng: string, ns: string) => string;
  defaultVariables?: Record<string, unknown>;
  /** Namespaces already in the page (tests); others are fetched. */
  resources?: Record<string, Record<string, Resources>>;
}

export function createClientI18n(init: ClientI18nOptions) {
  const store: Record<string, Record<string, Resources>> = { ...init.resources };
  const loaded = new Set<string>(Object.entries(init.resources ?? {}).flatMap(([l, b]) => Object.keys(b).map((n) => `${l}|${n}`)));
  const pending = new Map<string, Promise<void>>();
  const listeners = new Map<string, Set<Listener>>();
  const defaultNS = i18nConfig.defaultNS;
  const fallbackNS: string[] = i18nConfig.fallbackNS;
  const defaultVariables = init.defaultVariables ?? {};
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const pluralRules = new Map<string, Intl.PluralRules>();

  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((fn) => fn(...args));

  function load(lng: string, ns: string): Promise<void> {
    const id = `${lng}|${ns}`;
    if (loaded.has(id)) return Promise.resolve();
    let promise = pending.get(id);
    if (!promise) {
      promise = fetch(init.loadPath(lng, ns))
        .then((response) => (response.ok ? (response.json() as Promise<Resources>) : undefined))
        .catch(() => undefined)
        .then((bundle) => {
          // As i18next: a failed load counts as done (the keys then show as keys), never as pending forever.
          (store[lng] ??= {})[ns] = { ...store[lng]?.[ns], ...bundle };
          loaded.add(id);
          pending.delete(id);
        });
      pending.set(id, promise);
    }
    return promise;
  }

  function format(value: unknown, formatName: string, lng: string): unknown {
    if (formatName !== "number") return value;
    let formatter = numberFormats.get(lng);
    if (!formatter) numberFormats.set(lng, (formatter = new Intl.NumberFormat(lng)));
    return formatter.format(value as number);
  }

  /** i18next's interpolation with skipOnVariables: an inserted value is never read again. */
  function interpolate(text: string, data: Record<string, unknown>, options: Options, lng: string): string {
    let result = text;
    for (const regex of [/\{\{-(.+?)\}\}/g, /\{\{(.+?)\}\}/g]) {
      let match: RegExpExecArray | null;
      while ((match = regex.exec(result))) {
        const name = (match[1] ?? "").trim();
        const comma = name.indexOf(",");
        const key = comma < 0 ? name : name.slice(0, comma).trim();
        const found = deepFind(data, key);
        let value = comma < 0 ? found : format(found, name.slice(comma + 1).trim(), lng);
        if (value === undefined) {
          if (!Object.prototype.hasOwnProperty.call(options, name)) continue;
          value = "";
        }
        const replacement = typeof value === "string" ? value : value === null ? "" : String(value);
        const whole = match[0];
        result = result.replace(whole, () => replacement);
        regex.lastIndex += replacement.length - whole.length;
      }
    }
    return result;
  }

  function pluralSuffix(lng: string, count: number): string {
    let rules = pluralRules.get(lng);
    if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
    return `_${rules.select(count)}`;
  }

  function translate(
    keys: string | string[],
    raw: Options | string | undefined,
    fixedLng: string | null,
    fixedNs?: string | string[],
  ): string {
    const options: Options = typeof raw === "string" ? { defaultValue: raw } : { ...raw };
    const lng = options.lng ?? fixedLng ?? instance.language;
    const ns = options.ns ?? fixedNs ?? defaultNS;
    const namespaces = [...(typeof ns === "string" ? [ns] : ns), ...fallbackNS];
    const list = keys === undefined || keys === null ? [] : Array.isArray(keys) ? keys : [String(keys)];
    if (list.length === 0) return "";
    const count = options.count;
    const plural = count !== undefined && typeof count !== "string";
    let found: unknown;
    let usedKey = list[list.length - 1];
    for (const key of list) {
      if (valid(found)) break;
      usedKey = key;
      for (const n of namespaces) {
        if (valid(found)) break;
        const candidates = [key];
        if (plural) {
          candidates.push(key + pluralSuffix(lng, count as number));
          if (count === 0) candidates.push(`${key}_zero`);
        }
        for (let candidate = candidates.pop(); candidate !== undefined; candidate = candidates.pop())
          if (!valid(found)) found = deepFind(store[lng]?.[n], candidate);
      }
    }
    if (valid(found) && typeof found === "object") return `key '${usedKey} (${lng})' returned an object instead of string.`;
    let text: unknown = found;
    if (!valid(text) && options.defaultValue !== undefined) text = options.defaultValue;
    if (!valid(text)) text = usedKey;
    if (typeof text !== "string") return text as string;
    const data = { ...defaultVariables, ...options };
    return interpolate(text, data, options, lng);
  }

  const instance = {
    language: init.lng,
    languages: [init.lng],
    resolvedLanguage: init.lng,
    isInitialized: false,
    options: { ...i18nConfig, ns: [...init.ns], fallbackLng: false as const, react: { ...i18nConfig.react } },
    store: { on() {}, off() {} },
    t: ((key, options) => translate(key, options, null)) as ClientT,
    getFixedT(lng: string | null, ns?: string | string[], _keyPrefix?: string): ClientT {
      return (key, options) => translate(key, options, lng, ns);
    },
    hasLoadedNamespace(ns: string, options?: { lng?: string }) {
      return loaded.has(`${options?.lng ?? instance.language}|${ns}`);
    },
    getResourceBundle(lng: string, ns: string) {
      return store[lng]?.[ns];
    },
    async loadNamespaces(ns: string | string[], callback?: () => void) {
      const list = typeof ns === "string" ? [ns] : ns;
      for (const n of list) if (!instance.options.ns.includes(n)) instance.options.ns.push(n);
      await Promise.all(list.map((n) => load(instance.language, n)));
      callback?.();
    },
    async loadLanguages(lng: string | string[], callback?: () => void) {
      const list = typeof lng === "string" ? [lng] : lng;
      await Promise.all(list.flatMap((l) => instance.options.ns.map((n) => load(l, n))));
      callback?.();
    },
    async changeLanguage(lng: string, callback?: (error: unknown, t: ClientT) => void) {
      await Promise.all(instance.options.ns.map((n) => load(lng, n)));
      instance.language = instance.resolvedLanguage = lng;
      instance.languages = [lng];
      emit("languageChanged", lng);
      callback?.(null, instance.t);
      return instance.t;
    },
    on(event: string, listener: Listener) {
      for (const name of event.split(" ")) {
        if (!listeners.has(name)) listeners.set(name, new Set());
        listeners.get(name)?.add(listener);
      }
      return instance;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return instance;
    },
    async init() {
      await Promise.all(init.ns.map((n) => load(init.lng, n)));
      instance.isInitialized = true;
      emit("initialized", instance.options);
      return instance.t;
    },
  };
  return instance;
}

export type ClientI18n = ReturnType<typeof createClientI18n>;
