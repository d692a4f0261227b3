/**
 * The browser's missing-key reporter and what a missing key shows (issue 32 item 7, ADR 136): each language +
 * namespace + key is reported once per page, at most MISSING_KEY_LIMITS.keysPerReport per report, keys that read as
 * text never; a 429 stops the page's reports. A key with a space is shown as its own text.
 */
import { createInstance } from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MISSING_KEY_LIMITS, TRANSLATION_LOADING } from "#server/contract/translations";
import { i18nConfig } from "~/i18n/config";
import { missingKeyReporter } from "~/i18n/missing-keys";

describe("missing-key reporter", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reports each key once, in reports of at most the limit, and never text-like keys", async () => {
    const sent: Array<{ keys: Array<{ lng: string; ns: string; key: string }> }> = [];
    const reporter = missingKeyReporter(async (body) => {
      sent.push(JSON.parse(body));
      return new Response(null, { status: 204 });
    });
    for (let i = 0; i < MISSING_KEY_LIMITS.keysPerReport + 3; i++) reporter.collect(["en"], "common", `gone.k${i}`);
    reporter.collect(["en"], "common", "gone.k0");
    reporter.collect(["en"], "common", "Server is down. Try later.");
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent.map((r) => r.keys.length)).toEqual([MISSING_KEY_LIMITS.keysPerReport, 3]);
    expect(sent.flatMap((r) => r.keys).filter((k) => k.key === "gone.k0")).toHaveLength(1);
    expect(sent.flatMap((r) => r.keys).some((k) => k.key.includes(" "))).toBe(false);
  });

  it("stops after a 429", async () => {
    const send = vi.fn(async () => new Response(null, { status: 429 }));
    const reporter = missingKeyReporter(send);
    reporter.collect(["de"], "common", "gone.a");
    await vi.advanceTimersByTimeAsync(2_000);
    reporter.collect(["de"], "common", "gone.b");
    await vi.advanceTimersByTimeAsync(2_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe("missing keys shown", () => {
  it("show a key with a space as its text, and reach the handler with the page's language", async () => {
    const reported: string[] = [];
    const i18n = createInstance();
    await i18n.init({
      ...i18nConfig,
      lng: "en",
      fallbackLng: false,
      resources: { en: { common: { hello: "Hello" } } },
      saveMissing: true,
      missingKeyHandler: (lngs, ns, key) => reported.push(`${lngs.join()}/${ns}/${key}`),
    });
    expect(i18n.t("Nothing found here, sorry.")).toBe("Nothing found here, sorry.");
    expect(i18n.t("hello")).toBe("Hello");
    i18n.t("seo.not_there");
    expect(reported).toContain("en/common/seo.not_there");
  });

  it("load with the spec's retries: 5 from 350 ms, 10 files at once", () => {
    expect(TRANSLATION_LOADING).toEqual({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 });
  });
});
