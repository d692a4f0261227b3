/**
 * Tips through the real API on both databases (issue 27 item 3, ADR 082): the measure (100 tips of 5 at once
 * from a wallet of 100: exactly 20 succeed), the monthly limit (also under 20 requests at once), amounts, oneself,
 * another member's medium the payer cannot see, retries with one key, can-tip-media and tip-amount.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CanTipMedia, TipAmount, TipAnswer } from "#server/contract/tips";
import { USER_TYPE } from "#server/contract/users";
import { MONTHLY_TIP_LIMIT, TIP_AMOUNTS } from "#server/contract/wallet";
import { dollarOperations, postOperation, reconcileLedger } from "#server/modules/ledger/index";
import { tipMonthOf } from "#server/modules/tips/index";
import { dollarBalances } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { BURST_SIZE, burst } from "../../helpers/burst";
import { createTestRuntime, listedMemberWith, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  errors: Array<{ key: string; source?: string; params?: Record<string, number> }>;
}

describe(`tips (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  let seq = 0;
  const newKey = () => `tip-test-${TEST_DB}-${++seq}-${Math.random().toString(36).slice(2, 10)}`;
  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body>(rt, token, method, `/api/v2${path}`, body);
  const tip = (token: string, body: Record<string, unknown>) =>
    api<{ data?: TipAnswer } & ErrorBody>(token, "POST", "/wallets/tip", { key: newKey(), ...body });

  /** Dollars for a member as the platform grants them (the ledger's GRANT), not by writing tables. */
  async function grant(memberId: number, amount: number) {
    const operation = dollarOperations.grant(memberId, amount);
    await postOperation(rt.deps, {
      key: `grant-${newKey()}`,
      kind: operation.kind,
      currency: "dollar",
      actorId: null,
      transfers: operation.transfers,
    });
  }
  const client = (verified = true) => listedMemberWith(rt, { userType: USER_TYPE.client, verified });
  const escort = () => listedMemberWith(rt, { userType: USER_TYPE.escort });

  /** An accepted photo of `ownerId` at a visibility level. */
  async function medium(ownerId: number, visibility = "public"): Promise<number> {
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: ownerId,
        kind: "photo",
        visibility,
        status: 1,
        storage_key: `tips-test/${newKey()}`,
        mime_type: "image/jpeg",
        width: 800,
        height: 600,
        bytes: 1000,
        position: 0,
        created_at: rt.clock.now(),
        variant_widths: null,
        duration_ms: null,
        watermark: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const succeededTips = (payer: number) => async () =>
    Number(
      (
        await sql<{ n: number | string }>`select count(*) as n from tips where payer_id = ${payer} and status = 'succeeded'`.execute(
          rt.deps.db,
        )
      ).rows[0]!.n,
    );

  it("100 tips of 5 sent at once from a wallet of 100: exactly 20 succeed, the rest are insufficient, balance 0", async () => {
    const payer = await client();
    const creator = await escort();
    await grant(payer.id, 100);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => tip(payer.token, { target: "profile", id: creator.id, amount: 5 })),
    );
    const statuses = answers.map((a) => `${a.status}:${a.json.data?.status ?? "error"}`);
    expect(statuses.filter((s) => s === "200:succeeded")).toHaveLength(20);
    expect(statuses.filter((s) => s === "200:insufficient")).toHaveLength(80);
    for (const answer of answers) expect(answer.json.data!.balance).toBeGreaterThanOrEqual(0);
    expect(await dollarBalances(rt.deps, payer.id)).toMatchObject({ available: 0 });
    expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ available: 0, pending: 100 });
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  }, 60_000);

  it("a tip lands in the receiver's pending account, names what it was for, and tells the receiver", async () => {
    const payer = await client();
    const creator = await escort();
    await grant(payer.id, 100);
    const answer = await api<{ data: TipAnswer }>(payer.token, "POST", "/wallets/tip", {
      target: "profile",
      id: creator.id,
      amount: 10,
      key: newKey(),
    });
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ status: "succeeded", kind: "TRANSFER", amount: 10, balance: 90, replayed: false });
    expect(answer.json.data.receiver).toMatchObject({ user_id: creator.id, username: creator.username });
    const operation = await rt.deps.db
      .selectFrom("ledger_operations")
      .select(["reference", "actor_user_id", "idempotency_key"])
      .where("id", "=", answer.json.data.operation_id!)
      .executeTakeFirstOrThrow();
    expect(operation).toMatchObject({ reference: `profile:${creator.id}`, actor_user_id: payer.id });
    expect(operation.idempotency_key).toMatch(/^tip:/);
    expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ pending: 10, available: 0 });
    const notice = await rt.deps.db
      .selectFrom("notifications")
      .select(["event", "actor_id", "params"])
      .where("user_id", "=", creator.id)
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ event: "tip_received", actor_id: payer.id });
    expect(JSON.parse(notice.params)).toEqual({ amount: "10" });
  });

  it("a retry with the same key answers the first result and moves nothing again; another tip under it is refused", async () => {
    const payer = await client();
    const creator = await escort();
    await grant(payer.id, 50);
    const body = { target: "profile", id: creator.id, amount: 5, key: newKey() };
    const [first, second] = await Promise.all([
      api<{ data: TipAnswer }>(payer.token, "POST", "/wallets/tip", body),
      api<{ data: TipAnswer }>(payer.token, "POST", "/wallets/tip", body),
    ]);
    const third = await api<{ data: TipAnswer }>(payer.token, "POST", "/wallets/tip", body);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(new Set([first, second, third].map((a) => a.json.data.operation_id)).size).toBe(1);
    expect(third.json.data).toMatchObject({ status: "succeeded", amount: 5, replayed: true });
    expect(await dollarBalances(rt.deps, payer.id)).toMatchObject({ available: 45 });
    const other = await api<ErrorBody>(payer.token, "POST", "/wallets/tip", { ...body, amount: 10 });
    expect(other.status).toBe(409);
    expect(other.json.errors[0]!.key).toBe("exception.tips.key_reused");
    // The poll reads the payer's own tip by its key; another member learns nothing from it.
    const status = await api<{ data: TipAnswer }>(payer.token, "GET", `/wallets/tip/${body.key}`);
    expect(status.json.data).toMatchObject({ status: "succeeded", operation_id: first.json.data.operation_id, amount: 5 });
    const stranger = await client();
    const foreign = await api<{ data: TipAnswer }>(stranger.token, "GET", `/wallets/tip/${body.key}`);
    expect(foreign.json.data).toMatchObject({ status: "pending", operation_id: null, receiver: null });
  });

  it("an insufficient tip records nothing against the limit and its retry answers insufficient again", async () => {
    const payer = await client();
    const creator = await escort();
    const body = { target: "profile", id: creator.id, amount: 200, key: newKey() };
    const first = await api<{ data: TipAnswer }>(payer.token, "POST", "/wallets/tip", body);
    expect(first.json.data).toMatchObject({ status: "insufficient", amount: 0, balance: 0, operation_id: null });
    await grant(payer.id, 300);
    const retry = await api<{ data: TipAnswer }>(payer.token, "POST", "/wallets/tip", body);
    expect(retry.json.data).toMatchObject({ status: "insufficient", replayed: true, balance: 300 });
    const quote = await api<{ data: TipAmount }>(payer.token, "GET", "/wallets/tip-amount");
    expect(quote.json.data).toMatchObject({ used: 0, remaining: MONTHLY_TIP_LIMIT, balance: 300, amounts: [...TIP_AMOUNTS] });
  });

  it("refuses a tip above what is left of the monthly limit, saying what is left", async () => {
    const payer = await client();
    const creator = await escort();
    await grant(payer.id, 1000);
    const over = await tip(payer.token, { target: "profile", id: creator.id, amount: MONTHLY_TIP_LIMIT + 1 });
    expect(over.status).toBe(409);
    expect(over.json.errors[0]).toMatchObject({
      key: "exception.tips.monthly_limit",
      source: "amount",
      params: { remaining: 250, limit: 250 },
    });
    expect((await tip(payer.token, { target: "profile", id: creator.id, amount: 200 })).status).toBe(200);
    const rest = await tip(payer.token, { target: "profile", id: creator.id, amount: 60 });
    expect(rest.status).toBe(409);
    expect(rest.json.errors[0]!.params).toMatchObject({ remaining: 50 });
    const quote = await api<ErrorBody>(payer.token, "GET", `/wallets/tip-amount?target=profile&id=${creator.id}&amount=60`);
    expect(quote.status).toBe(409);
    expect((await tip(payer.token, { target: "profile", id: creator.id, amount: 50 })).status).toBe(200);
    expect(await dollarBalances(rt.deps, payer.id)).toMatchObject({ available: 750 });
    // A new calendar month (Europe/Berlin) starts the limit afresh.
    const monthNow = tipMonthOf(rt.clock.now());
    while (tipMonthOf(rt.clock.now()) === monthNow) rt.clock.advance(24 * 60 * 60 * 1000);
    const again = await signIn(rt, payer);
    expect((await tip(again.token, { target: "profile", id: creator.id, amount: 250 })).status).toBe(200);
  });

  it(`the monthly limit holds under ${BURST_SIZE} tips at once`, async () => {
    const payer = await client();
    const creator = await escort();
    await grant(payer.id, 1000);
    const outcome = await burst(() => tip(payer.token, { target: "profile", id: creator.id, amount: 25 }), succeededTips(payer.id));
    expect(outcome).toEqual({
      created: MONTHLY_TIP_LIMIT / 25,
      statuses: { 200: MONTHLY_TIP_LIMIT / 25, 409: BURST_SIZE - MONTHLY_TIP_LIMIT / 25 },
    });
    expect(await dollarBalances(rt.deps, payer.id)).toMatchObject({ available: 1000 - MONTHLY_TIP_LIMIT });
  });

  it('refuses amounts that are not whole positive dollars: 0, -5, 2.5, "abc"', async () => {
    const payer = await client();
    const creator = await escort();
    await grant(payer.id, 100);
    for (const amount of [0, -5, 2.5, "abc", "2.5", ""]) {
      const answer = await tip(payer.token, { target: "profile", id: creator.id, amount });
      expect(answer.status, String(amount)).toBe(400);
      expect(answer.json.errors[0]!.source).toBe("amount");
    }
    for (const amount of ["0", "-5", "2.5", "abc"]) {
      const quote = await api<ErrorBody>(payer.token, "GET", `/wallets/tip-amount?amount=${encodeURIComponent(amount)}`);
      expect(quote.status, amount).toBe(400);
    }
    expect(await dollarBalances(rt.deps, payer.id)).toMatchObject({ available: 100 });
  });

  it("refuses tipping oneself, a client, a blocked member, an unlisted profile and a guest", async () => {
    const creator = await escort();
    await grant(creator.id, 100);
    const self = await tip(creator.token, { target: "profile", id: creator.id, amount: 5 });
    expect(self.status).toBe(400);
    expect(self.json.errors[0]!.key).toBe("exception.tips.self");
    const ownPhoto = await medium(creator.id);
    expect((await tip(creator.token, { target: "medium", id: ownPhoto, amount: 5 })).status).toBe(400);
    const otherClient = await client();
    const toClient = await tip(creator.token, { target: "profile", id: otherClient.id, amount: 5 });
    expect(toClient.status).toBe(403);
    expect(toClient.json.errors[0]!.key).toBe("exception.tips.cannot_receive");
    const blocker = await escort();
    await rt.deps.db.insertInto("blocks").values({ blocker_id: blocker.id, blocked_id: creator.id, created_at: rt.clock.now() }).execute();
    expect((await tip(creator.token, { target: "profile", id: blocker.id, amount: 5 })).status).toBe(404);
    const paused = await escort();
    await rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", paused.id).execute();
    expect((await tip(creator.token, { target: "profile", id: paused.id, amount: 5 })).status).toBe(404);
    expect(
      (await callJson(rt, undefined, "POST", "/api/v2/wallets/tip", { target: "profile", id: creator.id, amount: 5, key: newKey() }))
        .status,
    ).toBe(401);
    expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ available: 100 });
  });

  it("another member's medium the viewer cannot see: can-tip-media says no and the tip answers 404", async () => {
    const payer = await client();
    const creator = await escort();
    await grant(payer.id, 100);
    const open = await medium(creator.id, "public");
    const hidden = await medium(creator.id, "private");
    const plusOnly = await medium(creator.id, "plus_member");
    const can = async (id: number, token?: string) =>
      (await api<{ data: CanTipMedia }>(token, "GET", `/wallets/can-tip-media/${id}`)).json.data.can_tip;
    expect(await can(open, payer.token)).toBe(true);
    expect(await can(open)).toBe(false);
    expect(await can(open, creator.token)).toBe(false);
    expect(await can(hidden, payer.token)).toBe(false);
    expect(await can(plusOnly, payer.token)).toBe(false);
    expect(await can(999_999_999, payer.token)).toBe(false);
    const refused = await tip(payer.token, { target: "medium", id: hidden, amount: 5 });
    expect(refused.status).toBe(404);
    expect(refused.json.errors[0]!.key).toBe("exception.tips.not_found");
    const tipped = await api<{ data: TipAnswer }>(payer.token, "POST", "/wallets/tip", {
      target: "medium",
      id: open,
      amount: 5,
      key: newKey(),
    });
    expect(tipped.json.data).toMatchObject({ status: "succeeded", balance: 95 });
    const reference = await rt.deps.db
      .selectFrom("ledger_operations")
      .select("reference")
      .where("id", "=", tipped.json.data.operation_id!)
      .executeTakeFirstOrThrow();
    expect(reference.reference).toBe(`medium:${open}`);
  });

  it("tip-amount quotes a receiver: the balance after, or null when the balance does not cover it", async () => {
    const payer = await client();
    const creator = await escort();
    await grant(payer.id, 100);
    const quote = await api<{ data: TipAmount }>(payer.token, "GET", `/wallets/tip-amount?target=profile&id=${creator.id}&amount=10`);
    expect(quote.json.data).toMatchObject({ amount: 10, balance: 100, balance_after: 90, receiver: { user_id: creator.id } });
    const short = await api<{ data: TipAmount }>(payer.token, "GET", `/wallets/tip-amount?target=profile&id=${creator.id}&amount=150`);
    expect(short.json.data).toMatchObject({ amount: 150, balance_after: null });
    expect((await api(undefined, "GET", "/wallets/tip-amount")).status).toBe(401);
  });
});
