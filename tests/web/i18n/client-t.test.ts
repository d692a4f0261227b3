/**
 * The browser's translator (app/i18n/client-t.ts, ADR 149) against i18next: every key of every namespace in all four
 * languages, with sample values for its placeholders and, for plural keys, a row of counts, gives the same text as the
 * server's i18next (what the page was rendered with, so hydration matches), and missing keys give the same text and
 * the same reports as the i18next the browser had before (issue 32 item 7). Also the loading rules of spec section 9.
 */
import { createInstance, type i18n } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NAMESPACES, SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { brandVariables } from "~/brand/brand";
import { createClientI18n, LoadError } from "~/i18n/client-i18n";
import { translate, type Resources, type TranslatorConfig } from "~/i18n/client-t";
import { i18nConfig } from "~/i18n/config";
import { serverI18n } from "~/i18n/i18next.server";
import { resources } from "~/i18n/resources.server";
import { flatten } from "../../helpers/translation-keys";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1.5];
const tree = (lng: string, ns: string) => (resources as Record<string, Record<string, Resources>>)[lng]?.[ns];

function clientConfig(onMissing?: TranslatorConfig["onMissing"]): TranslatorConfig {
  return {
    defaultNS: i18nConfig.defaultNS,
    fallbackNS: i18nConfig.fallbackNS,
    defaultVariables: brandVariables(),
    resources: tree,
    onMissing,
  };
}

/** Sample values for a text's placeholders: numbers for formatted ones, words for the rest. */
function sampleValues(texts: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const text of texts)
    for (const [, inner] of text.matchAll(/\{\{(.+?)\}\}/g)) {
      const [name, format] = inner!.split(",").map((part) => part.trim());
      values[name!] = format ? 12345.5 : `«${name}»`;
    }
  return values;
}

describe("the browser's translator gives i18next's text", () => {
  for (const lng of SUPPORTED_LANGUAGES)
    it(`for every key of every namespace in ${lng}`, () => {
      const server = serverI18n(lng);
      const config = clientConfig();
      let calls = 0;
      for (const ns of NAMESPACES) {
        const keys = flatten((tree(lng, ns) ?? {}) as never);
        const plurals = new Map<string, string[]>();
        for (const [key, text] of keys) {
          const base = key.replace(PLURAL, "");
          if (base !== key) plurals.set(base, [...(plurals.get(base) ?? []), text]);
        }
        const serverT = server.getFixedT(lng, ns);
        const commonT = server.getFixedT(lng, "common");
        const check = (t: typeof serverT, namespace: string, key: string, options?: Record<string, unknown>) => {
          calls++;
          expect(translate(config, lng, namespace, key, options), `${lng}/${ns}: ${key} ${JSON.stringify(options)}`).toBe(
            options ? t(key, options) : t(key),
          );
        };
        for (const [key, text] of keys) {
          check(serverT, ns, key);
          // From another namespace's t the key is found through fallbackNS.
          check(commonT, "common", key, sampleValues([text]));
          check(serverT, ns, key, { ...sampleValues([text]), defaultValue: "unused" });
        }
        for (const [base, texts] of plurals) {
          // A plural is a key with `_one` and `_other` (a lone `claimed_by_other` is a name, not a plural).
          if (!keys.has(`${base}_one`) || !keys.has(`${base}_other`)) continue;
          const values = sampleValues(texts);
          for (const count of COUNTS) check(serverT, ns, base, { ...values, count });
          check(serverT, ns, base, { ...values, count: "7" });
        }
      }
      expect(calls).toBeGreaterThan(1_000);
    }, 180_000);
});

