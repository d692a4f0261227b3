/**
 * The member's plus contract through the real API on both databases (issue 26 items 1 and 6, ADR 076): packages per
 * kind, the contract's state, cancel / undo cancel / preempt / survey, § 309 Nr. 9 after the first term, the § 312k
 * button without login (found by identification, the same answer for an unknown one, mail only to the owner), the
 * withdrawal with its pro-rata refund, and another member's contract never touched.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SettledOrder } from "#server/contract/billing";
import type { ContractReceipt, PlusContractState } from "#server/contract/plus";
import type { PlusPackageList } from "#server/contract/plus-packages";
import { plusPackage } from "#server/contract/plus-packages";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { newestMailText } from "../../helpers/mail";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createProfile } from "../../helpers/search-fixtures";

const DAY = 86_400_000;
const withdrawLinkToken = (mail: string) => /\/contracts\/withdraw\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
type Data<T> = { data: T };

describe(`the plus contract (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  let seq = 0;
  async function member(userType: number = USER_TYPE.client) {
    const user = await createProfile(rt, { userType });
    const token = String((await login(rt, user.username, user.password)).body.access_token);
    return { ...user, token, email: `${user.username}@example.test` };
  }

  // Sessions end after 24 hours without a request (ADR 016): after moving the clock, sign in again.
  const relogin = async (user: { username: string; password: string }) =>
    String((await login(rt, user.username, user.password)).body.access_token);

  /** A paid order of `sku`, delivered by the membership good as the settlement would. */
  async function buy(userId: number, sku: string): Promise<SettledOrder> {
    const pkg = plusPackage(sku)!;
    const now = rt.clock.now();
    const row = await rt.deps.db
      .insertInto("orders")
      .values({
        public_id: `c-${TEST_DB}-${++seq}-${now}`,
        user_id: userId,
        kind: "normal",
        status: "paid",
        paying_code: 1,
        step: "vat",
        goods: "membership",
        sku,
        item_type: pkg.renewable ? 1 : 2,
        months: pkg.months,
        renewable: pkg.renewable ? 1 : 0,
        method: "CC",
        currency: "EUR",
        list_gross_cents: pkg.gross_cents,
        discount_cents: 0,
        reverse_charge: 0,
        net_cents: Math.round(pkg.gross_cents / 1.19),
        vat_cents: pkg.gross_cents - Math.round(pkg.gross_cents / 1.19),
        gross_cents: pkg.gross_cents,
        vat_rate_bp: 1900,
        vat_country: "DE",
        language: "de",
        created_at: now,
        updated_at: now,
        paid_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const order: SettledOrder = {
      id: Number(row.id),
      public_id: "x",
      user_id: userId,
      goods: "membership",
      sku,
      kind: "normal",
      gross_cents: pkg.gross_cents,
      membership_id: null,
      paid_at: now,
    };
    await rt.deps.db.transaction().execute((trx) => rt.deps.features.goods.get("membership")!.fulfil(trx, rt.deps, order));
    return order;
  }

  const state = async (token: string) =>
    (await callJson<Data<PlusContractState>>(rt, token, "GET", "/api/v2/membership/contract")).json.data;

  it("lists packages per kind: a member their own, a guest the kind asked for; the redesign set on request", async () => {
    const escort = await member(USER_TYPE.escort);
    const mine = await callJson<Data<PlusPackageList>>(rt, escort.token, "GET", "/api/v2/membership/packages?audience=client");
    expect(mine.json.data.audience).toBe("escort");
    expect(mine.json.data.packages).toHaveLength(8);
    expect(mine.json.data.packages.every((p) => p.audience === "escort")).toBe(true);
    const guest = await callJson<Data<PlusPackageList>>(rt, undefined, "GET", "/api/v2/membership/packages?audience=business&set=redesign");
    expect(guest.json.data).toMatchObject({ audience: "business", set: "redesign" });
    expect(guest.json.data.packages.map((p) => p.months)).toEqual([1, 3, 12]);
    expect(guest.json.data.packages[2]).toMatchObject({ gross_cents: 54990, monthly_cents: 4583 });
    expect((await callJson(rt, undefined, "GET", "/api/v2/membership/contract")).status).toBe(401);
    const offer = await callJson<Data<PlusPackageList>>(rt, escort.token, "GET", "/api/v2/membership/cancellation-packages");
    expect(offer.json.data.packages).toEqual([expect.objectContaining({ id: "plus_escort_cancel_3m", months: 3, renewable: false })]);
  });

  it("shows the contract; cancel at the period's end, undo until then; preempt offered while it renews", async () => {
    const client = await member();
    expect((await state(client.token)).contract).toBeNull();
    await buy(client.id, "plus_client_3m");
    const running = await state(client.token);
    expect(running.plus_member).toBe(true);
    expect(running.contract).toMatchObject({
      package_id: "plus_client_3m",
      status: "running",
      can_cancel: true,
      can_undo_cancel: false,
      preempt_sku: "plus_client_3m:preempt",
      // After the first term it renews monthly at the term's monthly share (§ 309 Nr. 9 BGB).
      next_renewal: { gross_cents: 2497, months: 1 },
    });
    expect(running.contract!.earliest_end).toBe(running.contract!.period_end);
    expect(running.contract!.withdrawal).toMatchObject({ refund_cents: 7490 });
    const preempt = await callJson<Data<{ sku: string; gross_cents: number; starts_at: number }>>(
      rt,
      client.token,
      "GET",
      "/api/v2/membership/preempt",
    );
    expect(preempt.json.data).toMatchObject({ sku: "plus_client_3m:preempt", gross_cents: 2497, starts_at: running.contract!.period_end });

    const survey = await callJson(rt, client.token, "POST", "/api/v2/membership/cancellation-survey", {
      reasons: ["too_expensive", "other"],
      comment: "zu teuer",
    });
    expect(survey.status).toBe(200);
    expect((await callJson(rt, client.token, "POST", "/api/v2/membership/cancellation-survey", { reasons: ["nope"] })).status).toBe(400);

    const cancelled = await callJson<Data<PlusContractState>>(rt, client.token, "POST", "/api/v2/membership/cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data.contract).toMatchObject({
      status: "cancelled",
      can_cancel: false,
      can_undo_cancel: true,
      next_renewal: null,
      preempt_sku: null,
    });
    expect(cancelled.json.data.contract!.ends_at).toBe(running.contract!.period_end);
    expect(cancelled.json.data.plus_member).toBe(true);
    expect(await newestMailText(rt, client.email, "plus_cancellation")).toContain("Dein Vertrag endet am");
    expect((await callJson(rt, client.token, "POST", "/api/v2/membership/cancel")).status).toBe(409);
    expect((await callJson(rt, client.token, "GET", "/api/v2/membership/preempt")).status).toBe(409);

    const undone = await callJson<Data<PlusContractState>>(rt, client.token, "POST", "/api/v2/membership/undo-cancel");
    expect(undone.json.data.contract).toMatchObject({ status: "running", ends_at: null, can_cancel: true });
    expect((await callJson(rt, client.token, "POST", "/api/v2/membership/undo-cancel")).status).toBe(409);

    // At the end of a cancelled contract plus is over and nothing can be undone.
    await callJson(rt, client.token, "POST", "/api/v2/membership/cancel");
    rt.clock.set(running.contract!.period_end);
    client.token = await relogin(client);
    const over = await state(client.token);
    expect(over.plus_member).toBe(false);
    expect(over.contract).toMatchObject({ can_undo_cancel: false, can_cancel: false });
    expect((await callJson(rt, client.token, "POST", "/api/v2/membership/undo-cancel")).status).toBe(409);
  });

  it("after the first term an ordinary cancellation ends within a month (§ 309 Nr. 9 BGB)", async () => {
    const client = await member();
    await buy(client.id, "plus_client_12m");
    const m = await rt.deps.db.selectFrom("memberships").selectAll().where("user_id", "=", client.id).executeTakeFirstOrThrow();
    // The first term is over; say a renewal ran for a whole year (a renewal that did not follow the monthly rule).
    const now = rt.clock.now();
    await rt.deps.db
      .updateTable("memberships")
      .set({ first_term_end: now - DAY, period_start: now - DAY, period_end: now + 364 * DAY })
      .where("id", "=", m.id)
      .execute();
    const contract = (await state(client.token)).contract!;
    expect(contract.earliest_end).toBeLessThanOrEqual(now + 31 * DAY);
    expect(contract.earliest_end).toBeGreaterThanOrEqual(now + 28 * DAY);
    expect(contract.next_renewal).toMatchObject({ months: 1, gross_cents: Math.round(21990 / 12) });
    const cancelled = await callJson<Data<PlusContractState>>(rt, client.token, "POST", "/api/v2/membership/cancel");
    expect(cancelled.json.data.contract!.ends_at).toBe(contract.earliest_end);
    expect(cancelled.json.data.member_until).toBe(contract.earliest_end);
  });

  it("the cancellation button without login: found by e-mail or username, the same answer for anyone, mail only to the owner", async () => {
    const owner = await member(USER_TYPE.escort);
    const bystander = await member(USER_TYPE.escort);
    await buy(owner.id, "plus_escort_1m");
    await buy(bystander.id, "plus_escort_1m");
    const body = {
      kind: "ordinary",
      reason: "",
      name: "Anna Muster",
      identifier: owner.email.toUpperCase(),
      end: "earliest",
      end_date: "",
    };
    const answer = await callJson<Data<ContractReceipt>>(rt, undefined, "POST", "/api/v2/contracts/cancel", body);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({
      action: "cancel",
      kind: "ordinary",
      name: "Anna Muster",
      contract: "plus",
      requested_end: "earliest",
      received_at: rt.clock.now(),
      effective_end: null,
    });
    const owned = await rt.deps.db
      .selectFrom("memberships")
      .select(["status", "ends_at", "period_end"])
      .where("user_id", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(owned.status).toBe("cancelled");
    expect(Number(owned.ends_at)).toBe(Number(owned.period_end));
    expect(await newestMailText(rt, owner.email, "plus_cancellation")).toContain(answer.json.data.id);
    // The bystander's contract is untouched.
    expect((await state(bystander.token)).contract).toMatchObject({ status: "running" });

    const unknown = await callJson<Data<ContractReceipt>>(rt, undefined, "POST", "/api/v2/contracts/cancel", {
      ...body,
      identifier: "nobody@example.test",
    });
    expect(unknown.status).toBe(200);
    expect(Object.keys(unknown.json.data).sort()).toEqual(Object.keys(answer.json.data).sort());
    expect(unknown.json.data.effective_end).toBeNull();
    const toNobody = await rt.deps.db.selectFrom("mail_outbox").select("id").where("recipient", "=", "nobody@example.test").execute();
    expect(toNobody).toEqual([]);

    // The receipt page reads it back by its id; the end date only for the signed-in owner.
    const guestReceipt = await callJson<Data<ContractReceipt>>(rt, undefined, "GET", `/api/v2/contracts/receipts/${answer.json.data.id}`);
    expect(guestReceipt.json.data.effective_end).toBeNull();
    const ownerReceipt = await callJson<Data<ContractReceipt>>(rt, owner.token, "GET", `/api/v2/contracts/receipts/${answer.json.data.id}`);
    expect(ownerReceipt.json.data.effective_end).toBe(Number(owned.ends_at));
    const otherReceipt = await callJson<Data<ContractReceipt>>(
      rt,
      bystander.token,
      "GET",
      `/api/v2/contracts/receipts/${answer.json.data.id}`,
    );
    expect(otherReceipt.json.data.effective_end).toBeNull();
    expect((await callJson(rt, undefined, "GET", "/api/v2/contracts/receipts/doesnotexist123")).status).toBe(404);

    // Extraordinary needs a reason; by username, signed in: ends at once.
    const noReason = await callJson(rt, undefined, "POST", "/api/v2/contracts/cancel", {
      ...body,
      kind: "extraordinary",
      identifier: bystander.username,
    });
    expect(noReason.status).toBe(400);
    const extra = await callJson<Data<ContractReceipt>>(rt, bystander.token, "POST", "/api/v2/contracts/cancel", {
      ...body,
      kind: "extraordinary",
      reason: "Das Profil wurde ohne Grund gesperrt.",
      identifier: bystander.username,
    });
    expect(extra.json.data.effective_end).toBe(rt.clock.now());
    expect((await state(bystander.token)).plus_member).toBe(false);
  });

  it("withdrawal within 14 days ends plus at once and owes the unused part; after 14 days it is refused by mail", async () => {
    const client = await member();
    await buy(client.id, "plus_client_1m");
    const m = await rt.deps.db.selectFrom("memberships").selectAll().where("user_id", "=", client.id).executeTakeFirstOrThrow();
    rt.clock.advance(3 * DAY);
    client.token = await relogin(client);
    // Without login a username does not identify for a withdrawal: nothing changes, the answer is the same.
    const byName = await callJson<Data<ContractReceipt>>(rt, undefined, "POST", "/api/v2/contracts/withdraw", {
      name: "X",
      identifier: client.username,
    });
    expect(byName.status).toBe(200);
    expect((await state(client.token)).contract).toMatchObject({ status: "running" });

    const answer = await callJson<Data<ContractReceipt>>(rt, undefined, "POST", "/api/v2/contracts/withdraw", {
      name: "X",
      identifier: client.email,
    });
    expect(answer.json.data).toMatchObject({ action: "withdraw", kind: "withdrawal", refund_cents: null, confirmation: "pending" });
    // Without login it waits for the owner: the link goes to the account's address, the contract runs on until then.
    expect((await state(client.token)).contract).toMatchObject({ status: "running" });
    const token = withdrawLinkToken(await newestMailText(rt, client.email, "plus_withdrawal_confirm"));
    // Confirmed a day later: it takes effect now, but the refund counts from the submission (ADR 088).
    rt.clock.advance(DAY);
    const confirmed = await callJson<Data<ContractReceipt>>(rt, undefined, "POST", "/api/v2/contracts/withdraw/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data).toMatchObject({ id: answer.json.data.id, confirmation: "confirmed", effective_end: rt.clock.now() });
    expect(confirmed.json.data.received_at).toBe(rt.clock.now() - DAY);
    // The link works once.
    expect((await callJson(rt, undefined, "POST", "/api/v2/contracts/withdraw/confirm", { token })).status).toBe(404);
    client.token = await relogin(client);
    const after = await state(client.token);
    expect(after.plus_member).toBe(false);
    expect(after.contract).toMatchObject({ status: "withdrawn" });
    const total = Number(m.period_end) - Number(m.period_start);
    const expected = 2990 - Math.round((2990 * 3 * DAY) / total);
    const row = await rt.deps.db
      .selectFrom("contract_declarations")
      .selectAll()
      .where("public_id", "=", answer.json.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ outcome: "applied", refund_cents: expected, confirmation: "confirmed" });
    expect(confirmed.json.data.refund_cents).toBe(expected);
    expect(["requested", "failed"]).toContain(row.refund_status);
    expect(await newestMailText(rt, client.email, "plus_withdrawal")).toContain("widerrufen");

    const late = await member();
    await buy(late.id, "plus_client_3m");
    rt.clock.advance(15 * DAY);
    late.token = await relogin(late);
    const refused = await callJson<Data<ContractReceipt>>(rt, late.token, "POST", "/api/v2/contracts/withdraw", {
      name: "Y",
      identifier: late.username,
    });
    expect(refused.status).toBe(200);
    expect((await state(late.token)).contract).toMatchObject({ status: "running", withdrawal: null });
    expect(await newestMailText(rt, late.email, "plus_withdrawal")).toContain("14 Tagen");
  });
  it("a withdrawal sent without login in time but confirmed after the 14 days still counts; an expired link changes nothing", async () => {
    const client = await member();
    await buy(client.id, "plus_client_1m");
    rt.clock.advance(13 * DAY);
    const sent = await callJson<Data<ContractReceipt>>(rt, undefined, "POST", "/api/v2/contracts/withdraw", {
      name: "Z",
      identifier: client.email,
    });
    expect(sent.status).toBe(200);
    const token = withdrawLinkToken(await newestMailText(rt, client.email, "plus_withdrawal_confirm"));
    rt.clock.advance(2 * DAY);
    const confirmed = await callJson<Data<ContractReceipt>>(rt, undefined, "POST", "/api/v2/contracts/withdraw/confirm", { token });
    expect(confirmed.status).toBe(200);
    const row = await rt.deps.db
      .selectFrom("contract_declarations")
      .select(["outcome", "confirmed_at", "received_at"])
      .where("public_id", "=", sent.json.data.id)
      .executeTakeFirstOrThrow();
    expect(row.outcome).toBe("applied");
    expect(Number(row.confirmed_at) - Number(row.received_at)).toBe(2 * DAY);
    expect(await newestMailText(rt, client.email, "plus_withdrawal")).toContain("widerrufen");

    const slow = await member();
    await buy(slow.id, "plus_client_1m");
    await callJson(rt, undefined, "POST", "/api/v2/contracts/withdraw", { name: "S", identifier: slow.email });
    const stale = withdrawLinkToken(await newestMailText(rt, slow.email, "plus_withdrawal_confirm"));
    rt.clock.advance(8 * DAY);
    const gone = await callJson<{ errors: Array<{ key: string }> }>(rt, undefined, "POST", "/api/v2/contracts/withdraw/confirm", {
      token: stale,
    });
    expect(gone.status).toBe(404);
    expect(gone.json.errors[0]!.key).toBe("exception.plus.withdraw_link_gone");
    slow.token = await relogin(slow);
    expect((await state(slow.token)).contract).toMatchObject({ status: "running" });
    // A token of the wrong shape is refused at its field, never a 5xx.
    expect((await callJson(rt, undefined, "POST", "/api/v2/contracts/withdraw/confirm", { token: "x" })).status).toBe(400);
    expect((await callJson(rt, undefined, "POST", "/api/v2/contracts/withdraw/confirm", { token: 5 })).status).toBe(400);
  });
});
