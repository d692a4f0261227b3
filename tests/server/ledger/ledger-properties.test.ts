/**
 * The ledger's invariants over random operation sequences (issue 27 "Tests", ADR 073), on SQLite and PostgreSQL:
 * every member balance equals a plain model of the same operations and is never negative, the sum of all accounts
 * is zero, and replaying any prefix with the same keys changes nothing and answers the same.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LedgerOperationResult, MemberAccount } from "#server/contract/ledger";
import { dollarOperations, memberBalances, postOperation, reconcileLedger, type DollarOperation } from "#server/modules/ledger/index";
import { measureCurrency } from "#server/modules/ledger-office/index";
import { createTestRuntime, passwordHashOf, TEST_DB, userRow, type TestRuntime } from "../../helpers/runtime";

type Step =
  | {
      op:
        | "purchase"
        | "refund"
        | "grant"
        | "spend"
        | "release"
        | "freeze"
        | "defrost"
        | "payoutRequest"
        | "payoutSucceeded"
        | "payoutReturned"
        | "chargeback"
        | "correction"
        | "refundReversal"
        | "migrated";
      who: number;
      amount: number;
    }
  | { op: "tip" | "gift" | "resumeGift"; who: number; to: number; amount: number };

const MEMBERS = 3;
const amount = fc.integer({ min: 1, max: 120 });
const who = fc.integer({ min: 0, max: MEMBERS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constantFrom(
      "purchase",
      "refund",
      "grant",
      "spend",
      "release",
      "freeze",
      "defrost",
      "payoutRequest",
      "payoutSucceeded",
      "payoutReturned",
      "chargeback",
      "correction",
      "refundReversal",
      "migrated",
    ) as fc.Arbitrary<Exclude<Step["op"], "tip" | "gift" | "resumeGift">>,
    who,
    amount,
  }),
  fc
    .record({ op: fc.constantFrom("tip", "gift", "resumeGift") as fc.Arbitrary<"tip" | "gift" | "resumeGift">, who, to: who, amount })
    .filter((s) => s.who !== s.to),
);

type Balances = Record<MemberAccount, number>;
const empty = (): Balances => ({ wallet: 0, pending: 0, frozen: 0, payout: 0 });

/** The plain model: what each step does to the members' balances, or null when it cannot (insufficient). */
function applyToModel(model: Balances[], s: Step): "succeeded" | "insufficient" {
  const take = (m: number, account: MemberAccount, n: number) => {
    if ((model[m] as Balances)[account] < n) return false;
    (model[m] as Balances)[account] -= n;
    return true;
  };
  const give = (m: number, account: MemberAccount, n: number) => ((model[m] as Balances)[account] += n);
  const move = (from: [number, MemberAccount] | null, to: [number, MemberAccount] | null, n: number) => {
    if (from && !take(from[0], from[1], n)) return "insufficient" as const;
    if (to) give(to[0], to[1], n);
    return "succeeded" as const;
  };
  switch (s.op) {
    case "purchase":
    case "grant":
    case "refundReversal":
    case "migrated":
      return move(null, [s.who, "wallet"], s.amount);
    case "refund":
    case "spend":
    case "correction":
      return move([s.who, "wallet"], null, s.amount);
    case "release":
      return move([s.who, "pending"], [s.who, "wallet"], s.amount);
    case "freeze":
      return move([s.who, "wallet"], [s.who, "frozen"], s.amount);
    case "defrost":
      return move([s.who, "frozen"], [s.who, "wallet"], s.amount);
    case "payoutRequest":
      return move([s.who, "wallet"], [s.who, "payout"], s.amount);
    case "payoutSucceeded":
      return move([s.who, "payout"], null, s.amount);
    case "payoutReturned":
      return move([s.who, "payout"], [s.who, "wallet"], s.amount);
    case "chargeback": {
      const reclaimed = Math.min(s.amount, (model[s.who] as Balances).wallet);
      (model[s.who] as Balances).wallet -= reclaimed;
      return "succeeded";
    }
    case "tip":
      return move([s.who, "wallet"], [s.to, "pending"], s.amount);
    case "gift":
      return move([s.who, "wallet"], [s.to, "wallet"], s.amount);
    case "resumeGift":
      // A gift not taken in time goes back: from the receiver (`to`) to the sender (`who`).
      return move([s.to, "wallet"], [s.who, "wallet"], s.amount);
  }
}

