/**
 * The browser's translator (app/i18n/client.ts, ADR 050) must print what the server's i18next prints, or
 * hydration would not match: every key of every namespace and language, with and without the values the
 * messages name, plurals for several counts, number formats, namespaces, defaults and missing keys.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { NAMESPACES, SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { brandVariables } from "~/brand/brand";
import { createClientI18n, type ClientI18n } from "~/i18n/client";
import { i18nConfig } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";

type Bundle = Record<string, unknown>;

/** Every leaf key of a bundle, plural suffixes removed ("a.b_one" → "a.b"), each once. */
function keysOf(bundle: Bundle, prefix = ""): string[] {
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(bundle)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (value !== null && typeof value === "object") for (const key of keysOf(value as Bundle, path)) keys.add(key);
    else keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ""));
  }
  return [...keys];
}

const server = new Map<string, I18n>();
const client = new Map<string, ClientI18n>();

beforeAll(async () => {
  for (const lng of SUPPORTED_LANGUAGES) {
    const i18n = createInstance();
    await i18n.init({
      ...i18nConfig,
      lng,
      resources,
      fallbackLng: false,
      interpolation: { ...i18nConfig.interpolation, defaultVariables: brandVariables() },
    });
    server.set(lng, i18n);
    const browser = createClientI18n({
      lng,
      ns: [...NAMESPACES],
      loadPath: () => "unused",
      defaultVariables: brandVariables(),
      resources: { [lng]: resources[lng] as Record<string, Bundle> },
    });
    await browser.init();
    client.set(lng, browser);
  }
});

const values = (count: number) => ({
  count,
  name: "Mia <b>",
  max: 12345.5,
  min: 1000,
  place: "Köln",
  date: "25. Nov. 2026",
  n: count,
  value: "$& x",
  actor: "Ben",
  requirement: 8,
});

describe("client translator", () => {
  it.each(SUPPORTED_LANGUAGES)("prints every key of %s as i18next does", (lng) => {
    const real = server.get(lng)!;
    const mine = client.get(lng)!;
    let compared = 0;
    for (const ns of NAMESPACES) {
      const keys = keysOf((resources[lng] as Record<string, Bundle>)[ns] ?? {});
      for (const key of keys) {
        for (const options of [undefined, { ns }, values(0), values(1), values(2), values(5), values(22), { ...values(3), ns }]) {
          expect(mine.getFixedT(null, "common")(key, options), `${lng} ${ns} ${key} ${JSON.stringify(options)}`).toBe(
            real.getFixedT(null, "common")(key, options as never),
          );
          compared += 1;
        }
        expect(mine.getFixedT(null, ns)(key)).toBe(real.getFixedT(null, ns)(key));
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it("handles missing keys, defaults, arrays of keys and missing values as i18next does", () => {
    const real = server.get("de")!;
    const mine = client.get("de")!;
    const cases: [string | string[], unknown][] = [
      ["no.such.key", undefined],
      ["no.such.key", { defaultValue: "Fallback {{name}}", name: "X" }],
      ["no.such.key", "plain default"],
      ["Text with spaces. And a dot", undefined],
      [["no.such.key", "validation.invalid"], undefined],
      ["validation", undefined],
      ["{{missing}} and {{present}}", { present: 1 }],
      ["{{gone}} kept", { gone: undefined }],
      ["{{max, number}}", { max: 1234567.891 }],
      ["{{- raw}}", { raw: "<i>" }],
      ["{{brand}}", undefined],
    ];
    for (const [key, options] of cases)
      expect(mine.t(key, options as never), JSON.stringify([key, options])).toBe(real.t(key as string, options as never));
  });

  it("loads a namespace once, reports it loaded, and changes language after loading its namespaces", async () => {
    const fetched: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (url: string) => {
      fetched.push(url);
      const [, , , lng = "", file = ""] = url.split("/");
      return new Response(JSON.stringify((resources as Record<string, Record<string, Bundle>>)[lng]?.[file.replace(".json", "")]));
    }) as typeof fetch;
    try {
      const i18n = createClientI18n({ lng: "de", ns: ["common"], loadPath: (l, n) => `/public/locales/${l}/${n}.json` });
      await i18n.init();
      expect(i18n.hasLoadedNamespace("auth")).toBe(false);
      await Promise.all([i18n.loadNamespaces(["auth"]), i18n.loadNamespaces("auth")]);
      expect(i18n.hasLoadedNamespace("auth")).toBe(true);
      expect(fetched).toEqual(["/public/locales/de/common.json", "/public/locales/de/auth.json"]);
      let changed = "";
      i18n.on("languageChanged", (lng) => (changed = lng as string));
      await i18n.changeLanguage("en");
      expect(changed).toBe("en");
      expect(fetched.slice(2).sort()).toEqual(["/public/locales/en/auth.json", "/public/locales/en/common.json"]);
      expect(i18n.t("validation.invalid")).toBe(server.get("en")!.t("validation.invalid"));
    } finally {
      globalThis.fetch = original;
    }
  });
});
