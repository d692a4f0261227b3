/**
 * The web tier's one money helper (issue 24 item 5, ADR 061) on the product's locale files: euro amounts in cents and
 * whole dollars read per language, member prices exactly as the tiles, the profile and the dates showed them before,
 * and the one "payment required" message with the product's name and its price in all four languages.
 */
import fc from "fast-check";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_TAGS, SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import { PRICES, PRODUCTS, wholeEuros } from "#server/contract/prices";
import { paymentRequired } from "#server/modules/access/index";
import { i18nConfig } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { translateMessage } from "~/i18n/translate";
import { messageOf } from "~/utils/api-errors";
import { priceText } from "~/utils/money";

const t = {} as Record<Language, TFunction>;
beforeAll(async () => {
  for (const lng of SUPPORTED_LANGUAGES) {
    const i18n: I18n = createInstance();
    await i18n.init({ ...i18nConfig, lng, resources });
    t[lng] = i18n.getFixedT(lng);
  }
});

/** Intl writes a no-break space between amount and sign in some languages. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("priceText", () => {
  it("writes whole dollars with the token's word in its plural form", () => {
    const dollars = (lang: Language, amount: number) => plain(priceText(t[lang], lang, { amount, currency: "dollar" }));
    expect(["de", "en", "es", "pl"].map((lang) => dollars(lang as Language, 1))).toEqual(["1 Dollar", "1 dollar", "1 dólar", "1 dolar"]);
    expect(["de", "en", "es", "pl"].map((lang) => dollars(lang as Language, 5))).toEqual([
      "5 Dollar",
      "5 dollars",
      "5 dólares",
      "5 dolarów",
    ]);
    expect(dollars("pl", 2)).toBe("2 dolary");
    expect([dollars("de", 1000), dollars("en", 1000)]).toEqual(["1.000 Dollar", "1,000 dollars"]);
  });

  it("writes euro cents as euros, with cents only where there are some", () => {
    expect(plain(priceText(t.de, "de", { amount: 4950, currency: "EUR" }))).toBe("49,50 €");
    expect(plain(priceText(t.en, "en", { amount: 4950, currency: "EUR" }))).toBe("€49.50");
    expect(plain(priceText(t.de, "de", wholeEuros(150)))).toBe("150 €");
  });

  it("shows a member's whole-euro prices exactly as the pages did before the helper", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom(...SUPPORTED_LANGUAGES), (euros, lang) => {
        const before = new Intl.NumberFormat(LANGUAGE_TAGS[lang], { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
        expect(priceText(t[lang], lang, wholeEuros(euros))).toBe(before.format(euros));
      }),
      { numRuns: 300 },
    );
  });
});

describe("the payment-required message", () => {
  it("names the product and its price in every language, from the error item as the API sends it", () => {
    const expected: Record<Language, string> = {
      de: "Das Freischalten der Bewertungstexte eines Dates kostet 1 Dollar.",
      en: "Unlocking the review texts of a date costs 1 dollar.",
      es: "Desbloquear los textos de las valoraciones de una cita cuesta 1 dólar.",
      pl: "Odblokowanie tekstów ocen randki – cena: 1 dolar.",
    };
    const item = paymentRequired("review_unlock").items[0]!;
    for (const lang of SUPPORTED_LANGUAGES) {
      // As a form's general error (the key carries its params) and as the item itself.
      expect(translateMessage(t[lang], messageOf(item), undefined, lang)).toContain(expected[lang]);
      expect(translateMessage(t[lang], item.title, item.params, lang)).toContain(expected[lang]);
    }
  });

  it("has a name for every product and shows its price", () => {
    for (const product of PRODUCTS)
      for (const lang of SUPPORTED_LANGUAGES) {
        const text = translateMessage(t[lang], messageOf(paymentRequired(product).items[0]!), undefined, lang);
        expect(text).toContain(t[lang](`money.products.${product}`));
        expect(text).toContain(priceText(t[lang], lang, PRICES[product]));
        expect(text).not.toMatch(/\{\{|exception\.|money\./);
      }
  });
});
