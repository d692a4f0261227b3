/**
 * Earnings and payouts (issue 27 items 5–7, ADR 086) through the real API on both databases: the secure code and its
 * lock, the bank account and its block after an IBAN change, the payout's minimum, its ongoing limit (also under 20
 * requests at once), retries by key, another member's payout, the release of earnings after probation with the test
 * clock, and the back office: approval into a pain.001 file, sent, returned — by hand, and from an imported camt
 * statement (ADR 091: matched by end-to-end id or batch and amount, booked once however often it is imported).
 */
import { randomUUID } from "node:crypto";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import type {
  PayoutBankAccount,
  PayoutBatchSent,
  PayoutBatchSummary,
  PayoutItem,
  PayoutList,
  PayoutOverview,
  PayoutQueue,
  PayoutRequestAnswer,
} from "#server/contract/payouts";
import type { BankImportDone } from "#server/contract/accounting";
import { accountingOps } from "#server/contract/operations/accounting";
import { USER_TYPE } from "#server/contract/users";
import { EARNINGS_PROBATION_DAYS, PAYOUT_STATUSES } from "#server/contract/wallet";
import { dollarOperations, postOperation, reconcileLedger, systemBalance } from "#server/modules/ledger/index";
import { releaseDueEarnings, scheduleEarningRelease } from "#server/modules/payouts/index";
import { assignBankLine, importBankStatement, unmatchedBankLines } from "#server/modules/bank/index";
import { dollarBalances, spendDollars } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { freshIp } from "../../helpers/auth";
import { completeKyc } from "../../helpers/kyc";
import { burst } from "../../helpers/burst";
import { newestMailText } from "../../helpers/mail";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { camt053v8, camt054v8TransferReturns, transferReturnEntry } from "../../server/bank/camt-samples";

type Answer<T> = { data: T; errors?: Array<{ key: string; source?: string; params?: Record<string, number> }> };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const IBAN = "DE89370400440532013000";
const OTHER_IBAN = "DE02120300000000202051";
const CODE = "481516";

