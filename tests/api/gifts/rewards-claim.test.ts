/**
 * Token rewards are read by GET and granted only by a POST or where the action happens (issue 27's leftovers, item 1;
 * ADR 085): GET /wallets/rewards changes no row of the ledger however often it is asked, and says which earned rewards
 * wait (claimable); POST /wallets/rewards/claim grants each exactly once, also under parallel claims and hooks; another
 * member's claim never grants the viewer's; a guest gets 401; a confirmed new e-mail address grants at once.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_REWARDS, type TokenRewardList } from "#server/contract/gifts";
import { USER_TYPE } from "#server/contract/users";
import { grantEarnedRewards } from "#server/modules/gifts/index";
import { reconcileLedger } from "#server/modules/ledger/index";
import { dollarBalances } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { BURST_SIZE } from "../../helpers/burst";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string }>;
}

const EMAIL_REWARD = TOKEN_REWARDS.find((reward) => reward.kind === "email_verified")!.dollars;

describe(`token rewards: GET reads, POST claims (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  const call = <T>(token: string | undefined, method: string, path: string) => callJson<Answer<T>>(rt, token, method, `/api/v2${path}`);
  /** A member whose address was confirmed where no hook ran (before rewards existed): the reward is earned, not granted. */
  const earnedNotGranted = async () => {
    const member = await listedMember(rt, USER_TYPE.client);
    await rt.deps.db.updateTable("users").set({ email_verified_at: rt.clock.now() }).where("id", "=", member.id).execute();
    return member;
  };
  /** Every row the ledger and the wallet's own tables hold: what a GET must leave as it is. */
  const rowCounts = async () => {
    const count = async (table: string) =>
      Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(rt.deps.db)).rows[0]!.n);
    return {
      operations: await count("ledger_operations"),
      transfers: await count("ledger_transfers"),
      accounts: await count("ledger_accounts"),
    };
  };
  const available = async (memberId: number) => (await dollarBalances(rt.deps, memberId)).available;

  it("GET changes nothing: no ledger row before or after, the earned reward shown as claimable", async () => {
    const member = await earnedNotGranted();
    const before = await rowCounts();
    for (let i = 0; i < 3; i++) {
      const answer = await call<TokenRewardList>(member.token, "GET", "/wallets/rewards");
      expect(answer.status).toBe(200);
      expect(answer.json.data!.earned).toBe(0);
      expect(answer.json.data!.items.find((item) => item.kind === "email_verified")).toMatchObject({ granted_at: null, claimable: true });
      // Not earned: neither granted nor claimable.
      expect(answer.json.data!.items.find((item) => item.kind === "first_review")).toMatchObject({ granted_at: null, claimable: false });
    }
    expect(await rowCounts()).toEqual(before);
    expect(await available(member.id)).toBe(0);
  });

  it("POST claim grants each earned reward exactly once under parallel claims and hooks; GETs beside them grant nothing", async () => {
    const member = await earnedNotGranted();
    const answers = await Promise.all([
      ...Array.from({ length: BURST_SIZE / 2 }, () => call<TokenRewardList>(member.token, "POST", "/wallets/rewards/claim")),
      ...Array.from({ length: BURST_SIZE / 4 }, () => grantEarnedRewards(rt.deps, member.id).then(() => ({ status: 200 }))),
      ...Array.from({ length: BURST_SIZE / 4 }, () => call<TokenRewardList>(member.token, "GET", "/wallets/rewards")),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await available(member.id)).toBe(EMAIL_REWARD);
    const operations = await rt.deps.db
      .selectFrom("ledger_operations")
      .select(["kind", "status"])
      .where("idempotency_key", "like", `reward:%:${member.id}`)
      .execute();
    expect(operations).toEqual([{ kind: "REWARD", status: "succeeded" }]);

    // Claimed: shown as granted, no longer claimable; a further claim moves nothing.
    const again = await call<TokenRewardList>(member.token, "POST", "/wallets/rewards/claim");
    expect(again.json.data!.earned).toBe(EMAIL_REWARD);
    expect(again.json.data!.items.find((item) => item.kind === "email_verified")).toMatchObject({ claimable: false });
    expect(again.json.data!.items.find((item) => item.kind === "email_verified")!.granted_at).not.toBeNull();
    expect(await available(member.id)).toBe(EMAIL_REWARD);
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });

  it("confirming a new e-mail address grants the reward where it happens, without a claim", async () => {
    const member = await listedMember(rt, USER_TYPE.client);
    await rt.deps.db.updateTable("users").set({ email_verified_at: null }).where("id", "=", member.id).execute();
    const fresh = `new_${member.username}@example.test`;
    const requested = await callJson(rt, member.token, "PUT", "/api/v2/settings/email", {
      email: fresh,
      current_password: member.password,
    });
    expect(requested.status).toBe(200);
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("recipient", "=", fresh)
      .where("template", "=", "email_change_confirm")
      .executeTakeFirstOrThrow();
    const token = new URL(/https?:\/\/\S+email_password\?confirm=[A-Za-z0-9_%-]+/.exec(mail.text_body)![0]).searchParams.get("confirm");
    expect(await available(member.id)).toBe(0);
    expect((await callJson(rt, undefined, "POST", "/api/v2/settings/email/confirm", { token })).status).toBe(200);
    expect(await available(member.id)).toBe(EMAIL_REWARD);
  });

  it("a claim grants only the caller's own rewards; a guest's claim is 401 and moves nothing", async () => {
    const waiting = await earnedNotGranted();
    const other = await earnedNotGranted();
    const before = await rowCounts();
    expect((await call(undefined, "POST", "/wallets/rewards/claim")).status).toBe(401);
    expect(await rowCounts()).toEqual(before);
    expect((await call<TokenRewardList>(other.token, "POST", "/wallets/rewards/claim")).status).toBe(200);
    expect(await available(other.id)).toBe(EMAIL_REWARD);
    expect(await available(waiting.id)).toBe(0);
    const list = await call<TokenRewardList>(waiting.token, "GET", "/wallets/rewards");
    expect(list.json.data!.items.find((item) => item.kind === "email_verified")).toMatchObject({ granted_at: null, claimable: true });
  });
});