function operationOf(s: Step, ids: number[]): DollarOperation[] {
  const id = ids[s.who] as number;
  switch (s.op) {
    case "purchase":
      return [dollarOperations.purchase(id, s.amount)];
    case "refund":
      return [dollarOperations.refund(id, s.amount)];
    case "grant":
      return [dollarOperations.grant(id, s.amount, "REWARD")];
    case "spend":
      return [dollarOperations.spend(id, s.amount, "FIRST_CONTACT_UNLOCK")];
    case "release":
      return [dollarOperations.release(id, s.amount)];
    case "freeze":
      return [dollarOperations.freeze(id, s.amount)];
    case "defrost":
      return [dollarOperations.defrost(id, s.amount)];
    case "payoutRequest":
      return [dollarOperations.payoutRequest(id, s.amount)];
    case "payoutSucceeded":
      return [dollarOperations.payoutSucceeded(id, s.amount)];
    case "payoutReturned":
      return [dollarOperations.payoutReturned(id, s.amount)];
    case "chargeback":
      return [dollarOperations.reclaim(id, s.amount)];
    case "tip":
      return [dollarOperations.tip(id, ids[s.to] as number, s.amount)];
    case "gift":
      return [dollarOperations.gift(id, ids[s.to] as number, s.amount)];
    case "resumeGift":
      return [dollarOperations.resumeGift(id, ids[s.to] as number, s.amount)];
    case "correction":
      return [dollarOperations.correction(id, s.amount)];
    case "refundReversal":
      return [dollarOperations.refundReversal(id, s.amount)];
    case "migrated":
      return [dollarOperations.grant(id, s.amount, "MIGRATED")];
  }
}

describe(`ledger properties (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let run = 0;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  async function freshMembers(): Promise<number[]> {
    run += 1;
    const hash = await passwordHashOf("unused-password-1");
    const rows = await rt.deps.db
      .insertInto("users")
      .values(
        Array.from({ length: MEMBERS }, (_, i) => userRow({ username: `ledger_${run}_${i}`, passwordHash: hash, now: rt.clock.now() })),
      )
      .returning("id")
      .execute();
    return rows.map((r) => r.id);
  }

  /** Posts a step (a chargeback is two operations: the reclaim, then the loss of what it could not take back). */
  async function post(s: Step, ids: number[], key: string): Promise<LedgerOperationResult[]> {
    const results: LedgerOperationResult[] = [];
    for (const [index, operation] of operationOf(s, ids).entries()) {
      const result = await postOperation(rt.deps, {
        key: `${key}:${index}`,
        currency: "dollar",
        actorId: ids[s.who] as number,
        ...operation,
      });
      results.push(result);
      if (s.op === "chargeback" && result.moved < s.amount) {
        const loss = dollarOperations.chargebackLoss(s.amount - result.moved);
        results.push(await postOperation(rt.deps, { key: `${key}:loss`, currency: "dollar", actorId: null, ...loss }));
      }
    }
    return results;
  }

  it("keeps every balance equal to the model, never negative, the sum zero, and replays change nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), fc.nat(), async (steps, replaySeed) => {
        const ids = await freshMembers();
        const model = ids.map(empty);
        const answers: LedgerOperationResult[][] = [];
        for (const [index, s] of steps.entries()) {
          const expected = applyToModel(model, s);
          const results = await post(s, ids, `run${run}:${index}`);
          answers.push(results);
          expect(results[0]?.status).toBe(expected);
          expect(results.every((r) => !r.replayed)).toBe(true);
        }
        for (const [index, id] of ids.entries()) expect(await memberBalances(rt.deps, id, "dollar")).toEqual(model[index]);
        const report = await reconcileLedger(rt.deps, "dollar");
        expect({ negative: report.negative, mismatched: report.mismatched, imbalance: report.imbalance }).toEqual({
          negative: 0,
          mismatched: 0,
          imbalance: 0,
        });
        // The reconciliation's dollar identity holds over every kind (ADR 087).
        expect((await measureCurrency(rt.deps, "dollar")).identityDifference).toBe(0);

        // Replaying any prefix with the same keys: the same answers, marked as replays, and no balance moves.
        const prefix = replaySeed % (steps.length + 1);
        for (const [index, s] of steps.slice(0, prefix).entries()) {
          const again = await post(s, ids, `run${run}:${index}`);
          expect(again.map((r) => [r.operationId, r.status, r.moved])).toEqual(
            (answers[index] ?? []).map((r) => [r.operationId, r.status, r.moved]),
          );
          expect(again.every((r) => r.replayed)).toBe(true);
        }
        for (const [index, id] of ids.entries()) expect(await memberBalances(rt.deps, id, "dollar")).toEqual(model[index]);
        expect((await measureCurrency(rt.deps, "dollar")).ok).toBe(true);
      }),
      { numRuns: TEST_DB === "postgres" ? 15 : 40 },
    );
  }, 120_000);

  it("refuses a key reused for a different request, and amounts that are not positive whole numbers", async () => {
    const [a] = await freshMembers();
    const buyer = a as number;
    await postOperation(rt.deps, { key: "reuse-1", currency: "dollar", actorId: buyer, ...dollarOperations.purchase(buyer, 10) });
    await expect(
      postOperation(rt.deps, { key: "reuse-1", currency: "dollar", actorId: buyer, ...dollarOperations.purchase(buyer, 11) }),
    ).rejects.toMatchObject({
      status: 409,
    });
    for (const bad of [0, -5, 2.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])
      await expect(
        postOperation(rt.deps, { key: `bad-${bad}`, currency: "dollar", actorId: buyer, ...dollarOperations.purchase(buyer, bad) }),
      ).rejects.toMatchObject({
        status: 400,
      });
    expect((await memberBalances(rt.deps, buyer, "dollar")).wallet).toBe(10);
  });
});
