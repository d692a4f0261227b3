import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankAccountCheck, IbanCheck } from "#server/contract/bank";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}

describe(`validate-iban and validate-bank-account (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let token: string;
  beforeAll(async () => {
    rt = await createTestRuntime();
    token = (await signIn(rt, await createUser(rt))).token;
  });
  afterAll(async () => {
    await rt.close();
  });

  const iban = (body: unknown) => callJson<Answer<IbanCheck>>(rt, token, "POST", "/api/v2/payment/validate-iban", body);
  const account = (body: unknown) => callJson<Answer<BankAccountCheck>>(rt, token, "POST", "/api/v2/payment/validate-bank-account", body);

  it("accepts an IBAN as members type it and tells its country, bank code and SEPA reach", async () => {
    const answer = await iban({ iban: "de89 3704 0044 0532 0130 00" });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({
      valid: true,
      iban: "DE89370400440532013000",
      iban_formatted: "DE89 3704 0044 0532 0130 00",
      country: "DE",
      sepa: true,
      bank_code: "37040044",
    });
    expect((await iban({ iban: "NL91ABNA0417164300" })).json.data).toMatchObject({ country: "NL", sepa: true, bank_code: "ABNA" });
  });

  it("names what is wrong at the field: empty, format, unknown country, check digits", async () => {
    const cases: Array<[unknown, string]> = [
      [{ iban: "" }, "validation.bank.iban_required"],
      [{}, "validation.bank.iban_required"],
      [{ iban: "DE89 3704 0044" }, "validation.bank.iban_format"],
      [{ iban: "XX89370400440532013000" }, "validation.bank.iban_country"],
      [{ iban: "DE88370400440532013000" }, "validation.bank.iban_checksum"],
      [{ iban: "!!!" }, "validation.bank.iban_format"],
    ];
    for (const [body, key] of cases) {
      const answer = await iban(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.errors?.[0]).toMatchObject({ key, source: "iban" });
    }
  });

  it("checks the whole account: IBAN, BIC against the IBAN's country, the holder's exact name", async () => {
    const good = await account({ iban: "DE89370400440532013000", bic: "cobadeffxxx", holder: "  Jürgen   Müller " });
    expect(good.status).toBe(200);
    expect(good.json.data).toMatchObject({ iban: "DE89370400440532013000", bic: "COBADEFFXXX", holder: "Jürgen Müller", country: "DE" });
    // No BIC: fine inside SEPA.
    expect((await account({ iban: "DE89370400440532013000", holder: "Anna Nowak" })).json.data?.bic).toBeNull();
    const bad = await account({ iban: "DE89370400440532013000", bic: "ABNANL2A", holder: "" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors?.map((e) => [e.source, e.key])).toEqual([
      ["holder", "validation.bank.holder_required"],
      ["bic", "validation.bank.bic_country"],
    ]);
    const worse = await account({ iban: "DE00370400440532013000", bic: "XX", holder: "!!" });
    expect(worse.json.errors?.map((e) => e.source)).toEqual(["iban", "holder", "bic"]);
  });

  it("needs a signed-in member", async () => {
    const guest = await callJson<Answer<IbanCheck>>(rt, undefined, "POST", "/api/v2/payment/validate-iban", {
      iban: "DE89370400440532013000",
    });
    expect(guest.status).toBe(401);
  });

  it("answers 200 or 400 to anything, never a server error", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.anything()), fc.oneof(fc.string(), fc.anything()), async (a, b) => {
        const one = await iban({ iban: a });
        const two = await account({ iban: a, holder: b, bic: b });
        expect([200, 400]).toContain(one.status);
        expect([200, 400]).toContain(two.status);
      }),
      { numRuns: 60 },
    );
  });
});
