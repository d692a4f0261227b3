/** The phone-like rule of spec section 5 (optional plus, then digits only) and E.164 building. */
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { smsSendSchema } from "#server/contract/invites";
import { isPhoneLike, PHONE_DIGITS_MAX, PHONE_DIGITS_MIN, phoneLikeSchema, toE164 } from "#server/contract/validation";

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max }).map((d) => d.join(""));

describe("phone-like values", () => {
  it("accepts an optional plus followed by digits", () => {
    fc.assert(
      fc.property(fc.boolean(), digits(PHONE_DIGITS_MIN, PHONE_DIGITS_MAX), (plus, number) => {
        expect(isPhoneLike(`${plus ? "+" : ""}${number}`)).toBe(true);
      }),
    );
  });

  it("refuses anything with a character other than digits after the optional leading plus", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), (value) => {
        const expected =
          /^\+?\d+$/.test(value) && value.replace("+", "").length >= PHONE_DIGITS_MIN && value.replace("+", "").length <= PHONE_DIGITS_MAX;
        expect(isPhoneLike(value)).toBe(expected);
      }),
    );
    for (const bad of ["", "+", "++491511", "49+1511234", "0151 1234", "0151-1234", "１２３４５", "٠١٢٣٤٥"])
      expect(isPhoneLike(bad), bad).toBe(false);
  });

  it("drops the separators people type before checking", () => {
    fc.assert(
      fc.property(digits(PHONE_DIGITS_MIN, PHONE_DIGITS_MAX), fc.constantFrom(" ", "-", ".", "/", "(", ")"), (number, sep) => {
        const spaced = number.split("").join(sep);
        const result = v.safeParse(phoneLikeSchema, spaced);
        expect(result.success && result.output).toBe(number);
      }),
    );
  });

  it("builds E.164 from national and international input, and only for the chosen country", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(49, 43, 41, 31),
        digits(6, 10).map((d) => `1${d}`),
        (cc, national) => {
          const expected = `+${cc}${national}`;
          expect(toE164(cc, `0${national}`)).toBe(expected);
          expect(toE164(cc, national)).toBe(expected);
          expect(toE164(cc, `+${cc}${national}`)).toBe(expected);
          expect(toE164(cc, `00${cc}${national}`)).toBe(expected);
          const other = cc === 49 ? 43 : 49;
          expect(toE164(other, `+${cc}${national}`)).toBeNull();
        },
      ),
    );
    expect(toE164(49, `+49${"1".repeat(14)}`)).toBeNull();
  });

  it("offers exactly the spec's phone countries", () => {
    for (const cc of [49, 43, 41, 31]) expect(v.safeParse(smsSendSchema, { country_code: cc, phone: "01511234567" }).success).toBe(true);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }).filter((n) => ![49, 43, 41, 31].includes(n)),
        (cc) => {
          expect(v.safeParse(smsSendSchema, { country_code: cc, phone: "01511234567" }).success).toBe(false);
        },
      ),
    );
  });
});
