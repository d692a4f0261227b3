/**
 * Property tests for the sign-up rules shared by both tiers: usernames
 * (spec section 5), the birth date and the 18-year rule, the password that
 * must not contain the username, and the post-login redirect guard.
 */
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ageOn,
  birthDateOf,
  individualSignUpSchema,
  MIN_SIGNUP_AGE,
  passwordContainsUsername,
  signUpUsernameSchema,
} from "#server/contract/registration-sign-up";
import { isValidProfileUsername, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN, usernameSchema } from "#server/contract/validation";
import { requiredRedirect } from "~/api/destination.server";

const LETTERS = [..."abcXYZ019äöüÄÖÜß"];
const SEPARATORS = ["_", ".", "-"];
const group = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 6 }).map((chars) => chars.join(""));
/** letters/digits groups joined by single separators: always valid by construction. */
const validName = fc
  .tuple(group, fc.array(fc.tuple(fc.constantFrom(...SEPARATORS), group), { maxLength: 3 }))
  .map(([head, rest]) => head + rest.map(([sep, g]) => sep + g).join(""));

describe("username rules", () => {
  it("accepts every name of groups joined by single separators", () => {
    fc.assert(fc.property(validName, (name) => USERNAME_PATTERN.test(name) && isValidProfileUsername(name)));
  });

  it("refuses leading, trailing and doubled separators, and any other character", () => {
    fc.assert(
      fc.property(validName, fc.constantFrom(...SEPARATORS), fc.constantFrom(...SEPARATORS), (name, a, b) => {
        expect(USERNAME_PATTERN.test(a + name)).toBe(false);
        expect(USERNAME_PATTERN.test(name + a)).toBe(false);
        const cut = Math.max(1, Math.floor(name.length / 2));
        expect(USERNAME_PATTERN.test(name.slice(0, cut) + a + b + name.slice(cut))).toBe(false);
      }),
    );
    fc.assert(
      fc.property(
        validName,
        fc.constantFrom(" ", "@", "!", "é", "/", "\u0000", "😀"),
        (name, bad) => !USERNAME_PATTERN.test(name + bad + "a"),
      ),
    );
  });

  it("accepts the route extras s, n, c, l, r and empty only as profile usernames", () => {
    for (const extra of ["", "s", "n", "c", "l", "r"]) expect(isValidProfileUsername(extra)).toBe(true);
    expect(isValidProfileUsername("_")).toBe(false);
    expect(v.safeParse(usernameSchema, "s").success).toBe(false);
  });

  it("registration takes 3 to 20 characters, no more and no fewer", () => {
    fc.assert(
      fc.property(validName, (name) => {
        const ok = v.safeParse(usernameSchema, name).success;
        expect(ok).toBe(name.length >= USERNAME_MIN && name.length <= USERNAME_MAX);
      }),
    );
  });

  it("reserves names that would read as the platform, in any case", () => {
    expect(v.safeParse(signUpUsernameSchema, "ADMIN").success).toBe(false);
    expect(v.safeParse(signUpUsernameSchema, "favicon.ico").success).toBe(false);
    expect(v.safeParse(signUpUsernameSchema, "admin_anna").success).toBe(true);
  });
});

describe("birth date and age", () => {
  const day = fc.integer({ min: 1, max: 31 });
  const month = fc.integer({ min: 1, max: 12 });
  const year = fc.integer({ min: 1900, max: 2030 });

  it("accepts exactly the real calendar dates", () => {
    fc.assert(
      fc.property(day, month, year, (d, m, y) => {
        const date = new Date(Date.UTC(y, m - 1, d));
        const real = date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
        expect(birthDateOf(d, m, y) !== null).toBe(real);
      }),
    );
    expect(birthDateOf(29, 2, 2024)).toBe("2024-02-29");
    expect(birthDateOf(29, 2, 2023)).toBeNull();
  });

  it("counts a year on the birthday itself, never a day earlier", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }), fc.integer({ min: 0, max: 90 }), (now, age) => {
        const today = new Date(now);
        const birthday = new Date(Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate()));
        // 29 February rolls over in non-leap years; skip those dates.
        fc.pre(birthday.getUTCMonth() === today.getUTCMonth());
        expect(ageOn(birthday.getUTCDate(), birthday.getUTCMonth() + 1, birthday.getUTCFullYear(), now)).toBe(age);
        const dayAfter = new Date(birthday.getTime() + 86_400_000);
        expect(ageOn(dayAfter.getUTCDate(), dayAfter.getUTCMonth() + 1, dayAfter.getUTCFullYear(), now)).toBe(age - 1);
      }),
    );
  });

  it("the schema refuses anyone under 18 on the given clock and takes everyone at 18", () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const schema = individualSignUpSchema(() => now);
    const base = {
      user_type: "client",
      username: "Probe_1",
      email: "probe@example.test",
      password: "lange-passwort-9",
      gender: 1,
      salutation: "mr",
      accept_terms: true,
      accept_privacy: true,
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 40 }), (daysOld) => {
        const born = new Date(now - daysOld * 86_400_000);
        const input = { ...base, birth_day: born.getUTCDate(), birth_month: born.getUTCMonth() + 1, birth_year: born.getUTCFullYear() };
        const result = v.safeParse(schema, input);
        const age = ageOn(input.birth_day, input.birth_month, input.birth_year, now);
        expect(result.success).toBe(age >= MIN_SIGNUP_AGE);
        if (!result.success) expect(result.issues[0]?.message).toBe(`validation.signup.too_young?requirement=${MIN_SIGNUP_AGE}`);
      }),
    );
  });
});

describe("password and username", () => {
  it("finds the username anywhere in the password, in any case", () => {
    fc.assert(
      fc.property(validName, fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), (name, before, after) => {
        // ß upper-cases to SS, which is a different spelling, not a case of it.
        const shouted = [...name].map((ch) => (ch.toUpperCase().length === 1 ? ch.toUpperCase() : ch)).join("");
        expect(passwordContainsUsername(before + shouted + after, name)).toBe(true);
      }),
    );
    expect(passwordContainsUsername("sicher-42", "anna")).toBe(false);
  });
});

describe("post-login redirect guard", () => {
  const unfinished = { nextDestination: "join/user/photo?reason=finish_reg" };

  it("sends a user with an open duty there from ordinary pages", () => {
    for (const path of ["/de", "/de/my_dashboard", "/de/p/anna", "/de/login"]) {
      expect(requiredRedirect(unfinished, path, "de")).toBe("/de/join/user/photo?reason=finish_reg");
    }
  });

  it("leaves the destination, join, logout, legal, about and error pages alone", () => {
    for (const path of ["/de/join/user/photo", "/de/join/user/email", "/de/logout", "/de/legal/imprint", "/de/about", "/de/error/404"]) {
      expect(requiredRedirect(unfinished, path, "de")).toBeNull();
    }
    const forced = { nextDestination: "user/age_check_verification?type=forced" };
    expect(requiredRedirect(forced, "/en/user/age_check_verification", "en")).toBeNull();
    expect(requiredRedirect(forced, "/en/user/membership", "en")).toBe("/en/user/age_check_verification?type=forced");
  });

  it("does nothing for guests and users without a duty", () => {
    expect(requiredRedirect(null, "/de/my_dashboard", "de")).toBeNull();
    expect(requiredRedirect({ nextDestination: null }, "/de/my_dashboard", "de")).toBeNull();
  });
});
