/**
 * Renewal charges end to end (issue 26 item 5, ADR 078): the real job runner, the payments settlement, plus's goods
 * handler and the invoices, with the in-app fake provider (a stored token ending in "_fail" is declined). A period is
 * charged once even with two runners at once; a failure starts dunning (past_due, retries on days 1, 3, 5, 7 after the
 * period's end, each with a mailed single-use link) and ends the contract after the last one; plus ends at period_end
 * to the millisecond in the API and in search; the rebill link pays in one step.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RebillPayment } from "#server/contract/renewals";
import { GENDER, USER_TYPE } from "#server/contract/users";
import { FAKE_FAILING_TOKEN_SUFFIX } from "#server/integrations/payments/fake";
import { jobHandlersFor } from "#server/jobs/handlers";
import { createJobRunner } from "#server/jobs/queue";
import { scanDueRenewals } from "#server/modules/renewals/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, TEST_DB, testLogger, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, createProfile, northOf } from "../../helpers/search-fixtures";
import { contract, DAY, membershipRow, renewalsOf } from "./fixtures";

describe(`renewal charges and dunning (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  const ordersOf = (membershipId: number) =>
    rt.deps.db
      .selectFrom("orders")
      .select(["id", "status", "gross_cents", "kind"])
      .where("membership_id", "=", membershipId)
      .where("kind", "=", "renewal")
      .orderBy("id")
      .execute();
  const mailsTo = (email: string, template: string) =>
    rt.deps.db
      .selectFrom("mail_outbox")
      .select(["text_body", "created_at"])
      .where("recipient", "=", email)
      .where("template", "=", template)
      .orderBy("id")
      .execute();
  const linkIn = (text: string) => /\/paywall\/rebill\/([A-Za-z0-9_-]{43})/.exec(text)![1]!;

  it("charges a due period once, with two runners at once, and plus's handler appends the next period", async () => {
    const member = await contract(rt, { endsIn: 6 * 60 * 60 * 1000, months: 1, priceCents: 2990 });
    await Promise.all([scanDueRenewals(rt.deps), scanDueRenewals(rt.deps)]);
    const second = createJobRunner({
      db: rt.deps.db,
      dialect: rt.deps.dialect,
      clock: rt.clock,
      log: testLogger,
      handlers: jobHandlersFor(rt.deps),
    });
    await Promise.all([rt.jobs.runDue(), second.runDue(), rt.jobs.runDue()]);
    // And the charge job once more, as if a worker died after the work: nothing is charged again.
    const [renewal] = await renewalsOf(rt, member.membershipId);
    const { chargeBatch } = await import("#server/modules/renewals/service");
    await Promise.all([chargeBatch(rt.deps, [renewal!.id]), chargeBatch(rt.deps, [renewal!.id])]);

    expect(await ordersOf(member.membershipId)).toEqual([expect.objectContaining({ status: "paid", gross_cents: 2990 })]);
    expect(await renewalsOf(rt, member.membershipId)).toEqual([expect.objectContaining({ state: "paid", attempts: 1 })]);
    const row = await membershipRow(rt, member.membershipId);
    expect(row.status).toBe("running");
    expect(Number(row.period_end)).toBeGreaterThan(member.periodEnd + 27 * DAY);
    const user = await rt.deps.db
      .selectFrom("users")
      .select(["is_member", "member_until"])
      .where("id", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(user.member_until)).toBe(Number(row.period_end));
    // One invoice for the renewal.
    const invoices = await rt.deps.db
      .selectFrom("invoices")
      .select("id")
      .where("user_id", "=", member.user.id)
      .where("document", "=", "invoice")
      .execute();
    expect(invoices).toHaveLength(1);
  });

  it("renews a 12-month plan after its first term monthly at the share (§ 309 Nr. 9 BGB)", async () => {
    const member = await contract(rt, { endsIn: 60 * 60 * 1000, months: 12, priceCents: 17940 });
    await scanDueRenewals(rt.deps);
    await rt.jobs.runDue();
    expect(await ordersOf(member.membershipId)).toEqual([expect.objectContaining({ status: "paid", gross_cents: 1495 })]);
    const row = await membershipRow(rt, member.membershipId);
    expect({ months: row.months, price: row.price_cents }).toEqual({ months: 1, price: 1495 });
    const added = Number(row.period_end) - member.periodEnd;
    expect(added).toBeGreaterThanOrEqual(28 * DAY);
    expect(added).toBeLessThanOrEqual(31 * DAY);
  });

  it("dunning: past_due, retries on days 1, 3, 5 and 7 with a fresh link each, then the end; plus ends at period_end to the millisecond", async () => {
    // A client at a spot no one else uses, to ask search for the members-only radius.
    const spot = northOf(BERLIN, 900);
    const searcher = await createProfile(rt, { point: spot, userType: USER_TYPE.client, isMember: true, gender: GENDER.male });
    const member = await contract(rt, { endsIn: 3 * 60 * 60 * 1000, token: `tok_x${FAKE_FAILING_TOKEN_SUFFIX}` });
    // The searcher's plus follows this contract's end.
    await rt.deps.db.updateTable("memberships").set({ user_id: searcher.id }).where("id", "=", member.membershipId).execute();
    await rt.deps.db.updateTable("orders").set({ user_id: searcher.id }).where("membership_id", "=", member.membershipId).execute();
    await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: member.periodEnd }).where("id", "=", searcher.id).execute();
    const token = await login(searcher);
    const { email } = await rt.deps.db.selectFrom("users").select("email").where("id", "=", searcher.id).executeTakeFirstOrThrow();

    await scanDueRenewals(rt.deps);
    await rt.jobs.runDue();
    let row = await membershipRow(rt, member.membershipId);
    expect(row.status).toBe("past_due");
    expect(Number(row.period_end)).toBe(member.periodEnd);
    expect(await renewalsOf(rt, member.membershipId)).toEqual([
      expect.objectContaining({ state: "dunning", attempts: 1, next_attempt_at: expect.anything() }),
    ]);
    expect(Number((await renewalsOf(rt, member.membershipId))[0]!.next_attempt_at)).toBe(member.periodEnd + DAY);
    const firstMail = await mailsTo(email, "renewal_failed");
    expect(firstMail).toHaveLength(1);
    const firstLink = linkIn(firstMail[0]!.text_body);

    // Still plus until the period's last millisecond, gone at period_end: in the API and in search.
    rt.clock.set(member.periodEnd - 1);
    expect(await plusOf(token)).toEqual({ plus: true, radius: 300 });
    rt.clock.set(member.periodEnd);
    expect(await plusOf(token)).toEqual({ plus: false, radius: 100 });

    // Day 1, 3, 5: a retry each, declined, a new link each (the older one stops working).
    for (const day of [1, 3, 5]) {
      rt.clock.set(member.periodEnd + day * DAY);
      await rt.jobs.runDue();
      const renewal = (await renewalsOf(rt, member.membershipId))[0]!;
      expect(renewal.attempts).toBe(day === 1 ? 2 : day === 3 ? 3 : 4);
      expect(renewal.state).toBe("dunning");
    }
    const failedMails = await mailsTo(email, "renewal_failed");
    expect(failedMails).toHaveLength(4);
    expect((await callJson(rt, undefined, "GET", `/api/v2/paywall/rebill/${firstLink}`)).status).toBe(410);
    expect((await callJson(rt, undefined, "GET", `/api/v2/paywall/rebill/${linkIn(failedMails[3]!.text_body)}`)).status).toBe(200);
    // Nothing moved member_until without a payment.
    const user = await rt.deps.db.selectFrom("users").select("member_until").where("id", "=", searcher.id).executeTakeFirstOrThrow();
    expect(Number(user.member_until)).toBe(member.periodEnd);

    // Day 7: the last retry fails, the contract ends, the link with it.
    rt.clock.set(member.periodEnd + 7 * DAY);
    await rt.jobs.runDue();
    row = await membershipRow(rt, member.membershipId);
    expect(row.status).toBe("ended");
    expect(Number(row.ends_at)).toBe(member.periodEnd);
    expect(await renewalsOf(rt, member.membershipId)).toEqual([expect.objectContaining({ state: "failed", attempts: 5 })]);
    expect(await mailsTo(email, "renewal_ended")).toHaveLength(1);
    expect((await callJson(rt, undefined, "GET", `/api/v2/paywall/rebill/${linkIn(failedMails[3]!.text_body)}`)).status).toBe(410);
    expect((await ordersOf(member.membershipId)).map((order) => order.status)).toEqual(["failed", "failed", "failed", "failed", "failed"]);
    // (A fresh session: the first one's 24 hours are over.)
    expect(await plusOf(await login(searcher))).toEqual({ plus: false, radius: 100 });
  });

  it("pays a rebill link in one step with the stored method; the link is single use", async () => {
    const member = await contract(rt, { endsIn: 60 * 60 * 1000, token: `tok_y${FAKE_FAILING_TOKEN_SUFFIX}` });
    await scanDueRenewals(rt.deps);
    await rt.jobs.runDue();
    const link = linkIn((await mailsTo(member.user.email, "renewal_failed"))[0]!.text_body);
    const pay = (body: unknown, bearer?: string) =>
      callJson<{ data?: RebillPayment }>(rt, bearer, "POST", `/api/v2/paywall/rebill/${link}/pay`, body);

    // The stored card is still declined: the link stays usable for another try.
    const declined = await pay({ pay_with: "stored" });
    expect(declined.status).toBe(200);
    expect(declined.json.data).toMatchObject({ status: "failed" });
    expect((await renewalsOf(rt, member.membershipId))[0]).toMatchObject({ state: "dunning" });
    expect(await mailsTo(member.user.email, "renewal_failed")).toHaveLength(1);

    // The member's card works again.
    await rt.deps.db.updateTable("memberships").set({ payment_token: "tok_good" }).where("id", "=", member.membershipId).execute();
    rt.clock.set(member.periodEnd + 2 * DAY);
    const paid = await pay({ pay_with: "stored" }, member.user.token);
    expect(paid.json.data).toMatchObject({ status: "paid", redirect_url: null });
    const row = await membershipRow(rt, member.membershipId);
    expect(row.status).toBe("running");
    // A late payment starts the new period when it arrives.
    expect(Number(row.period_start)).toBe(member.periodEnd + 2 * DAY);
    expect((await renewalsOf(rt, member.membershipId))[0]).toMatchObject({ state: "paid" });
    expect((await pay({ pay_with: "stored" })).status).toBe(410);
    // The scheduled retry finds it paid and charges nothing.
    rt.clock.set(member.periodEnd + 3 * DAY);
    await rt.jobs.runDue();
    expect((await ordersOf(member.membershipId)).map((order) => order.status)).toEqual(["failed", "failed", "paid"]);
  });

  it("sends a member without a working stored method to the provider's page; the postback settles it", async () => {
    const member = await contract(rt, { endsIn: 60 * 60 * 1000, token: `tok_z${FAKE_FAILING_TOKEN_SUFFIX}` });
    await scanDueRenewals(rt.deps);
    await rt.jobs.runDue();
    const link = linkIn((await mailsTo(member.user.email, "renewal_failed"))[0]!.text_body);
    const started = await callJson<{ data?: RebillPayment }>(rt, undefined, "POST", `/api/v2/paywall/rebill/${link}/pay`, {
      pay_with: "new",
    });
    expect(started.json.data).toMatchObject({ status: "redirect", redirect_url: expect.stringContaining("/fake-provider/") });
    expect((await renewalsOf(rt, member.membershipId))[0]).toMatchObject({ state: "waiting" });
    // The provider's verified message arrives; the renewal's check sees the order paid.
    const order = (await ordersOf(member.membershipId)).at(-1)!;
    const { postbackBody, sendPostback } = await import("../../helpers/payments");
    const ref = (await rt.deps.db.selectFrom("orders").select("public_id").where("id", "=", order.id).executeTakeFirstOrThrow()).public_id;
    expect((await sendPostback(rt, postbackBody(ref, "success", order.gross_cents))).status).toBe(200);
    rt.clock.advance(16 * 60 * 1000);
    await rt.jobs.runDue();
    expect((await renewalsOf(rt, member.membershipId))[0]).toMatchObject({ state: "paid" });
    expect((await membershipRow(rt, member.membershipId)).status).toBe("running");
  });

  async function login(user: { username: string; password: string }): Promise<string> {
    const { login: signInAs } = await import("../../helpers/runtime");
    return String((await signInAs(rt, user.username, user.password)).body.access_token);
  }

  /** What the API says about the member's plus now: the entitlements and the radius search grants. */
  async function plusOf(token: string) {
    const data = await callJson<{ data: { entitlements: { plus: boolean } } }>(rt, token, "GET", "/api/v2/user/data");
    const search = await rt.request("/api/v2/search/user-and-business", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ filterquery: { location: { ...northOf(BERLIN, 900), radius: 300 } } }),
      token,
    });
    const meta = ((await search.json()) as { meta: { location: { radius: number } } }).meta;
    return { plus: data.json.data.entitlements.plus, radius: meta.location.radius };
  }
});
