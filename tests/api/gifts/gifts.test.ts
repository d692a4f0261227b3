/**
 * Gifts of dollars, resume gift, token rewards and the share state (issue 27 item 4, ADR 085) through the API on both
 * databases: a gift moves at once and once per key, refusals (insufficient, oneself, a block, bad amounts) move
 * nothing, another member's gift id is unknown, a reward is granted once however many ask at once, and the ledger
 * reconciles after each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GIFT_RETURN_DAYS,
  TOKEN_REWARDS,
  type GiftItem,
  type GiftList,
  type GiftSent,
  type ShareState,
  type TokenRewardList,
} from "#server/contract/gifts";
import { USER_TYPE } from "#server/contract/users";
import { hmac, sha256 } from "#server/lib/crypto";
import { grantEarnedRewards } from "#server/modules/gifts/index";
import { verifyEmail } from "#server/modules/registration/sign-up.service";
import { dollarOperations, postOperation, reconcileLedger } from "#server/modules/ledger/index";
import { dollarBalances } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { BURST_SIZE } from "../../helpers/burst";
import { createTestRuntime, createUser, listedMember, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}

describe(`gifts and rewards (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  let seq = 0;
  const key = () => `gift-test-${TEST_DB}-${++seq}-${Date.now()}`;
  const call = <T>(token: string, method: string, path: string, body?: unknown) =>
    callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  const member = () => listedMember(rt, USER_TYPE.client);
  /** Gives a member test dollars through the ledger (a staff grant). */
  const fund = (memberId: number, amount: number) => {
    const op = dollarOperations.grant(memberId, amount);
    return postOperation(rt.deps, {
      key: `test-fund:${key()}`,
      kind: op.kind,
      currency: "dollar",
      actorId: null,
      transfers: op.transfers,
    });
  };
  const available = async (memberId: number) => (await dollarBalances(rt.deps, memberId)).available;
  const reconciled = async () =>
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });

  it("sends a gift at once, once per key: a retry answers the first result and the receiver sees it", async () => {
    const sender = await member();
    const receiver = await member();
    await fund(sender.id, 50);
    const k = key();
    const first = await call<GiftSent>(sender.token, "POST", "/gifts", {
      username: receiver.username,
      amount: 10,
      message: "Danke!",
      key: k,
    });
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ status: "succeeded", kind: "GIFT", amount: 10, balance: 40, replayed: false });
    // The same key again, even with another amount: the first gift's answer, nothing moves twice.
    const retry = await call<GiftSent>(sender.token, "POST", "/gifts", { username: receiver.username, amount: 30, key: k });
    expect(retry.json.data).toMatchObject({
      status: "succeeded",
      amount: 10,
      balance: 40,
      replayed: true,
      gift_id: first.json.data!.gift_id,
    });
    expect(await available(sender.id)).toBe(40);
    expect(await available(receiver.id)).toBe(10);

    const received = await call<GiftList>(receiver.token, "GET", "/gifts?direction=received");
    expect(received.json.data).toMatchObject({ total: 1, direction: "received" });
    expect(received.json.data!.items[0]).toMatchObject({ amount: 10, message: "Danke!", other: { username: sender.username } });
    expect(received.json.data!.items[0]!.returnable_until).toBe(rt.clock.now() + GIFT_RETURN_DAYS * 86_400_000);
    const sent = await call<GiftList>(sender.token, "GET", "/gifts?direction=sent");
    expect(sent.json.data!.items.map((g) => [g.amount, g.other?.username, g.returnable_until])).toEqual([[10, receiver.username, null]]);
    const bell = await rt.deps.db
      .selectFrom("notifications")
      .select(["event"])
      .where("user_id", "=", receiver.id)
      .where("event", "=", "gift_received")
      .execute();
    expect(bell).toHaveLength(1);
    await reconciled();
  });

  it("refuses what the wallet does not cover, oneself, a blocked pair and bad amounts, moving nothing", async () => {
    const sender = await member();
    const receiver = await member();
    await fund(sender.id, 5);
    const gift = (body: Record<string, unknown>) =>
      call<GiftSent>(sender.token, "POST", "/gifts", { username: receiver.username, key: key(), ...body });

    const poor = await gift({ amount: 6 });
    expect(poor.status).toBe(200);
    expect(poor.json.data).toMatchObject({ status: "insufficient", amount: 0, balance: 5 });
    expect((await call<GiftList>(receiver.token, "GET", "/gifts")).json.data!.total).toBe(0);

    const self = await gift({ username: sender.username, amount: 1 });
    expect(self.status).toBe(400);
    expect(self.json.errors?.[0]).toMatchObject({ key: "exception.gifts.self", source: "username" });

    for (const amount of [0, -5, 1.5, "abc", 1001, ""]) {
      const bad = await gift({ amount });
      expect(bad.status, String(amount)).toBe(400);
      expect(bad.json.errors?.[0]?.source).toBe("amount");
    }
    expect((await gift({ amount: 1, key: "short" })).status).toBe(400);

    const now = rt.clock.now();
    await rt.deps.db.insertInto("blocks").values({ blocker_id: receiver.id, blocked_id: sender.id, created_at: now }).execute();
    const blocked = await gift({ amount: 1 });
    expect(blocked.status).toBe(404);
    expect(blocked.json.errors?.[0]?.key).toBe("exception.gifts.user_not_found");
    // And the other way round: the one who blocked cannot gift either.
    const back = await call<GiftSent>(receiver.token, "POST", "/gifts", { username: sender.username, amount: 1, key: key() });
    expect(back.status).toBe(404);

    expect(await available(sender.id)).toBe(5);
    expect(await available(receiver.id)).toBe(0);
    await reconciled();
  });

  it("another member's gift id is unknown; only the receiver gives a gift back, once, within the days", async () => {
    const sender = await member();
    const receiver = await member();
    const stranger = await member();
    await fund(sender.id, 30);
    const sent = await call<GiftSent>(sender.token, "POST", "/gifts", { username: receiver.username, amount: 20, key: key() });
    const id = sent.json.data!.gift_id;

    expect((await call<GiftItem>(stranger.token, "GET", `/gifts/${id}`)).status).toBe(404);
    expect((await call<GiftItem>(stranger.token, "POST", `/gifts/${id}/return`)).status).toBe(404);
    expect((await call<GiftItem>(sender.token, "POST", `/gifts/${id}/return`)).status).toBe(404);
    expect((await call<GiftItem>(receiver.token, "GET", "/gifts/abc")).status).toBe(404);
    expect((await call<GiftItem>(sender.token, "GET", `/gifts/${id}`)).json.data).toMatchObject({ direction: "sent", amount: 20 });

    const returned = await Promise.all([1, 2, 3].map(() => call<GiftItem>(receiver.token, "POST", `/gifts/${id}/return`)));
    expect(returned.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(returned[0]!.json.data).toMatchObject({ status: "returned", returnable_until: null });
    expect(await available(sender.id)).toBe(30);
    expect(await available(receiver.id)).toBe(0);

    // A second gift, too old to give back.
    const late = await call<GiftSent>(sender.token, "POST", "/gifts", { username: receiver.username, amount: 5, key: key() });
    rt.clock.advance(GIFT_RETURN_DAYS * 86_400_000 + 1);
    const again = await signIn(rt, receiver); // the token's idle window passed too
    const expired = await call<GiftItem>(again.token, "POST", `/gifts/${late.json.data!.gift_id}/return`);
    expect(expired.status).toBe(409);
    expect(expired.json.errors?.[0]?.key).toBe("exception.gifts.return_expired");
    await reconciled();
  });

  it("grants a reward once under 20 parallel calls, through the API's claim and the hook alike", async () => {
    const newcomer = await member();
    await rt.deps.db.updateTable("users").set({ email_verified_at: rt.clock.now() }).where("id", "=", newcomer.id).execute();
    const answers = await Promise.all([
      ...Array.from({ length: BURST_SIZE / 2 }, () => call<TokenRewardList>(newcomer.token, "POST", "/wallets/rewards/claim")),
      ...Array.from({ length: BURST_SIZE / 2 }, () => grantEarnedRewards(rt.deps, newcomer.id).then(() => ({ status: 200 }))),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const emailReward = TOKEN_REWARDS.find((r) => r.kind === "email_verified")!.dollars;
    expect(await available(newcomer.id)).toBe(emailReward);
    const list = await call<TokenRewardList>(newcomer.token, "GET", "/wallets/rewards");
    expect(list.json.data!.earned).toBe(emailReward);
    expect(list.json.data!.items.map((item) => [item.kind, item.granted_at !== null, item.claimable])).toEqual([
      ["email_verified", true, false],
      ["first_review", false, false],
      ["invite_verified", false, false],
    ]);
    const operations = await rt.deps.db
      .selectFrom("ledger_operations")
      .select("id")
      .where("idempotency_key", "like", `reward:%:${newcomer.id}`)
      .execute();
    expect(operations).toHaveLength(1);
    await reconciled();
  });

  it("confirming the e-mail address grants its reward and the inviter's, where the action completes", async () => {
    const inviter = await member();
    const code = (await call<ShareState>(inviter.token, "GET", "/wallets/share")).json.data!.code;
    const invited = await createUser(rt);
    const row = await rt.deps.db
      .updateTable("users")
      .set({ invitation_code: code, email_verified_at: null })
      .where("id", "=", invited.id)
      .returning("email_key")
      .executeTakeFirstOrThrow();
    // A link as the verification mail carries it: random part and its signature (registration's signToken).
    const random = `r${++seq}x${Date.now()}`;
    const token = `${random}.${hmac(rt.deps.config.appSecret, `email-verification:${random}`)}`;
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("email_verifications")
      .values({
        user_id: invited.id,
        email_key: row.email_key,
        token_hash: sha256(token),
        created_at: now,
        expires_at: now + 3_600_000,
        used_at: null,
      })
      .execute();
    await verifyEmail(rt.deps, token, null);
    const dollarsOf = (kind: string) => TOKEN_REWARDS.find((r) => r.kind === kind)!.dollars;
    expect(await available(invited.id)).toBe(dollarsOf("email_verified"));
    // The inviter's e-mail address is confirmed too (listedMember): the hook granted only the invite reward to them.
    expect(await available(inviter.id)).toBe(dollarsOf("invite_verified"));
    await reconciled();
  });

  it("the share state: one personal code, who signed up with it, and the invite reward once one verified", async () => {
    const inviter = await member();
    const first = await call<ShareState>(inviter.token, "GET", "/wallets/share");
    expect(first.json.data).toMatchObject({ signed_up: 0, verified: 0, earned: 0 });
    const code = first.json.data!.code;
    expect((await call<ShareState>(inviter.token, "GET", "/wallets/share")).json.data!.code).toBe(code);

    const invited = await createUser(rt);
    await rt.deps.db.updateTable("users").set({ invitation_code: code, email_verified_at: null }).where("id", "=", invited.id).execute();
    expect((await call<ShareState>(inviter.token, "GET", "/wallets/share")).json.data).toMatchObject({
      signed_up: 1,
      verified: 0,
      earned: 0,
    });

    await rt.deps.db.updateTable("users").set({ email_verified_at: rt.clock.now() }).where("id", "=", invited.id).execute();
    await grantEarnedRewards(rt.deps, invited.id);
    const invite = TOKEN_REWARDS.find((r) => r.kind === "invite_verified")!.dollars;
    expect((await call<ShareState>(inviter.token, "GET", "/wallets/share")).json.data).toMatchObject({
      signed_up: 1,
      verified: 1,
      earned: invite,
    });
    expect(await available(inviter.id)).toBe(invite);
    await reconciled();
  });
});
