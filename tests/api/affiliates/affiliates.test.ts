/**
 * Affiliate initiators (issue 32 item 6, ADR 135): a partner's link code, the binding at sign-up (once, never
 * re-bound, self-referral refused), the credits for sign-up and first payment (once each under retries and
 * concurrency), and the back office's report (backend only; members, the team and guests refused).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_TYPE } from "#server/contract/users";
import { bindReferral, manifest } from "#server/modules/affiliates/index";
import { callJson } from "../../helpers/api-call";
import { freshIp } from "../../helpers/auth";
import { bindDoubles, createOrder, postbackBody, sendPostback } from "../../helpers/payments";
import { individualSignUpBody } from "../../helpers/registration-bodies";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Item {
  id: number;
  code: string;
  active: boolean;
  deactivated_at: number | null;
  sign_ups: number;
  first_payments: number;
  first_payment_cents: number;
}
interface Report {
  affiliate: Item;
  months: Array<{ month: string; sign_ups: number; first_payments: number; first_payment_cents: number }>;
}

describe(`affiliates (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let backend: { id: number; token: string };
  let team: { token: string };
  let member: { token: string };
  let counter = 0;

  beforeAll(async () => {
    rt = await createTestRuntime();
    bindDoubles(rt);
    backend = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
    team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
    member = await signIn(rt, await createUser(rt, { userType: USER_TYPE.client }));
  }, 60_000);
  afterAll(() => rt.close());

  async function newAffiliate(email = `partner${++counter}@example.test`): Promise<Item> {
    const code = `PARTNER${counter}${Math.floor(Math.random() * 1e6)}`.slice(0, 20);
    const answer = await callJson<{ data: Item }>(rt, backend.token, "POST", "/api/v2/backoffice/affiliates", {
      name: "Blog",
      code,
      email,
    });
    expect(answer.status).toBe(201);
    return answer.json.data;
  }

  async function signUp(overrides: Record<string, unknown>) {
    const response = await rt.request("/api/v2/registration/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "de" },
      body: JSON.stringify(individualSignUpBody(overrides)),
      ip: freshIp(),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { user_id: number } }).data.user_id;
  }

  const report = async (id: number) =>
    (await callJson<{ data: Report }>(rt, backend.token, "GET", `/api/v2/backoffice/affiliates/${id}`)).json.data;

  it("answers an active partner's code (any case) and 404 for unknown or malformed ones", async () => {
    const affiliate = await newAffiliate();
    const found = await callJson<{ data: { code: string } }>(rt, undefined, "GET", `/api/v2/affiliates/${affiliate.code.toLowerCase()}`);
    expect(found.status).toBe(200);
    expect(found.json.data).toEqual({ code: affiliate.code, active: true });
    for (const code of ["NOSUCHCODE", "bad code!", "x".repeat(40)]) {
      const answer = await callJson<{ errors: Array<{ key: string }> }>(
        rt,
        undefined,
        "GET",
        `/api/v2/affiliates/${encodeURIComponent(code)}`,
      );
      expect(answer.status, code).toBe(404);
      expect(answer.json.errors[0]!.key).toBe("exception.affiliates.unknown");
    }
  });

  it("binds a new member at sign-up and credits the sign-up once; an unknown code still signs up", async () => {
    const affiliate = await newAffiliate();
    const userId = await signUp({ affiliate_code: affiliate.code });
    const referral = await rt.deps.db.selectFrom("affiliate_referrals").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
    expect(referral.affiliate_id).toBe(affiliate.id);
    const stranger = await signUp({ affiliate_code: "NOSUCHPARTNER" });
    expect(
      await rt.deps.db.selectFrom("affiliate_referrals").select("id").where("user_id", "=", stranger).executeTakeFirst(),
    ).toBeUndefined();
    const totals = (await report(affiliate.id)).affiliate;
    expect([totals.sign_ups, totals.first_payments]).toEqual([1, 0]);
  });

  it("never re-binds a member and refuses self-referral by the partner's own address", async () => {
    const first = await newAffiliate();
    const second = await newAffiliate();
    const userId = await signUp({ affiliate_code: first.code });
    const rebound = await rt.deps.db
      .transaction()
      .execute((trx) => bindReferral(trx, { id: userId, email: "x@example.test" }, second.code, rt.clock.now()));
    expect(rebound).toBe(false);
    const row = await rt.deps.db
      .selectFrom("affiliate_referrals")
      .select("affiliate_id")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.affiliate_id).toBe(first.id);
    expect((await report(second.id)).affiliate.sign_ups).toBe(0);

    const own = await newAffiliate("Self.Referrer@example.test");
    const self = await signUp({ affiliate_code: own.code, email: "self.referrer@example.test" });
    expect(await rt.deps.db.selectFrom("affiliate_referrals").select("id").where("user_id", "=", self).executeTakeFirst()).toBeUndefined();
    expect((await report(own.id)).affiliate.sign_ups).toBe(0);
  });

  it("credits the first payment once: a replayed postback, a second paid order and parallel settlements change nothing", async () => {
    const affiliate = await newAffiliate();
    const userId = await signUp({ affiliate_code: affiliate.code });
    const first = await createOrder(rt, userId, { gross: 2990, vat: 477 });
    const second = await createOrder(rt, userId, { gross: 990, vat: 158 });
    // Each order's postback three times at once, both orders in parallel: two payments, one credit.
    const answers = await Promise.all(
      [first, second, first, second, first, second].map((order) => sendPostback(rt, postbackBody(order.ref, "success", order.gross))),
    );
    for (const answer of answers) expect(answer.status).toBeLessThan(300);
    const credits = await rt.deps.db.selectFrom("affiliate_credits").selectAll().where("user_id", "=", userId).execute();
    expect(credits.map((c) => c.kind).sort()).toEqual(["first_payment", "sign_up"]);
    const paid = credits.find((c) => c.kind === "first_payment")!;
    expect([first.id, second.id]).toContain(paid.order_id);
    expect(Number(paid.amount_cents)).toBe(paid.order_id === first.id ? 2990 : 990);
    const { affiliate: totals, months } = await report(affiliate.id);
    expect([totals.sign_ups, totals.first_payments, totals.first_payment_cents]).toEqual([1, 1, Number(paid.amount_cents)]);
    expect(months).toHaveLength(1);
    expect(months[0]).toMatchObject({ sign_ups: 1, first_payments: 1, first_payment_cents: Number(paid.amount_cents) });
  });

  it("credits nothing for a member nobody referred (the listener is the manifest's)", async () => {
    expect(manifest.orderPaid).toBeTypeOf("function");
    const loner = await signUp({});
    const order = await createOrder(rt, loner);
    expect((await sendPostback(rt, postbackBody(order.ref, "success", order.gross))).status).toBeLessThan(300);
    expect(await rt.deps.db.selectFrom("affiliate_credits").select("id").where("user_id", "=", loner).executeTakeFirst()).toBeUndefined();
  });

  it("keeps the back office to backend accounts: members, the team and guests are refused, ids included", async () => {
    const affiliate = await newAffiliate();
    for (const token of [member.token, team.token, undefined]) {
      for (const [method, path, body] of [
        ["GET", "/api/v2/backoffice/affiliates", undefined],
        ["GET", `/api/v2/backoffice/affiliates/${affiliate.id}`, undefined],
        ["POST", "/api/v2/backoffice/affiliates", { name: "X", code: "SNEAKY1", email: "s@example.test" }],
      ] as const) {
        const answer = await callJson(rt, token, method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(token ? 403 : 401);
      }
    }
    expect((await callJson(rt, backend.token, "GET", "/api/v2/backoffice/affiliates/999999")).status).toBe(404);
    expect((await callJson(rt, backend.token, "GET", "/api/v2/backoffice/affiliates/abc")).status).toBe(404);
  });

  it("refuses a taken or malformed code at its field and writes one audit row per new partner", async () => {
    const affiliate = await newAffiliate();
    const before = await rt.deps.db.selectFrom("audit_log").select("id").where("action", "=", "affiliate.create").execute();
    const taken = await callJson<{ errors: Array<{ key: string; source?: unknown }> }>(
      rt,
      backend.token,
      "POST",
      "/api/v2/backoffice/affiliates",
      {
        name: "Copy",
        code: affiliate.code,
        email: "copy@example.test",
      },
    );
    expect(taken.status).toBe(409);
    expect(taken.json.errors[0]!.key).toBe("exception.affiliates.code_taken");
    const bad = await callJson<{ errors: Array<{ key: string }> }>(rt, backend.token, "POST", "/api/v2/backoffice/affiliates", {
      name: "Bad",
      code: "a b",
      email: "bad@example.test",
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e) => e.key)).toContain("validation.affiliates.code_invalid");
    for (const raw of ["not json", "[]"]) {
      const response = await rt.request("/api/v2/backoffice/affiliates", {
        method: "POST",
        token: backend.token,
        headers: { "content-type": "application/json" },
        body: raw,
      });
      expect(response.status, raw).toBe(400);
    }
    await newAffiliate();
    const after = await rt.deps.db.selectFrom("audit_log").select("id").where("action", "=", "affiliate.create").execute();
    expect(after.length - before.length).toBe(1);
  });

  const setState = (token: string | undefined, id: number | string, body: unknown) =>
    callJson<{ data: Item; errors?: Array<{ key: string }> }>(rt, token, "POST", `/api/v2/backoffice/affiliates/${id}/state`, body);
  const audits = (id: number) =>
    rt.deps.db
      .selectFrom("audit_log")
      .select(["action", "reason"])
      .where("subject_type", "=", "affiliate")
      .where("subject_id", "=", String(id))
      .where("action", "in", ["affiliate.deactivate", "affiliate.reactivate"])
      .orderBy("id")
      .execute();

  it("deactivated: the link still answers (active false) but binds nobody new; earlier referrals keep their credits", async () => {
    const affiliate = await newAffiliate();
    const before = await signUp({ affiliate_code: affiliate.code });
    rt.clock.advance(60_000);
    const off = await setState(backend.token, affiliate.id, { active: false, reason: "contract ended" });
    expect(off.status).toBe(200);
    expect(off.json.data).toMatchObject({ active: false, deactivated_at: rt.clock.now(), sign_ups: 1 });
    expect(await audits(affiliate.id)).toEqual([{ action: "affiliate.deactivate", reason: "contract ended" }]);

    // The printed link is no dead end: the code is known, and says it is off.
    const link = await callJson<{ data: { code: string; active: boolean } }>(rt, undefined, "GET", `/api/v2/affiliates/${affiliate.code}`);
    expect(link.status).toBe(200);
    expect(link.json.data).toEqual({ code: affiliate.code, active: false });
    // A sign-up with its code (a cookie set while it was active) binds nothing and is not credited.
    const after = await signUp({ affiliate_code: affiliate.code });
    expect(await rt.deps.db.selectFrom("affiliate_referrals").select("id").where("user_id", "=", after).executeTakeFirst()).toBeUndefined();
    // The member referred while it was active pays: still credited (ADR 139).
    const order = await createOrder(rt, before, { gross: 1990, vat: 318 });
    expect((await sendPostback(rt, postbackBody(order.ref, "success", order.gross))).status).toBeLessThan(300);
    const { affiliate: totals } = await report(affiliate.id);
    expect(totals).toMatchObject({ active: false, sign_ups: 1, first_payments: 1, first_payment_cents: 1990 });
    // The list shows the state too.
    const list = await callJson<{ data: { items: Item[] } }>(rt, backend.token, "GET", "/api/v2/backoffice/affiliates");
    expect(list.json.data.items.find((i) => i.id === affiliate.id)).toMatchObject({ active: false });

    // Asking for the state it has changes and records nothing; reactivating binds again.
    expect((await setState(backend.token, affiliate.id, { active: false })).status).toBe(200);
    expect(await audits(affiliate.id)).toHaveLength(1);
    const on = await setState(backend.token, affiliate.id, { active: true });
    expect(on.json.data).toMatchObject({ active: true, deactivated_at: null });
    expect((await audits(affiliate.id)).map((a) => a.action)).toEqual(["affiliate.deactivate", "affiliate.reactivate"]);
    const again = await signUp({ affiliate_code: affiliate.code });
    const bound = await rt.deps.db
      .selectFrom("affiliate_referrals")
      .select("affiliate_id")
      .where("user_id", "=", again)
      .executeTakeFirstOrThrow();
    expect(bound.affiliate_id).toBe(affiliate.id);
  });

  it("keeps the switch to backend accounts: members, the team and guests refused; bad bodies and ids answered", async () => {
    const affiliate = await newAffiliate();
    for (const token of [member.token, team.token, undefined]) {
      expect((await setState(token, affiliate.id, { active: false })).status).toBe(token ? 403 : 401);
    }
    expect((await report(affiliate.id)).affiliate.active).toBe(true);
    expect(await audits(affiliate.id)).toEqual([]);
    expect((await setState(backend.token, 999_999, { active: false })).status).toBe(404);
    expect((await setState(backend.token, "abc", { active: false })).status).toBe(404);
    for (const body of [{}, { active: "no" }, { active: false, reason: "x".repeat(501) }, []]) {
      expect((await setState(backend.token, affiliate.id, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