describe(`payouts (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let backend: { id: number; username: string; password: string };
  beforeAll(async () => {
    rt = await createTestRuntime();
    backend = await createUser(rt, { userType: USER_TYPE.backend });
  }, 60_000);
  afterAll(() => rt.close());

  const call = <T>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);

  /** Dollars the platform gives (a grant posted through the ledger, as staff grants are). */
  const grant = (userId: number, amount: number) =>
    postOperation(rt.deps, {
      key: `test-grant:${randomUUID()}`,
      kind: "GRANT",
      currency: "dollar",
      actorId: null,
      transfers: dollarOperations.grant(userId, amount).transfers,
    });

  /** A signed-in escort with a secure code and an IBAN whose block has passed, holding `dollars` available. */
  async function readyEscort(dollars = 500) {
    const user = await signIn(rt, await createUser(rt, { userType: USER_TYPE.escort }), freshIp());
    // KYC for payouts (ADR 109) is tested in tests/api/kyc: here it is done.
    await completeKyc(rt, user.id);
    expect((await call(user.token, "POST", "/payouts/secure-code", { code: CODE, code_confirm: CODE })).status).toBe(200);
    const saved = await call<PayoutBankAccount>(user.token, "PUT", "/payouts/bank-account", {
      iban: "de89 3704 0044 0532 0130 00",
      holder: "Anna  Müller",
      bic: "",
      secure_code: CODE,
    });
    expect(saved.status).toBe(200);
    rt.clock.advance(48 * HOUR + 1);
    if (dollars > 0) await grant(user.id, dollars);
    return again(user);
  }

  /** Signs in again after the test clock moved past the access token's life. */
  const again = <U extends { username: string; password: string }>(user: U) => signIn(rt, user, freshIp());

  const payout = (token: string, amount: number, key: string = randomUUID(), code = CODE) =>
    call<PayoutRequestAnswer>(token, "POST", "/payouts", { amount, secure_code: code, key });

  it("pays out at least 100 dollars, only to escorts and businesses, and answers a retry with the first payout", async () => {
    const escort = await readyEscort(300);
    const below = await payout(escort.token, 99);
    expect(below.status).toBe(400);
    expect(below.json.errors?.[0]).toMatchObject({ key: "validation.payouts.below_minimum", source: "amount" });
    const tooMuch = await payout(escort.token, 301);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.errors?.[0]).toMatchObject({ key: "exception.payouts.insufficient", source: "amount" });

    const key = randomUUID();
    const first = await payout(escort.token, 120, key);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ replayed: false, payout: { amount: 120, amount_cents: 1200, status: 0, approved: false } });
    const again = await payout(escort.token, 120, key);
    expect(again.json.data).toMatchObject({ replayed: true, payout: { id: first.json.data.payout.id } });
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 180, in_payout: 120 });
    const list = await call<PayoutList>(escort.token, "GET", "/payouts");
    expect(list.json.data.items.map((p) => p.id)).toEqual([first.json.data.payout.id]);

    const client = await signIn(rt, await createUser(rt, { userType: USER_TYPE.client }), freshIp());
    await grant(client.id, 500);
    expect((await call(client.token, "POST", "/payouts/secure-code", { code: CODE, code_confirm: CODE })).status).toBe(403);
    const refused = await payout(client.token, 200);
    expect(refused.status).toBe(403);
    expect(refused.json.errors?.[0]?.key).toBe("exception.payouts.not_earner");
    expect(await dollarBalances(rt.deps, client.id)).toMatchObject({ available: 500, in_payout: 0 });
  });

  it("refuses a fourth ongoing payout, and 20 requests at once create exactly three", async () => {
    const escort = await readyEscort(1000);
    for (let i = 0; i < 3; i += 1) expect((await payout(escort.token, 100)).status).toBe(200);
    const fourth = await payout(escort.token, 100);
    expect(fourth.status).toBe(409);
    expect(fourth.json.errors?.[0]?.key).toBe("exception.payouts.too_many_ongoing");

    const parallel = await readyEscort(5000);
    const count = async () =>
      Number(
        (
          await rt.deps.db
            .selectFrom("payouts")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("user_id", "=", parallel.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await burst(() => payout(parallel.token, 100), count)).toEqual({ created: 3, statuses: { 200: 3, 409: 17 } });
    expect(await dollarBalances(rt.deps, parallel.id)).toMatchObject({ available: 4700, in_payout: 300 });
  });

  it("blocks payouts for 48 hours after a new or changed IBAN, and checks the account's fields", async () => {
    let escort = await readyEscort(400);
    const invalid = await call(escort.token, "PUT", "/payouts/bank-account", {
      iban: "DE89370400440532013001",
      holder: "",
      bic: "XYZ",
      secure_code: CODE,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors?.map((e) => [e.source, e.key])).toEqual([
      ["iban", "validation.bank.iban_checksum"],
      ["holder", "validation.bank.holder_required"],
      ["bic", "validation.bank.bic_format"],
    ]);
    const changed = await call<PayoutBankAccount>(escort.token, "PUT", "/payouts/bank-account", {
      iban: OTHER_IBAN,
      holder: "Anna Müller",
      bic: "",
      secure_code: CODE,
    });
    expect(changed.json.data).toMatchObject({ iban_masked: "DE02 •••• 2051", holder: "Anna Müller" });
    const blocked = await payout(escort.token, 100);
    expect(blocked.status).toBe(409);
    expect(blocked.json.errors?.[0]?.key).toBe("exception.payouts.iban_blocked");
    const overview = await call<PayoutOverview>(escort.token, "GET", "/payouts/overview");
    expect(overview.json.data).toMatchObject({ can_request: false, bank_account: { blocked_until: changed.json.data.blocked_until } });
    // The holder's name alone may change without a new block.
    rt.clock.advance(47 * HOUR);
    escort = await again(escort);
    expect((await payout(escort.token, 100)).status).toBe(409);
    rt.clock.advance(HOUR + 1);
    escort = await again(escort);
    await call(escort.token, "PUT", "/payouts/bank-account", { iban: OTHER_IBAN, holder: "Anna Maria Müller", bic: "", secure_code: CODE });
    const paid = await payout(escort.token, 100);
    expect(paid.status).toBe(200);
    const row = await rt.deps.db.selectFrom("payouts").selectAll().where("id", "=", paid.json.data.payout.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ iban: OTHER_IBAN, holder: "Anna Maria Müller" });
  });

  it("locks the secure code after five wrong tries until the e-mailed reset", async () => {
    let other = await readyEscort(0);
    const escort = await readyEscort(400);
    other = await again(other);
    for (let i = 1; i <= 4; i += 1) {
      const wrong = await payout(escort.token, 100, randomUUID(), "000000");
      expect(wrong.status).toBe(400);
      expect(wrong.json.errors?.[0]).toMatchObject({
        key: "validation.payouts.secure_code_wrong",
        source: "secure_code",
        params: { tries_left: 5 - i },
      });
    }
    const fifth = await payout(escort.token, 100, randomUUID(), "000000");
    expect(fifth.status).toBe(409);
    expect(fifth.json.errors?.[0]?.key).toBe("exception.payouts.secure_code_locked");
    const right = await payout(escort.token, 100);
    expect(right.json.errors?.[0]?.key).toBe("exception.payouts.secure_code_locked");
    expect((await call(escort.token, "POST", "/payouts/secure-code", { code: "111111", code_confirm: "111111" })).status).toBe(409);

    expect((await call(escort.token, "POST", "/payouts/secure-code/reset-request")).status).toBe(200);
    const text = await newestMailText(rt, escort.email, "payout_secure_code_reset");
    const token = new URL(/https?:\/\/\S+secure-code\?token=\S+/.exec(text)![0]).searchParams.get("token")!;
    // Another member cannot use the link.
    expect((await call(other.token, "POST", "/payouts/secure-code/reset", { token, code: "222222", code_confirm: "222222" })).status).toBe(
      400,
    );
    const reset = await call(escort.token, "POST", "/payouts/secure-code/reset", { token, code: "222222", code_confirm: "222222" });
    expect(reset.status).toBe(200);
    expect((await call(escort.token, "POST", "/payouts/secure-code/reset", { token, code: "333333", code_confirm: "333333" })).status).toBe(
      400,
    );
    expect((await payout(escort.token, 100)).status).toBe(400);
    expect((await payout(escort.token, 100, randomUUID(), "222222")).status).toBe(200);
  });

  it("keeps a member's payouts to that member and the back office to backend accounts", async () => {
    let escort = await readyEscort(300);
    const own = await payout(escort.token, 100);
    const other = await readyEscort(0);
    escort = await again(escort);
    expect((await call(other.token, "POST", `/payouts/${own.json.data.payout.id}/confirm`)).status).toBe(404);
    expect((await call(other.token, "GET", "/backoffice/payouts")).status).toBe(403);
    expect((await call(escort.token, "POST", "/backoffice/payouts/batches", { payout_ids: [own.json.data.payout.id] })).status).toBe(403);
    const team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }), freshIp());
    expect((await call(team.token, "GET", "/backoffice/payouts")).status).toBe(403);
    expect((await call(escort.token, "POST", `/payouts/${own.json.data.payout.id}/confirm`)).status).toBe(409);
  });

  it("releases each earning once after its probation (the job, with the test clock)", async () => {
    let escort = await readyEscort(0);
    const client = await createUser(rt, { userType: USER_TYPE.client });
    await grant(client.id, 300);
    const tip = (amount: number) =>
      spendDollars(rt.deps, {
        payer: client.id,
        key: `tip:${randomUUID()}`,
        operation: dollarOperations.tip(client.id, escort.id, amount),
        reference: `profile:${escort.id}`,
      });
    await tip(150);
    rt.clock.advance(2 * DAY);
    await tip(50);
    escort = await again(escort);
    const before = await call<PayoutOverview>(escort.token, "GET", "/payouts/overview");
    expect(before.json.data).toMatchObject({ available: 0, pending: 200, can_request: false });
    expect(before.json.data.pending_earnings.map((e) => e.amount)).toEqual([150, 50]);
    const firstFrees = before.json.data.pending_earnings[0]!.frees_at;

    rt.clock.set(firstFrees - 1);
    await releaseDueEarnings(rt.deps);
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 0, pending: 200 });
    rt.clock.set(firstFrees);
    await scheduleEarningRelease(rt.deps);
    await Promise.all([rt.jobs.runDue(), releaseDueEarnings(rt.deps)]);
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 150, pending: 50 });
    rt.clock.advance(2 * DAY);
    await releaseDueEarnings(rt.deps);
    await releaseDueEarnings(rt.deps);
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 200, pending: 0 });
    expect(firstFrees - before.json.data.pending_earnings[0]!.earned_at).toBe(EARNINGS_PROBATION_DAYS * DAY);
    escort = await again(escort);
    expect((await payout(escort.token, 200)).status).toBe(200);
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });

  it("approves payouts into a valid pain.001 file, marks it sent, books a returned payout back, and the member confirms", async () => {
    const escort = await readyEscort(600);
    const a = (await payout(escort.token, 100)).json.data.payout;
    const b = (await payout(escort.token, 250)).json.data.payout;
    const staff = await again(backend);
    const queue = await call<PayoutQueue>(staff.token, "GET", "/backoffice/payouts");
    expect(queue.json.data.waiting.map((p) => p.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    const approved = await call<PayoutBatchSummary>(staff.token, "POST", "/backoffice/payouts/batches", { payout_ids: [a.id, b.id] });
    expect(approved.status).toBe(200);
    expect(approved.json.data).toMatchObject({ transactions: 2, control_sum_cents: 3500, sent: false });
    expect((await call(staff.token, "POST", "/backoffice/payouts/batches", { payout_ids: [a.id] })).status).toBe(409);

    const file = await rt.request(`/api/v2/backoffice/payouts/batches/${approved.json.data.id}/file`, { token: staff.token });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain(`${approved.json.data.message_id}.xml`);
    const xml = await file.text();
    expect((await validateXML({ xml: { fileName: "p.xml", contents: xml }, normalization: "format" })).valid).toBe(true);
    const root = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(xml).Document.CstmrCdtTrfInitn;
    expect(root.GrpHdr).toMatchObject({ MsgId: approved.json.data.message_id, NbOfTxs: 2, CtrlSum: 35 });
    const lines = root.PmtInf.CdtTrfTxInf as Array<{
      Cdtr: { Nm: string };
      CdtrAcct: { Id: { IBAN: string } };
      Amt: { InstdAmt: { "#text": number } };
    }>;
    expect(lines.map((l) => [l.Cdtr.Nm, l.CdtrAcct.Id.IBAN, l.Amt.InstdAmt["#text"]])).toEqual([
      ["Anna Mueller", IBAN, 10],
      ["Anna Mueller", IBAN, 25],
    ]);
    expect((await rt.request(`/api/v2/backoffice/payouts/batches/${approved.json.data.id}/file`, { token: escort.token })).status).toBe(
      403,
    );

    const paidOutBefore = await systemBalance(rt.deps, "paid_out", "dollar");
    const sent = await call<PayoutBatchSent>(staff.token, "POST", `/backoffice/payouts/batches/${approved.json.data.id}/sent`);
    expect(sent.json.data).toMatchObject({ succeeded: 2, batch: { sent: true } });
    expect((await call(staff.token, "POST", `/backoffice/payouts/batches/${approved.json.data.id}/sent`)).status).toBe(409);
    expect((await systemBalance(rt.deps, "paid_out", "dollar")) - paidOutBefore).toBe(350);
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 250, in_payout: 0 });

    const returned = await call<PayoutItem>(staff.token, "POST", `/backoffice/payouts/${b.id}/returned`, { reason: "AC04 account closed" });
    expect(returned.json.data).toMatchObject({ status: PAYOUT_STATUSES.failed, outcome: "failed" });
    expect((await call(staff.token, "POST", `/backoffice/payouts/${b.id}/returned`, { reason: "again" })).status).toBe(409);
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 500 });
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_type", "=", "payout")
      .where("subject_id", "=", String(b.id))
      .execute();
    expect(audit.map((r) => r.action)).toEqual(["payout.approve", "payout.sent", "payout.returned"]);

    const waiting = (await payout(escort.token, 100)).json.data.payout;
    const rejected = await call<PayoutItem>(staff.token, "POST", `/backoffice/payouts/${waiting.id}/rejected`, {
      reason: "holder mismatch",
    });
    expect(rejected.json.data.status).toBe(PAYOUT_STATUSES.failed);
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 500, in_payout: 0 });

    const seen = await call<PayoutItem>(escort.token, "POST", `/payouts/${a.id}/confirm`);
    expect(seen.json.data).toMatchObject({ status: PAYOUT_STATUSES.confirmed, outcome: "succeeded" });
    const seenFailed = await call<PayoutItem>(escort.token, "POST", `/payouts/${b.id}/confirm`);
    expect(seenFailed.json.data).toMatchObject({ status: PAYOUT_STATUSES.confirmed, outcome: "failed" });
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });

  /** Payouts approved into one file (its summary and the payouts' end-to-end ids), marked sent when `sent`. */
  async function approvedBatch(staffToken: string, payoutIds: number[], sent: boolean) {
    const batch = (await call<PayoutBatchSummary>(staffToken, "POST", "/backoffice/payouts/batches", { payout_ids: payoutIds })).json.data;
    if (sent) expect((await call(staffToken, "POST", `/backoffice/payouts/batches/${batch.id}/sent`)).status).toBe(200);
    const rows = await rt.deps.db.selectFrom("payouts").select(["id", "end_to_end_id"]).where("batch_id", "=", batch.id).execute();
    const endToEnd = Object.fromEntries(rows.map((r) => [r.id, r.end_to_end_id])) as Record<number, string>;
    return { batch, endToEnd };
  }

  /** The back office's statement import, as its page posts it. */
  const importStatement = (token: string, xml: string) =>
    callJson<Answer<BankImportDone>>(rt, token, "POST", accountingOps.importStatement.path, { xml });

  const payoutRow = (id: number) => rt.deps.db.selectFrom("payouts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("books payouts a camt statement brings back, once however often it is imported; what it cannot match stays for staff", async () => {
    const escort = await readyEscort(700);
    const a = (await payout(escort.token, 100)).json.data.payout;
    const b = (await payout(escort.token, 250)).json.data.payout;
    const c = (await payout(escort.token, 150)).json.data.payout;
    const staff = await again(backend);
    const sentFile = await approvedBatch(staff.token, [a.id, b.id], true);
    // c's file went to the bank but nobody marked it sent yet: its dollars are still in transit.
    const openFile = await approvedBatch(staff.token, [c.id], false);
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 200, in_payout: 150 });
    const paidOutBefore = await systemBalance(rt.deps, "paid_out", "dollar");
    const stamp = randomUUID().slice(0, 8);

    const statement = camt054v8TransferReturns(`NTF-RET-${stamp}`, [
      // b by its end-to-end id (the bank's return code AC04: account closed).
      { ref: `RET-B-${stamp}`, amount: "25.00", endToEndId: sentFile.endToEnd[b.id]!, reason: "AC04" },
      // c without an end-to-end id, by its file's message id and the amount.
      { ref: `RET-C-${stamp}`, amount: "15.00", endToEndId: "NOTPROVIDED", messageId: openFile.batch.message_id, reason: "MD07" },
      // a with another amount than was sent: not booked by itself.
      { ref: `RET-A-${stamp}`, amount: "9.00", endToEndId: sentFile.endToEnd[a.id]!, reason: "AC04" },
      // No payout of ours.
      { ref: `RET-X-${stamp}`, amount: "12.00", endToEndId: "VLRPO0000000000000000", reason: "AC01" },
    ]);
    const first = await importStatement(staff.token, statement);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ payouts_returned: 2, unmatched: 2, matched: 0, returned: 0, duplicates: 0 });

    expect(await payoutRow(b.id)).toMatchObject({ status: PAYOUT_STATUSES.failed, outcome: "failed" });
    expect(await payoutRow(c.id)).toMatchObject({ status: PAYOUT_STATUSES.failed, outcome: "failed" });
    expect(await payoutRow(a.id)).toMatchObject({ status: PAYOUT_STATUSES.succeeded, outcome: "succeeded" });
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 600, in_payout: 0 });
    expect(paidOutBefore - (await systemBalance(rt.deps, "paid_out", "dollar"))).toBe(250);
    expect(await newestMailText(rt, escort.email, "payout_failed")).toMatch(/150 Dollar/);
    const unmatched = (await unmatchedBankLines(rt.deps, 1)).map((line) => line.bank_reference);
    expect(unmatched).toEqual(expect.arrayContaining([`RET-A-${stamp}`, `RET-X-${stamp}`]));
    expect(unmatched).not.toContain(`RET-B-${stamp}`);
    // A returned transfer is no payment: the manual list never assigns it to an order.
    const strayId = (
      await rt.deps.db.selectFrom("bank_lines").select("id").where("bank_reference", "=", `RET-X-${stamp}`).executeTakeFirstOrThrow()
    ).id;
    await expect(assignBankLine(rt.deps, strayId, "any-order", staff.id)).rejects.toMatchObject({ status: 404 });
    const returns = await rt.deps.db.selectFrom("payout_returns").selectAll().where("payout_id", "in", [b.id, c.id]).execute();
    expect(returns.map((r) => [r.payout_id, Number(r.amount_cents), r.return_reason]).sort()).toEqual(
      [
        [b.id, 2500, "AC04"],
        [c.id, 1500, "MD07"],
      ].sort(),
    );
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .select(["action", "actor_id", "reason"])
      .where("subject_type", "=", "payout")
      .where("subject_id", "=", String(b.id))
      .execute();
    expect(audit.map((r) => r.action)).toEqual(["payout.approve", "payout.sent", "payout.returned"]);
    expect(audit[2]).toMatchObject({ actor_id: staff.id, reason: `camt AC04 RET-B-${stamp}` });

    // The same file again books nothing; the same return reported again under another bank reference (the day's
    // camt.053 after the morning's camt.054) finds the payout failed and goes to the manual list.
    const second = await importStatement(staff.token, statement);
    expect(second.json.data).toMatchObject({ payouts_returned: 0, unmatched: 0, duplicates: 4 });
    const dayStatement = camt053v8(
      `STMT-RET-${stamp}`,
      [],
      transferReturnEntry({ ref: `RET-B2-${stamp}`, amount: "25.00", endToEndId: sentFile.endToEnd[b.id]!, reason: "AC04" }),
    );
    expect((await importBankStatement(rt.deps, dayStatement, staff.id)).payouts_returned).toBe(0);
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 600, in_payout: 0 });
    // Booked by the statement, the manual booking of the same return is refused.
    expect((await call(staff.token, "POST", `/backoffice/payouts/${b.id}/returned`, { reason: "again" })).status).toBe(409);
    // c's file marked sent afterwards pays nothing for the returned payout.
    const late = await call<PayoutBatchSent>(staff.token, "POST", `/backoffice/payouts/batches/${openFile.batch.id}/sent`);
    expect(late.json.data.succeeded).toBe(0);
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 600, in_payout: 0 });
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });

  it("books a payout once when two statements naming it are imported at the same moment", async () => {
    const escort = await readyEscort(300);
    const p = (await payout(escort.token, 200)).json.data.payout;
    const staff = await again(backend);
    const { endToEnd } = await approvedBatch(staff.token, [p.id], true);
    const stamp = randomUUID().slice(0, 8);
    const files = [1, 2].map((n) =>
      camt054v8TransferReturns(`NTF-PAR-${n}-${stamp}`, [
        { ref: `PAR-${n}-${stamp}`, amount: "20.00", endToEndId: endToEnd[p.id]!, reason: "AC04" },
      ]),
    );
    const results = await Promise.all(files.map((xml) => importBankStatement(rt.deps, xml, staff.id)));
    expect(results.map((r) => r.payouts_returned).sort()).toEqual([0, 1]);
    expect(await dollarBalances(rt.deps, escort.id)).toMatchObject({ available: 300, in_payout: 0 });
    const returns = await rt.deps.db.selectFrom("payout_returns").select("payout_id").where("payout_id", "=", p.id).execute();
    expect(returns).toHaveLength(1);
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  });
});
