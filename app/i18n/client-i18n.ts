/**
 * The browser's i18n instance (ADR 149): what react-i18next's `I18nextProvider`/`useTranslation` and remix-i18next's
 * `useChangeLanguage` ask of an i18next instance, over the translator of `./client-t` and the locale files. It
 * replaces i18next in the browser bundle (about 14 KB gzipped); the server keeps i18next.
 *
 * Loading as the i18next setup before it (ADR 050, spec section 9): the files `/public/locales/<lng>/<ns>.json` with
 * the browser's fetch, at most `maxParallelReads` at once, a network error or 5xx tried again up to `maxRetries` times
 * after `retryTimeout` ms doubling each time; a namespace that could not be loaded counts as settled (its keys show as
 * keys, as with i18next) so a page never waits for ever.
 */
import { translate, type Resources, type TOptions } from "./client-t";

export interface ClientI18nOptions {
  lng: string;
  ns: readonly string[];
  defaultNS: string;
  fallbackNS: readonly string[];
  defaultVariables: Record<string, unknown>;
  maxRetries: number;
  retryTimeout: number;
  maxParallelReads: number;
  load(language: string, namespace: string): Promise<Resources>;
  onMissing?(languages: string[], namespace: string, key: string): void;
  react?: Record<string, unknown>;
}

type Listener = (...args: unknown[]) => void;
type Callback = (error?: unknown) => void;

/** A failed answer worth trying again (network, 5xx) or not (4xx). */
export class LoadError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** The locale files over fetch (what the i18next backend of ADR 050 did). */
export function fetchLocale(loadPath: (language: string, namespace: string) => string) {
  return (language: string, namespace: string): Promise<Resources> =>
    fetch(loadPath(language, namespace)).then(
      (response) => {
        if (!response.ok) throw new LoadError(`${response.status} for ${language}/${namespace}`, response.status >= 500);
        return response.json() as Promise<Resources>;
      },
      (error: Error) => {
        throw new LoadError(error.message, true);
      },
    );
}

export function createClientI18n(options: ClientI18nOptions) {
  const data = new Map<string, Resources>();
  const settled = new Set<string>();
  const pending = new Map<string, Promise<void>>();
  const listeners = new Map<string, Set<Listener>>();
  const used = new Set<string>(options.ns);
  let active = 0;
  const waiting: Array<() => void> = [];

  const id = (lng: string, ns: string) => `${lng}|${ns}`;
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args));
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (active >= options.maxParallelReads) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  }

  function loadOne(lng: string, ns: string): Promise<void> {
    const key = id(lng, ns);
    if (settled.has(key)) return Promise.resolve();
    let promise = pending.get(key);
    if (!promise) {
      promise = (async () => {
        let pause = options.retryTimeout;
        for (let tried = 0; ; tried++) {
          try {
            data.set(key, await slot(() => options.load(lng, ns)));
            break;
          } catch (error) {
            if (!(error instanceof LoadError && error.retry) || tried >= options.maxRetries) break;
            await wait(pause);
            pause *= 2;
          }
        }
        settled.add(key);
        pending.delete(key);
      })();
      pending.set(key, promise);
    }
    return promise;
  }

  const load = (lng: string, namespaces: readonly string[]) => Promise.all(namespaces.map((ns) => loadOne(lng, ns))).then(() => undefined);

  const config = {
    defaultNS: options.defaultNS,
    fallbackNS: options.fallbackNS,
    defaultVariables: options.defaultVariables,
    resources: (lng: string, ns: string) => data.get(id(lng, ns)),
    onMissing: options.onMissing,
  };

  const instance = {
    language: options.lng,
    languages: [options.lng],
    isInitialized: false,
    options: { defaultNS: options.defaultNS, ns: [...options.ns], react: options.react ?? {} },
    // react-i18next binds to the store's events only when asked (bindI18nStore); none are.
    store: { on() {}, off() {} },
    services: {},
    on(event: string, listener: Listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    off(event: string, listener?: Listener) {
      if (listener) listeners.get(event)?.delete(listener);
      else listeners.delete(event);
    },
    hasLoadedNamespace(ns: string, given?: { lng?: string }) {
      return settled.has(id(given?.lng ?? instance.language, ns));
    },
    loadNamespaces(ns: string | readonly string[], callback?: Callback) {
      const list = typeof ns === "string" ? [ns] : ns;
      list.forEach((each) => used.add(each));
      instance.options.ns = [...used];
      const done = load(instance.language, list);
      void done.then(() => callback?.());
      return done;
    },
    loadLanguages(lng: string | readonly string[], callback?: Callback) {
      const done = Promise.all((typeof lng === "string" ? [lng] : lng).map((each) => load(each, [...used]))).then(() => undefined);
      void done.then(() => callback?.());
      return done;
    },
    async changeLanguage(lng: string, callback?: Callback) {
      await load(lng, [...used]);
      instance.language = lng;
      instance.languages = [lng];
      emit("languageChanged", lng);
      callback?.();
      return instance.t;
    },
    getFixedT(lng?: string | null, ns?: string | readonly string[] | null, keyPrefix?: string | null) {
      const fixed = (key: unknown, given?: unknown) => {
        const opts: TOptions = typeof given === "string" ? { defaultValue: given } : { ...(given as TOptions | undefined) };
        const full = keyPrefix && typeof key === "string" ? `${keyPrefix}.${key}` : key;
        return translate(config, lng ?? instance.language, (opts.ns as string | undefined) ?? ns ?? undefined, full, opts);
      };
      return Object.assign(fixed, { lng, ns, keyPrefix });
    },
    t: ((key: unknown, given?: unknown) => translate(config, instance.language, undefined, key, given)) as (
      key: unknown,
      options?: unknown,
    ) => string,
    /** Loads the first namespaces, then counts as initialised (react-i18next's `ready`). */
    async init() {
      await load(instance.language, options.ns);
      instance.isInitialized = true;
      emit("initialized");
      return instance;
    },
  };
  return instance;
}
