/**
 * The ledger in the back office (issue 27 item 7, ADR 087) against the real API: backend accounts only; a member's
 * ledger read-only; grants, debit corrections, freezes and defrosts only as new operations with a reason, each under
 * an idempotency key (a retry answers the first result and writes no second audit row), never below zero; and the
 * daily reconciliation, green on a sound ledger and red with an error log line and a mail to staff when a cached
 * balance was changed behind the ledger's back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import type { LedgerOfficeMember, ReconciliationReportList, StaffLedgerDone } from "#server/contract/ledger-office";
import { ledgerOfficeOps } from "#server/contract/operations/ledger-office";
import { USER_TYPE } from "#server/contract/users";
import { dollarOperations, postOperation } from "#server/modules/ledger/index";
import { scheduleLedgerReconciliation } from "#server/modules/ledger-office/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Answer<T = unknown> {
  data: T;
  errors?: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}

const key = () => randomUUID().replaceAll("-", "");

describe(`ledger office (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let backend: { id: number; token: string; username: string };
  let team: { id: number; token: string };
  let member: { id: number; token: string; username: string };
  let other: { id: number; token: string; username: string };

  beforeAll(async () => {
    rt = await createTestRuntime();
    backend = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
    team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
    member = await signIn(rt, await createUser(rt, { userType: USER_TYPE.client }));
    other = await signIn(rt, await createUser(rt, { userType: USER_TYPE.escort }));
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  function call<T>(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, token, method, path, body);
  }
  const ledgerOf = (token: string, who: string, page = 1) =>
    call<LedgerOfficeMember>(token, "GET", `${ledgerOfficeOps.member.path}?member=${encodeURIComponent(who)}&page=${page}`);
  const act = (token: string, body: Record<string, unknown>) => call<StaffLedgerDone>(token, "POST", ledgerOfficeOps.act.path, body);
  const wallet = (answer: StaffLedgerDone, purpose = "wallet") =>
    answer.accounts.find((a) => a.currency === "dollar" && a.purpose === purpose)?.balance ?? 0;
  const auditRows = (subjectId: number) =>
    rt.deps.db.selectFrom("audit_log").selectAll().where("subject_type", "=", "user").where("subject_id", "=", String(subjectId)).execute();

  it("answers 403 to team accounts and members (another member's ledger included) and 401 to guests; backend gets 200", async () => {
    const body = { member: other.username, action: "grant", amount: 5, reason: "Kulanz für Ausfall", key: key() };
    for (const token of [team.token, member.token]) {
      expect((await ledgerOf(token, other.username)).status).toBe(403);
      expect((await ledgerOf(token, String(other.id))).status).toBe(403);
      expect((await act(token, body)).status).toBe(403);
      expect((await call(token, "GET", ledgerOfficeOps.reports.path)).status).toBe(403);
      expect((await call(token, "POST", ledgerOfficeOps.reconcile.path)).status).toBe(403);
    }
    expect((await call(undefined, "GET", `${ledgerOfficeOps.member.path}?member=${other.username}`)).status).toBe(401);
    expect((await call(undefined, "POST", ledgerOfficeOps.act.path, body)).status).toBe(401);
    expect((await ledgerOf(backend.token, other.username)).status).toBe(200);
    // Nothing moved for the refused callers.
    expect((await ledgerOf(backend.token, other.username)).json.data.operations).toHaveLength(0);
  });

  it("grants once per key, freezes and defrosts, corrects a grant, and never goes below zero; each action audited once", async () => {
    const grantKey = key();
    const grant = { member: member.username, action: "grant", amount: 50, reason: "Ausgleich Störung", key: grantKey };
    const first = await act(backend.token, grant);
    expect(first.status).toBe(200);
    expect(first.json.data.operation).toMatchObject({ kind: "GRANT", status: "succeeded", moved: 50, replayed: false });
    expect(wallet(first.json.data)).toBe(50);
    // The same form sent again (a double click, a reload): the first answer, nothing moved twice.
    const again = await act(backend.token, grant);
    expect(again.json.data.operation).toMatchObject({ operationId: first.json.data.operation.operationId, replayed: true });
    expect(wallet(again.json.data)).toBe(50);
    // The key reused for another request is refused.
    expect((await act(backend.token, { ...grant, amount: 51 })).status).toBe(409);

    const frozen = await act(backend.token, {
      member: member.username,
      action: "freeze",
      amount: 20,
      reason: "Betrugsverdacht",
      key: key(),
    });
    expect(frozen.json.data.operation.kind).toBe("FREEZE");
    expect(wallet(frozen.json.data)).toBe(30);
    expect(wallet(frozen.json.data, "frozen")).toBe(20);
    const tooMuch = await act(backend.token, {
      member: member.username,
      action: "freeze",
      amount: 31,
      reason: "Betrugsverdacht",
      key: key(),
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.errors?.[0]).toMatchObject({ key: "exception.ledger_office.insufficient", source: "amount", params: { held: 30 } });
    const defrost = await act(backend.token, { member: String(member.id), action: "defrost", amount: 20, reason: "Geklärt", key: key() });
    expect(defrost.json.data.operation.kind).toBe("DEFROST");
    expect(wallet(defrost.json.data)).toBe(50);
    expect(wallet(defrost.json.data, "frozen")).toBe(0);
    const debit = await act(backend.token, {
      member: member.username,
      action: "debit",
      amount: 10,
      reason: "Doppelte Gutschrift",
      key: key(),
    });
    expect(debit.json.data.operation.kind).toBe("CORRECTION");
    expect(wallet(debit.json.data)).toBe(40);
    expect((await act(backend.token, { member: member.username, action: "debit", amount: 41, reason: "Zu viel", key: key() })).status).toBe(
      409,
    );

    const audit = await auditRows(member.id);
    expect(audit.map((row) => row.action)).toEqual(["ledger.grant", "ledger.freeze", "ledger.defrost", "ledger.debit"]);
    expect(audit[0]).toMatchObject({ actor_id: backend.id, reason: "Ausgleich Störung" });
    expect(JSON.parse(audit[0]!.before_json ?? "{}")).toEqual({});
    expect(JSON.parse(audit[0]!.after_json ?? "{}")).toMatchObject({ wallet: 50, amount: 50 });

    // The member's ledger, read-only: accounts and the four operations with their transfers, newest first.
    const ledger = (await ledgerOf(backend.token, member.username.toUpperCase())).json.data;
    expect(ledger.member.id).toBe(member.id);
    expect(ledger.total).toBe(4);
    expect(ledger.operations.map((o) => o.kind)).toEqual(["CORRECTION", "DEFROST", "FREEZE", "GRANT"]);
    expect(ledger.operations[3]!.transfers).toEqual([
      expect.objectContaining({
        amount: 50,
        from: { purpose: "grants", userId: null, username: null },
        to: expect.objectContaining({ purpose: "wallet", userId: member.id }),
      }),
    ]);
    expect(ledger.operations[3]).toMatchObject({ actorId: backend.id, actorName: backend.username });
  });

  it("refuses bad amounts, short reasons, bad keys, unknown members and the staff member's own account at their fields", async () => {
    const base = { member: other.username, action: "grant", amount: 5, reason: "Ein Grund", key: key() };
    for (const amount of [-5, 0, 2.5, "5", 100_001]) {
      const answer = await act(backend.token, { ...base, amount, key: key() });
      expect(answer.status).toBe(400);
      expect(answer.json.errors?.[0]?.source).toBe("amount");
    }
    expect((await act(backend.token, { ...base, reason: "kurz" })).json.errors?.[0]?.source).toBe("reason");
    expect((await act(backend.token, { ...base, key: "short" })).json.errors?.[0]?.source).toBe("key");
    expect((await act(backend.token, { ...base, action: "steal" })).json.errors?.[0]?.source).toBe("action");
    const unknown = await act(backend.token, { ...base, member: "nobody_here_at_all" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors?.[0]).toMatchObject({ key: "exception.ledger_office.member_not_found", source: "member" });
    expect((await ledgerOf(backend.token, "nobody_here_at_all")).status).toBe(404);
    expect((await act(backend.token, { ...base, member: backend.username })).status).toBe(409);
    expect((await ledgerOf(backend.token, other.username)).json.data.total).toBe(0);
  });

  it("pages a long ledger", async () => {
    for (let i = 0; i < 23; i += 1)
      await postOperation(rt.deps, {
        key: `page-${other.id}-${i}`,
        currency: "dollar",
        actorId: null,
        ...dollarOperations.grant(other.id, 1, "REWARD"),
      });
    const first = (await ledgerOf(backend.token, other.username)).json.data;
    const second = (await ledgerOf(backend.token, other.username, 2)).json.data;
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(first.operations).toHaveLength(20);
    expect(second.operations).toHaveLength(3);
    expect(new Set([...first.operations, ...second.operations].map((o) => o.id)).size).toBe(23);
  });

  it("reconciles green, and the daily job sees a cached balance changed behind the ledger's back: a red report, an error line, a mail", async () => {
    // A chargeback with a loss and a payout, so the identity has every term.
    await postOperation(rt.deps, { key: key(), currency: "dollar", actorId: other.id, ...dollarOperations.purchase(other.id, 100) });
    await postOperation(rt.deps, { key: key(), currency: "dollar", actorId: other.id, ...dollarOperations.spend(other.id, 30, "RISE_UP") });
    await postOperation(rt.deps, { key: key(), currency: "dollar", actorId: other.id, ...dollarOperations.payoutRequest(other.id, 10) });
    await postOperation(rt.deps, { key: key(), currency: "dollar", actorId: null, ...dollarOperations.payoutSucceeded(other.id, 10) });
    const reclaim = await postOperation(rt.deps, {
      key: key(),
      currency: "dollar",
      actorId: null,
      ...dollarOperations.reclaim(other.id, 100),
    });
    await postOperation(rt.deps, {
      key: key(),
      currency: "dollar",
      actorId: null,
      ...dollarOperations.chargebackLoss(100 - reclaim.moved),
    });

    const green = await call<ReconciliationReportList>(backend.token, "POST", ledgerOfficeOps.reconcile.path);
    expect(green.status).toBe(200);
    const [dollar, euro] = ["dollar", "euro"].map((c) => green.json.data.items.find((r) => r.currency === c)!);
    expect(dollar).toMatchObject({ ok: true, trigger: "staff", imbalance: 0, negative: 0, mismatched: 0, identityDifference: 0 });
    expect(dollar!.identity).toMatchObject({ sold: 100, consumed: 30, paidOut: 10, reclaimed: 100, loss: 100 - reclaim.moved });
    expect(dollar!.liabilities).toBe(dollar!.identity!.granted + 100 - 30 - 10 - 100 + (100 - reclaim.moved));
    expect(euro).toMatchObject({ ok: true, liabilities: null, identity: null });
    expect((await rt.deps.db.selectFrom("audit_log").select("id").where("action", "=", "ledger.reconcile").execute()).length).toBe(1);

    // Break the ledger on purpose: a cached balance changed without a transfer.
    const account = await rt.deps.db
      .selectFrom("ledger_accounts")
      .select("id")
      .where("user_id", "=", member.id)
      .where("purpose", "=", "wallet")
      .where("currency", "=", "dollar")
      .executeTakeFirstOrThrow();
    await rt.deps.db
      .updateTable("ledger_accounts")
      .set((eb) => ({ balance: eb("balance", "+", 7) }))
      .where("id", "=", account.id)
      .execute();
    const errorLog = vi.spyOn(rt.deps.log, "error").mockImplementation(() => undefined);
    await scheduleLedgerReconciliation(rt.deps);
    rt.clock.advance(24 * 60 * 60 * 1000);
    await rt.jobs.runDue();
    expect(errorLog).toHaveBeenCalledWith(
      expect.objectContaining({ reports: expect.any(Array) }),
      "ledger reconciliation found a difference",
    );
    errorLog.mockRestore();

    // A day later the staff token has expired: sign in again.
    const staff = await signIn(rt, { username: backend.username, password: "correct-horse-1" });
    const reports = (await call<ReconciliationReportList>(staff.token, "GET", ledgerOfficeOps.reports.path)).json.data.items;
    const red = reports.find((r) => r.currency === "dollar" && r.trigger === "job")!;
    expect(red).toMatchObject({ ok: false, mismatched: 1, imbalance: 7, identityDifference: 7 });
    expect(reports.find((r) => r.currency === "euro" && r.trigger === "job")?.ok).toBe(true);
    const mails = await rt.deps.db.selectFrom("mail_outbox").selectAll().where("template", "=", "ledger_reconciliation_alert").execute();
    expect(mails.map((m) => m.recipient)).toContain(`${backend.username}@example.test`);
    expect(mails.every((m) => m.text_body.includes("/backoffice/ledger/reconciliation"))).toBe(true);
    // The job queued the next day's run.
    const next = await rt.deps.db.selectFrom("jobs").select(["job_key", "state"]).where("kind", "=", "ledger.reconcile").execute();
    expect(next.filter((j) => j.state === "queued")).toHaveLength(1);
  });
});
