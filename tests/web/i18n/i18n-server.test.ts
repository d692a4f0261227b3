/**
 * The server's shared i18next instances (one per language, memoized t()):
 * they must translate exactly like a fresh instance per request did.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { brandVariables } from "~/brand/brand";
import { i18nConfig } from "~/i18n/config";
import { i18nServer, memoKey, optionsMemoKey, serverI18n } from "~/i18n/i18next.server";
import { resources } from "~/i18n/resources.server";

const fresh: Partial<Record<"de" | "en" | "pl", I18n>> = {};

beforeAll(async () => {
  for (const lng of ["de", "en", "pl"] as const) {
    const instance = createInstance();
    await instance.init({
      ...i18nConfig,
      lng,
      resources,
      interpolation: { ...i18nConfig.interpolation, defaultVariables: brandVariables() },
    });
    fresh[lng] = instance;
  }
});

const CALLS: Array<[string, Record<string, unknown>?]> = [
  ["profile.tabs.reviews"],
  ["profile.prices.hours", { count: 1 }],
  ["profile.prices.hours", { count: 2 }],
  ["profile.prices.hours", { count: 5 }],
  ["profile.avatar_alt", { name: "Lena" }],
  ["profile.avatar_alt", { name: "Mia" }],
  ["seo.profile_count", { count: 1 }],
  ["seo.profile_count", { count: 3 }],
  ["render_timeout.notice"],
  ["no.such.key", { defaultValue: "fallback text" }],
];

describe("shared server instances", () => {
  it("are built once per language", () => {
    expect(serverI18n("de")).toBe(serverI18n("de"));
    expect(serverI18n("de")).not.toBe(serverI18n("en"));
    expect(serverI18n("en").language).toBe("en");
  });

  it("translate every call like a fresh instance, also when asked again (memoized)", () => {
    for (const lng of ["de", "en", "pl"] as const) {
      const t = serverI18n(lng).getFixedT(lng);
      const expected = fresh[lng]!.getFixedT(lng);
      for (let round = 0; round < 2; round++) {
        for (const [key, options] of CALLS)
          expect(t(key, options as never), `${lng} ${key} ${JSON.stringify(options)}`).toBe(expected(key, options as never));
      }
    }
    // Polish has a separate "few" plural: a memo that ignored the count would repeat "1".
    const pl = serverI18n("pl").getFixedT("pl");
    expect(pl("profile.prices.hours", { count: 2 })).not.toBe(pl("profile.prices.hours", { count: 1 }));
  });

  it("gives loaders the t() of the path's language, German otherwise", async () => {
    const en = await i18nServer.getFixedT(new Request("http://x.test/en/p/lena"));
    const de = await i18nServer.getFixedT(new Request("http://x.test/xx/p/lena"));
    expect(en("render_timeout.retry")).toBe("Please try again.");
    expect(de("render_timeout.retry")).toBe("Bitte versuche es noch einmal.");
    expect(await i18nServer.getLocale(new Request("http://x.test/pl/escort"))).toBe("pl");
  });
});

describe("memoKey", () => {
  it("separates values by type and ignores unset options and their order", () => {
    expect(memoKey("a.b", { count: 1 }, 0)).not.toBe(memoKey("a.b", { count: "1" }, 0));
    expect(memoKey("a.b", { lng: "de", ns: "common", keyPrefix: undefined, lngs: null }, 0)).toBe(
      memoKey("a.b", { ns: "common", lng: "de" }, 0),
    );
    expect(memoKey("a.b", { name: "x", count: 2 }, 0)).toBe(memoKey("a.b", { count: 2, name: "x" }, 0));
    expect(memoKey("a.b", { name: "x" }, 0)).not.toBe(memoKey("a.b", { name: "y" }, 0));
  });

  it("refuses calls it cannot key safely", () => {
    expect(memoKey(["a", "b"], undefined, 0)).toBeNull();
    expect(memoKey("a.b", { values: { nested: 1 } }, 0)).toBeNull();
    expect(memoKey("a.b", { returnObjects: true }, 0)).toBeNull();
    expect(memoKey("a.b", "default text", 0)).toBeNull();
    expect(memoKey("a.b", {}, 1)).toBeNull();
  });
});

describe("fixed t with bare keys (remembered per scope, ADR 144)", () => {
  it("answers like a fresh instance, per language, namespace and key prefix, with and without options", () => {
    const de = serverI18n("de");
    const en = serverI18n("en");
    for (let round = 0; round < 2; round++) {
      expect(de.getFixedT("de", "profile")("profile.tabs.reviews")).toBe(fresh.de!.getFixedT("de", "profile")("profile.tabs.reviews"));
      expect(en.getFixedT("en", "profile")("profile.tabs.reviews")).toBe(fresh.en!.getFixedT("en", "profile")("profile.tabs.reviews"));
      expect(de.getFixedT("de", "profile", "profile.tabs")("reviews")).toBe(fresh.de!.getFixedT("de", "profile")("profile.tabs.reviews"));
      expect(de.getFixedT("de", "common")("profile.prices.hours", { count: 5 })).toBe(
        fresh.de!.getFixedT("de", "common")("profile.prices.hours", { count: 5 }),
      );
    }
    // Two scopes never share an answer: the same bare key under another prefix is another text.
    expect(de.getFixedT("de", "profile", "profile.tabs")("reviews")).not.toBe(de.getFixedT("de", "profile")("reviews"));
  });

  it("keeps the fixed t's language and namespace on the function react-i18next gets", () => {
    const t = serverI18n("pl").getFixedT("pl", ["common"]) as unknown as { lng?: string; ns?: unknown };
    expect(t.lng).toBe("pl");
    expect(t.ns).toEqual(["common"]);
  });

  it("makes a scope's fixed t once, and each scope its own (ADR 172)", () => {
    const de = serverI18n("de");
    expect(de.getFixedT("de", ["common", "auth"])).toBe(de.getFixedT("de", ["common", "auth"]));
    expect(de.getFixedT("de", "profile", "profile.tabs")).toBe(de.getFixedT("de", "profile", "profile.tabs"));
    expect(de.getFixedT("de", "profile", "profile.tabs")).not.toBe(de.getFixedT("de", "profile"));
    expect(de.getFixedT("de", ["common"])).not.toBe(de.getFixedT("de", ["auth"]));
    expect(serverI18n("en").getFixedT("en", ["common"])).not.toBe(de.getFixedT("de", ["common"]));
    // A scope that cannot be keyed (an object as namespace) gets a t of its own each time, as i18next makes it.
    const odd = { toString: () => "common" } as unknown as string;
    expect(de.getFixedT("de", odd)).not.toBe(de.getFixedT("de", odd));
  });
});

describe("fixed t with one options object (remembered per scope, ADR 179)", () => {
  it("answers like a fresh instance for every call, asked again and interleaved", () => {
    for (const lng of ["de", "en", "pl"] as const) {
      const scopes: Array<[string | string[] | undefined, string | undefined]> = [
        [["common"], undefined],
        ["profile", undefined],
        [["common"], "profile"],
      ];
      for (const [ns, prefix] of scopes) {
        const t = serverI18n(lng).getFixedT(lng, ns, prefix);
        const expected = fresh[lng]!.getFixedT(lng, ns, prefix);
        for (let round = 0; round < 2; round++)
          for (const [key, options] of CALLS) {
            const scoped = prefix ? key.replace(/^profile\./, "") : key;
            expect(t(scoped, options as never), `${lng} ${String(ns)} ${prefix} ${key} ${JSON.stringify(options)}`).toBe(
              expected(scoped, options as never),
            );
          }
      }
    }
    // Polish "few": a memo that ignored the count would repeat the first answer.
    const pl = serverI18n("pl").getFixedT("pl", ["common"]);
    expect(pl("profile.prices.hours", { count: 2 })).not.toBe(pl("profile.prices.hours", { count: 1 }));
    const de = serverI18n("de").getFixedT("de", ["common"]);
    expect(de("profile.avatar_alt", { name: "Lena" })).not.toBe(de("profile.avatar_alt", { name: "Mia" }));
    // A loader's t of a namespace by option.
    const loaderT = serverI18n("en").getFixedT("en");
    expect(loaderT("page.title", { ns: "notifications" })).toBe(fresh.en!.getFixedT("en")("page.title", { ns: "notifications" }));
  });

  it("keys every value with its type and refuses what it cannot key", () => {
    expect(optionsMemoKey("a", { count: 1 })).not.toBe(optionsMemoKey("a", { count: "1" }));
    expect(optionsMemoKey("a", { count: NaN })).not.toBe(optionsMemoKey("a", { count: Infinity }));
    expect(optionsMemoKey("a", { flag: true })).not.toBe(optionsMemoKey("a", { flag: "b1" }));
    expect(optionsMemoKey("a", { name: "x", other: "y" })).not.toBe(optionsMemoKey("a", { name: 'x","other', other: "y" }));
    expect(optionsMemoKey("a", { name: undefined })).not.toBe(optionsMemoKey("a", {}));
    expect(optionsMemoKey("a", {})).not.toBe(optionsMemoKey("b", {}));
    expect(optionsMemoKey("a", { values: { nested: 1 } })).toBeNull();
    expect(optionsMemoKey("a", { name: null })).toBeNull();
    expect(optionsMemoKey("a", { when: new Date(0) })).toBeNull();
    expect(optionsMemoKey("a", "default text")).toBeNull();
    expect(optionsMemoKey("a", new Date(0))).toBeNull();
  });
});