describe("missing keys: the same text and the same reports as the browser's i18next before", () => {
  const reportsOf = () => {
    const reported: string[] = [];
    return { reported, handler: (lngs: readonly string[], ns: string, key: string) => reported.push(`${lngs.join()}/${ns}/${key}`) };
  };

  async function browserI18next(lng: string, handler: (lngs: readonly string[], ns: string, key: string) => void): Promise<i18n> {
    const instance = createInstance();
    await instance.init({
      ...i18nConfig,
      lng,
      fallbackLng: false,
      resources,
      saveMissing: true,
      missingKeyHandler: handler,
      interpolation: { ...i18nConfig.interpolation, defaultVariables: brandVariables() },
    });
    return instance;
  }

  const CALLS: Array<[string, Record<string, unknown> | undefined]> = [
    ["Nothing found here, sorry.", undefined],
    ["Ein Text mit {{name}} und {{brand}}.", { name: "Ada" }],
    ["seo.not_there", undefined],
    ["validation.not_there", { defaultValue: "Ungültig: {{field}}", field: "Alter" }],
    ["gone.items", { count: 0 }],
    ["gone.items", { count: 3, defaultValue_other: "{{count}} Dinge", defaultValue: "ein Ding" }],
    ["gone.items", { count: 0, defaultValue_zero: "keine" }],
    ["gone.limit", { defaultValue: "höchstens {{max, number}}", max: 1234567 }],
    ["gone.missing_var", { defaultValue: "kein {{wert}} da" }],
  ];

  for (const lng of SUPPORTED_LANGUAGES)
    it(`in ${lng}`, async () => {
      const before = reportsOf();
      const now = reportsOf();
      const old = (await browserI18next(lng, before.handler)).getFixedT(lng, "auth");
      const config = clientConfig(now.handler);
      for (const [key, options] of CALLS)
        expect(translate(config, lng, "auth", key, options), key).toBe(options ? old(key, options) : old(key));
      expect(now.reported).toEqual(before.reported);
      expect(now.reported).toContain(`${lng}/auth/seo.not_there`);
    }, 30_000);
});

describe("the browser's i18n instance", () => {
  afterEach(() => vi.useRealTimers());

  const base = {
    defaultNS: "common",
    fallbackNS: ["auth"],
    defaultVariables: {},
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
  };

  it("retries a 5xx five times from 350 ms doubling, never a 4xx, and counts a failed file as settled", async () => {
    vi.useFakeTimers();
    const tries: number[] = [];
    const start = Date.now();
    const i18n = createClientI18n({
      ...base,
      lng: "de",
      ns: ["common", "auth"],
      load: async (_lng, ns) => {
        if (ns === "auth") throw new LoadError("404", false);
        tries.push(Date.now() - start);
        throw new LoadError("503", true);
      },
    });
    const done = i18n.init();
    await vi.advanceTimersByTimeAsync(20_000);
    await done;
    expect(tries).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.hasLoadedNamespace("common")).toBe(true);
    expect(i18n.getFixedT(null, "common")("nav.login")).toBe("nav.login");
  });

  it("reads at most 10 files at once, and a language change loads the namespaces in use before it tells the page", async () => {
    let open = 0;
    let most = 0;
    const events: string[] = [];
    const i18n = createClientI18n({
      ...base,
      lng: "de",
      ns: Array.from({ length: 25 }, (_, i) => `ns${i}`),
      load: async (lng, ns) => {
        open++;
        most = Math.max(most, open);
        await new Promise((resolve) => setTimeout(resolve, 5));
        open--;
        events.push(`${lng}/${ns}`);
        return ns === "ns0" ? { hello: lng === "de" ? "Hallo {{name}}" : "Hello {{name}}" } : {};
      },
    });
    await i18n.init();
    expect(most).toBe(10);
    const t = i18n.getFixedT(null, "ns0");
    expect(t("hello", { name: "Ada" })).toBe("Hallo Ada");
    i18n.on("languageChanged", () => events.push("changed"));
    await i18n.changeLanguage("en");
    expect(events.at(-1)).toBe("changed");
    expect(events.filter((event) => event.startsWith("en/"))).toHaveLength(25);
    expect(t("hello", { name: "Ada" })).toBe("Hello Ada");
  });
});
