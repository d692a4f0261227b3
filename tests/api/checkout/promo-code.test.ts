/**
 * promo/code's check (issue 32 item 6, ADR 135): GET /payment/promo-code verifies a code before an offer is chosen,
 * through the checkout's own rules — as a guest (no per-member count) and as a member (their own limit too) — names
 * the good it applies to, answers every refusal at the code field, and limits look-ups per address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Goods } from "#server/contract/billing";
import { PROMO_CODE_LOOKUP_LIMIT } from "#server/contract/checkout-promo-code";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { freshIp } from "../../helpers/auth";
import { createOrder } from "../../helpers/payments";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Check {
  code: string;
  kind: string;
  value: number;
  goods: Goods;
  any_goods: boolean;
  valid_until: number | null;
}
type Answer = { data?: Check; errors?: Array<{ key: string; source?: { parameter?: string; pointer?: string } | string }> };

describe(`promo code check ahead of the checkout (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const DAY = 86_400_000;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  async function promo(
    code: string,
    values: Partial<{
      goods: Goods | null;
      valid_until: number | null;
      max_redemptions: number | null;
      redemptions: number;
      active: number;
    }> = {},
  ) {
    const row = await rt.deps.db
      .insertInto("promo_codes")
      .values({
        code,
        kind: "percent",
        value: 15,
        goods: values.goods === undefined ? "membership" : values.goods,
        valid_from: null,
        valid_until: values.valid_until ?? null,
        max_redemptions: values.max_redemptions ?? null,
        max_per_member: 1,
        redemptions: values.redemptions ?? 0,
        active: values.active ?? 1,
        created_by: null,
        created_at: rt.clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const check = (code: string, token?: string, ip = freshIp()) =>
    rt
      .request(`/api/v2/payment/promo-code?code=${encodeURIComponent(code)}`, { token, ip })
      .then(async (response) => ({ status: response.status, json: (await response.json()) as Answer }));

  it("answers a valid code to a guest and a member, in any case, with the good it applies to", async () => {
    await promo("AHEAD15", { valid_until: rt.clock.now() + 10 * DAY });
    await promo("ANYTHING15", { goods: null });
    const guest = await check("ahead15");
    expect(guest.status).toBe(200);
    expect(guest.json.data).toEqual({
      code: "AHEAD15",
      kind: "percent",
      value: 15,
      goods: "membership",
      any_goods: false,
      valid_until: rt.clock.now() + 10 * DAY,
    });
    const member = await signIn(rt, await createUser(rt), freshIp());
    const any = await check("ANYTHING15", member.token);
    expect(any.status).toBe(200);
    expect(any.json.data).toMatchObject({ goods: "membership", any_goods: true, valid_until: null });
  });

  it("refuses unknown, inactive, expired and used-up codes at the code field, for guests and members alike", async () => {
    await promo("OFFCODE", { active: 0 });
    await promo("OLDCODE", { valid_until: rt.clock.now() - DAY });
    await promo("GONECODE", { max_redemptions: 2, redemptions: 2 });
    const member = await signIn(rt, await createUser(rt), freshIp());
    for (const [code, key] of [
      ["NOSUCHCODE", "validation.checkout.promo_unknown"],
      ["OFFCODE", "validation.checkout.promo_unknown"],
      ["OLDCODE", "validation.checkout.promo_expired"],
      ["GONECODE", "validation.checkout.promo_exhausted"],
      ["bad code!", "validation.checkout.promo_unknown"],
      ["", "validation.required"],
    ] as const) {
      for (const token of [undefined, member.token]) {
        const answer = await check(code, token);
        expect(answer.status, code).toBe(400);
        expect(answer.json.errors?.[0]?.key, code).toBe(key);
        expect(JSON.stringify(answer.json.errors?.[0]?.source), code).toContain("code");
      }
    }
  });

  it("refuses a code the member already redeemed (not for them any more) but not a guest", async () => {
    const id = await promo("ONCEONLY");
    const member = await signIn(rt, await createUser(rt), freshIp());
    const order = await createOrder(rt, member.id, { promoCodeId: id });
    await rt.deps.db
      .insertInto("promo_redemptions")
      .values({ promo_code_id: id, user_id: member.id, order_id: order.id, created_at: rt.clock.now() })
      .execute();
    const answer = await check("ONCEONLY", member.token);
    expect(answer.status).toBe(400);
    expect(answer.json.errors?.[0]?.key).toBe("validation.checkout.promo_used");
    // Another member's redemption is not this one's: the same code is fine for them and for a guest.
    const other = await signIn(rt, await createUser(rt), freshIp());
    expect((await check("ONCEONLY", other.token)).status).toBe(200);
    expect((await check("ONCEONLY")).status).toBe(200);
  });

  it("limits look-ups per address", async () => {
    const ip = freshIp();
    for (let i = 0; i < PROMO_CODE_LOOKUP_LIMIT.limit; i += 1) expect((await check(`GUESS${i}`, undefined, ip)).status).toBe(400);
    const refused = await check("GUESSMORE", undefined, ip);
    expect(refused.status).toBe(429);
    expect(refused.json.errors?.[0]?.key).toBe("exception.checkout.promo_too_many");
  });

  it("never answers 5xx for odd queries", async () => {
    for (const query of ["", "?code=", "?code[]=A", "?code=" + "A".repeat(500), "?code=%00"]) {
      const answer = await callJson(rt, undefined, "GET", `/api/v2/payment/promo-code${query}`);
      expect(answer.status, query).toBeLessThan(500);
    }
  });
});

describe(`the member's active offers (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  const promos = (token: string | undefined) =>
    callJson<{ data?: { items: Array<{ kind: string; price: { amount: number; currency: string }; path: string }> } }>(
      rt,
      token,
      "GET",
      "/api/v2/user/promos",
    );

  it("offers rise-up to an escort not risen, never plus to a plus member, and only to the caller", async () => {
    const escort = await signIn(rt, await createUser(rt, { userType: USER_TYPE.escort }), freshIp());
    const items = (await promos(escort.token)).json.data!.items;
    expect(items.find((item) => item.kind === "rise_up")).toEqual({
      kind: "rise_up",
      price: { amount: 20, currency: "dollar" },
      path: "promotion",
    });
    const plus = await createUser(rt, { userType: USER_TYPE.client });
    await rt.deps.db
      .updateTable("users")
      .set({ is_member: 1, member_until: rt.clock.now() + 86_400_000 })
      .where("id", "=", plus.id)
      .execute();
    const plusAnswer = await promos((await signIn(rt, plus, freshIp())).token);
    expect(plusAnswer.json.data!.items.map((item) => item.kind)).not.toContain("plus");
    expect(plusAnswer.json.data!.items.map((item) => item.kind)).not.toContain("rise_up");
    expect((await promos(undefined)).status).toBe(401);
  });
});
