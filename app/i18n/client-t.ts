/**
 * The browser's translator (ADR 149): the part of i18next's `t` the web tier uses, without i18next. The server keeps
 * i18next (remix-i18next renders every page); this must give the same text for the same key and options, or hydration
 * would not match. `tests/web/i18n/client-t.test.ts` renders every key of every namespace in all four languages
 * through both and compares. What it does, as i18next 23 does with the options of app/i18n/config.ts:
 * - lookup: the call's namespace (or the fixed t's, or `common`) first, then every other namespace (fallbackNS);
 *   keys nest by "." (a key with a literal "." in a file is found as i18next finds it); nsSeparator off;
 * - plurals when `count` is a number: `key_zero` for 0, then `key_<Intl.PluralRules category>`, then `key`;
 * - a missing key: `defaultValue` (or `defaultValue_<category>`) when given, else the key itself (the spec's rule: a
 *   key that reads as text is shown as text), and reported through `onMissing` as i18next's missingKeyHandler would;
 * - interpolation `{{name}}` and `{{name, number}}` (Intl.NumberFormat), default variables, no escaping; a value
 *   with no variable keeps its placeholder. Nesting (`$t(...)`), context and returnObjects are not used by any locale
 *   file or call (the locales test would show a `$t(`), so they are not here.
 */
export type Resources = Record<string, unknown>;
export type TOptions = Record<string, unknown>;

export interface TranslatorConfig {
  defaultNS: string;
  fallbackNS: readonly string[];
  defaultVariables: Record<string, unknown>;
  /** The resources of a language and namespace, undefined while not loaded. */
  resources(language: string, namespace: string): Resources | undefined;
  /** i18next's missingKeyHandler(languages, namespace, key). */
  onMissing?(languages: string[], namespace: string, key: string): void;
}

const plurals = new Map<string, Intl.PluralRules>();
function pluralRules(language: string): Intl.PluralRules {
  let rules = plurals.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language.replace("_", "-"), { type: "cardinal" });
    plurals.set(language, rules);
  }
  return rules;
}

const ORDER: Record<string, number> = { zero: 0, one: 1, two: 2, few: 3, many: 4, other: 5 };

/** i18next's deepFind: a path whose segments may themselves hold dots. */
function deepFind(tree: unknown, path: string): unknown {
  if (!tree || typeof tree !== "object") return undefined;
  const record = tree as Record<string, unknown>;
  if (Object.hasOwn(record, path) && record[path]) return record[path];
  const tokens = path.split(".");
  let current: unknown = tree;
  for (let i = 0; i < tokens.length;) {
    if (!current || typeof current !== "object") return undefined;
    let next: unknown;
    let nextPath = "";
    for (let j = i; j < tokens.length; ++j) {
      nextPath += (j !== i ? "." : "") + tokens[j];
      next = Object.hasOwn(current, nextPath) ? (current as Record<string, unknown>)[nextPath] : undefined;
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

function lookup(tree: Resources | undefined, key: string): unknown {
  if (!tree) return undefined;
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) {
      node = undefined;
      break;
    }
    node = (node as Record<string, unknown>)[part];
  }
  return node ? node : deepFind(tree, key);
}

/** i18next's isValidLookup with returnNull false and returnEmptyString true. */
const valid = (value: unknown) => value !== undefined && value !== null;

const numberFormats = new Map<string, Intl.NumberFormat>();
function formatValue(value: unknown, format: string, language: string, options: TOptions): unknown {
  // i18next's built-in formatters: only `number` occurs in the locale files.
  if (format !== "number") return value;
  const settings = { ...options };
  const locale = (options.locale as string | undefined) || (options.lng as string | undefined) || language;
  const id = `${locale}${JSON.stringify(settings)}`;
  let formatter = numberFormats.get(id);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, settings as Intl.NumberFormatOptions);
    } catch {
      return value;
    }
    numberFormats.set(id, formatter);
  }
  return formatter.format(value as number);
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

function interpolate(text: string, data: TOptions, language: string, options: TOptions): string {
  return text.replace(PLACEHOLDER, (whole: string, inner: string) => {
    const name = inner.trim();
    const comma = name.indexOf(",");
    const variable = comma < 0 ? name : name.slice(0, comma).trim();
    let value = deepFind(data, variable);
    // As i18next: a formatted placeholder is formatted even without its value (Intl gives "NaN").
    if (comma >= 0) value = formatValue(value, name.slice(comma + 1).trim(), language, { ...options, ...data, interpolationkey: variable });
    if (value === undefined) return Object.hasOwn(options, name) ? "" : whole;
    return typeof value === "string" ? value : value === null ? "" : String(value);
  });
}

/** One `t(key, options)` in `language`, the namespace `namespace` first. */
export function translate(
  config: TranslatorConfig,
  language: string,
  namespace: string | readonly string[] | undefined,
  key: unknown,
  given?: unknown,
): string {
  if (key === undefined || key === null) return "";
  const options: TOptions =
    typeof given === "string" ? { defaultValue: given } : typeof given === "object" && given ? { ...(given as TOptions) } : {};
  const text = String(key);
  const lng = typeof options.lng === "string" && options.lng ? options.lng : language;
  const own = options.ns ?? namespace ?? config.defaultNS;
  const namespaces = typeof own === "string" ? [own] : [...(own as string[])];
  const count = options.count;
  const plural = count !== undefined && typeof count !== "string";
  const suffix = plural ? `_${pluralRules(lng).select(count as number)}` : "";
  const zero = plural && count === 0;

  let found: unknown;
  for (const ns of [...namespaces, ...config.fallbackNS]) {
    const tree = config.resources(lng, ns);
    // i18next tries the last of [key, key+suffix, key_zero] first.
    const candidates = plural ? (zero ? [`${text}_zero`, text + suffix, text] : [text + suffix, text]) : [text];
    for (const candidate of candidates) {
      found = lookup(tree, candidate);
      if (valid(found)) break;
    }
    if (valid(found)) break;
  }

  let result: unknown = found;
  const hasDefault = Object.keys(options).some((name) => name.startsWith("defaultValue") && options[name] !== undefined);
  if (valid(found) && typeof found === "object") return `key '${text} (${language})' returned an object instead of string.`;
  if (!valid(found)) {
    const defaultValue = (zero && options.defaultValue_zero) || options[`defaultValue${suffix}`] || options.defaultValue;
    let usedKey = false;
    if (hasDefault) result = defaultValue;
    if (!valid(result)) {
      result = text;
      usedKey = true;
    }
    if ((usedKey || hasDefault) && config.onMissing) {
      const reported = namespaces[namespaces.length - 1]!;
      if (plural) {
        const categories = [...pluralRules(lng).resolvedOptions().pluralCategories].sort((a, b) => (ORDER[a] ?? 9) - (ORDER[b] ?? 9));
        const suffixes = categories.map((category) => `_${category}`);
        if (zero && options.defaultValue_zero && !suffixes.includes("_zero")) suffixes.push("_zero");
        for (const each of suffixes) config.onMissing([lng], reported, text + each);
      } else config.onMissing([lng], reported, text);
    }
  }
  if (typeof result !== "string") return result as string;
  const data = {
    ...config.defaultVariables,
    ...(options.replace && typeof options.replace === "object" ? (options.replace as TOptions) : options),
  };
  return interpolate(result, data, lng, options);
}
