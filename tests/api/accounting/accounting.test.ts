/**
 * The back office for money (issue 26 item 7, ADR 080) against the real API: backend accounts only (team, members
 * and guests are refused on every operation), lists with filters, refunds that need a reason and stay within what
 * was paid, the promo code editor's rules and its audit rows, revenue net of refunds, and an audit trail that the
 * database itself keeps append-only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AccountingInvoiceList,
  AccountingOrderDetail,
  AccountingOrderList,
  AccountingPaymentList,
  PromoCode,
  PromoCodeList,
  Revenue,
} from "#server/contract/accounting";
import { accountingDayStart } from "#server/contract/accounting";
import { accountingOps } from "#server/contract/operations/accounting";
import { USER_TYPE } from "#server/contract/users";
import { sql } from "kysely";
import { buildTransferFile, importBankStatement } from "#server/modules/bank/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { camt053, insertInvoice, insertOrder, insertTransaction } from "./helpers";

interface Answer<T = unknown> {
  data: T;
  errors?: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}

describe(`back office for money (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let backend: { id: number; token: string };
  let team: { id: number; token: string };
  let member: { id: number; token: string; username: string };

  beforeAll(async () => {
    rt = await createTestRuntime();
    backend = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
    team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
    member = await signIn(rt, await createUser(rt, { userType: USER_TYPE.client }));
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  function call<T>(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, token, method, path, body);
  }

  const promoBody = (overrides: Record<string, unknown> = {}) => ({
    code: `SPRING${Math.floor(Math.random() * 1e6)}`,
    kind: "percent",
    value: 20,
    goods: "membership",
    valid_from: null,
    valid_until: null,
    max_redemptions: 100,
    max_per_member: 1,
    ...overrides,
  });

  async function auditRows(subjectType: string, subjectId: string) {
    return rt.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject_type", "=", subjectType)
      .where("subject_id", "=", subjectId)
      .orderBy("id")
      .execute();
  }

  it("answers 403 to team accounts (role_forbidden) and members (staff_only) and 401 to guests on every operation; backend gets 200", async () => {
    const order = await insertOrder(rt, member.id);
    const promo = await call<PromoCode>(backend.token, "POST", accountingOps.createPromo.path, promoBody());
    expect(promo.status).toBe(201);
    const id = (path: string) => path.replace(":id", String(path.includes("promo") ? promo.json.data.id : order.id));
    const bodies: Record<string, unknown> = {
      refund: { amount_cents: 100, reason: "Kulanz" },
      importStatement: { xml: "<Document/>" },
      assign: { order_ref: order.publicId },
      buildBankFile: { kind: "transfers" },
      createPromo: promoBody(),
      updatePromo: promoBody(),
      setPromoActive: { active: false },
    };
    for (const [name, op] of Object.entries(accountingOps)) {
      const path = id(op.path);
      for (const [who, key] of [
        [team, "exception.backoffice.role_forbidden"],
        [member, "exception.backoffice.staff_only"],
      ] as const) {
        const answer = await call<unknown>(who.token, op.method.toUpperCase(), path, bodies[name]);
        expect(answer.status, `${name} as user ${who.id}`).toBe(403);
        expect(JSON.stringify(answer.json), `${name} as user ${who.id}`).toContain(key);
      }
      expect((await call(undefined, op.method.toUpperCase(), path, bodies[name])).status, `${name} as a guest`).toBe(401);
    }
    // Nothing the refused calls asked for happened.
    expect(await auditRows("order", String(order.id))).toHaveLength(0);
    expect((await call<PromoCode>(backend.token, "GET", id(accountingOps.promoCode.path))).json.data.active).toBe(true);
    // Backend reads every list and the order (the bank's actions: their own test below).
    for (const op of [
      accountingOps.orders,
      accountingOps.order,
      accountingOps.payments,
      accountingOps.invoices,
      accountingOps.unmatched,
      accountingOps.listed,
      accountingOps.promoCodes,
      accountingOps.promoCode,
      accountingOps.revenue,
    ]) {
      expect((await call(backend.token, "GET", id(op.path))).status, op.path).toBe(200);
    }
  });

  it("a banned backend account is refused like a stranger", async () => {
    const banned = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
    await rt.deps.db.updateTable("users").set({ status: "banned" }).where("id", "=", banned.id).execute();
    const answer = await call(banned.token, "GET", accountingOps.orders.path);
    expect([401, 404]).toContain(answer.status);
  });

  it("lists orders by status, member and day, and pages them", async () => {
    const buyer = await createUser(rt, { userType: USER_TYPE.client });
    const day = accountingDayStart("2026-11-10") + 10 * 3_600_000;
    const paid = await insertOrder(rt, buyer.id, { createdAt: day });
    const failed = await insertOrder(rt, buyer.id, { status: "failed", createdAt: day + 86_400_000 });
    const list = (query: string) => call<AccountingOrderList>(backend.token, "GET", `${accountingOps.orders.path}?${query}`);

    const byMember = await list(`member=${buyer.username}`);
    expect(byMember.status).toBe(200);
    expect(byMember.json.data.items.map((o) => o.id)).toEqual([failed.id, paid.id]);
    expect(byMember.json.data.items[0]!.username).toBe(buyer.username);
    expect((await list(`member=${buyer.id}&status=failed`)).json.data.items.map((o) => o.id)).toEqual([failed.id]);
    expect((await list(`member=${buyer.username}&from=2026-11-10&to=2026-11-10`)).json.data.items.map((o) => o.id)).toEqual([paid.id]);
    expect((await list(`member=${buyer.username}&method=DD`)).json.data.total).toBe(0);
    // A filter value outside the contract's lists is a field error, not a 500.
    const bad = await list("status=bogus&from=2026-02-31");
    expect(bad.status).toBe(400);
    expect(bad.json.errors!.map((e) => e.source).sort()).toEqual(["from", "status"]);
  });

  it("lists payments and invoices with their filters", async () => {
    const buyer = await createUser(rt, { userType: USER_TYPE.client });
    const order = await insertOrder(rt, buyer.id);
    await insertTransaction(rt, order.id, "success", order.gross);
    await insertTransaction(rt, order.id, "chargeback", order.gross);
    await insertInvoice(rt, order, buyer.id, { number: "2031-000001" });
    await insertInvoice(rt, order, buyer.id, { number: "2031-000002", document: "credit_note" });

    const payments = await call<AccountingPaymentList>(
      backend.token,
      "GET",
      `${accountingOps.payments.path}?order=${order.publicId}&outcome=chargeback`,
    );
    expect(payments.json.data.items.map((p) => [p.order_id, p.outcome])).toEqual([[order.id, "chargeback"]]);
    const invoices = await call<AccountingInvoiceList>(
      backend.token,
      "GET",
      `${accountingOps.invoices.path}?number=2031-&document=credit_note`,
    );
    expect(invoices.json.data.items.map((i) => i.number)).toEqual(["2031-000002"]);
    // LIKE's wildcards in the number are taken literally.
    expect((await call<AccountingInvoiceList>(backend.token, "GET", `${accountingOps.invoices.path}?number=2031_`)).json.data.total).toBe(
      0,
    );
  });

  it("shows an order with what is still refundable (paid minus credit notes)", async () => {
    const order = await insertOrder(rt, member.id, { gross: 5000 });
    await insertInvoice(rt, order, member.id);
    await insertInvoice(rt, order, member.id, { document: "credit_note", gross: 1200 });
    const detail = await call<AccountingOrderDetail>(backend.token, "GET", accountingOps.order.path.replace(":id", String(order.id)));
    expect(detail.status).toBe(200);
    expect(detail.json.data.refunded_cents).toBe(1200);
    expect(detail.json.data.refundable_cents).toBe(3800);
    expect((await call(backend.token, "GET", accountingOps.order.path.replace(":id", "999999"))).status).toBe(404);
  });

  it("refuses a refund without a reason, over the refundable amount or of an unpaid order — before anything moves", async () => {
    const order = await insertOrder(rt, member.id, { gross: 2990 });
    const refund = (body: unknown, id = order.id) =>
      call(backend.token, "POST", accountingOps.refund.path.replace(":id", String(id)), body);

    const noReason = await refund({ amount_cents: 500 });
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors!.map((e) => e.source)).toContain("reason");
    const blank = await refund({ amount_cents: 500, reason: "   " });
    expect(blank.status).toBe(400);
    expect(blank.json.errors![0]).toMatchObject({ key: "validation.required", source: "reason" });

    const tooMuch = await refund({ amount_cents: 2991, reason: "Doppelt gebucht" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.errors![0]).toMatchObject({
      key: "exception.accounting.amount_too_high",
      source: "amount_cents",
      params: { max: 2990 },
    });

    const open = await insertOrder(rt, member.id, { status: "open" });
    const unpaid = await refund({ amount_cents: 100, reason: "Doppelt gebucht" }, open.id);
    expect(unpaid.status).toBe(409);
    expect(unpaid.json.errors![0]!.key).toBe("exception.accounting.not_refundable");

    expect(await auditRows("order", String(order.id))).toHaveLength(0);
    expect(await auditRows("order", String(open.id))).toHaveLength(0);
  });

  it("refunds part, then the rest: a credit note each, one audit row each (written once, by payments), nothing more to refund", async () => {
    const order = await insertOrder(rt, member.id, { gross: 2990 });
    await insertInvoice(rt, order, member.id);
    const refund = (body: unknown) =>
      call<{ credit_note_id: number; amount_cents: number }>(
        backend.token,
        "POST",
        accountingOps.refund.path.replace(":id", String(order.id)),
        body,
      );
    const detail = async () =>
      (await call<AccountingOrderDetail>(backend.token, "GET", accountingOps.order.path.replace(":id", String(order.id)))).json.data;

    const part = await refund({ amount_cents: 1000, reason: "Kulanz nach Beschwerde" });
    expect(part.status).toBe(200);
    expect(part.json.data.amount_cents).toBe(1000);
    let now = await detail();
    expect(now.order.status).toBe("partially_refunded");
    expect(now.refunded_cents).toBe(1000);
    expect(now.refundable_cents).toBe(1990);
    expect(now.invoices.filter((i) => i.document === "credit_note").map((i) => [i.id, i.gross_cents])).toEqual([
      [part.json.data.credit_note_id, 1000],
    ]);
    expect(now.audit.map((a) => [a.action, a.actor_id, a.reason])).toEqual([["order.refund", backend.id, "Kulanz nach Beschwerde"]]);

    const rest = await refund({ amount_cents: 1990, reason: "Kündigung aus wichtigem Grund" });
    expect(rest.status).toBe(200);
    now = await detail();
    expect(now.order.status).toBe("refunded");
    expect(now.refundable_cents).toBe(0);
    expect(await auditRows("order", String(order.id))).toHaveLength(2);
    const more = await refund({ amount_cents: 1, reason: "noch einmal" });
    expect(more.status).toBe(409);
  });

  it("promo codes: created, changed, deactivated — one audit row each, with who, why, before and after", async () => {
    const created = await call<PromoCode>(
      backend.token,
      "POST",
      accountingOps.createPromo.path,
      promoBody({ code: "herbst25", value: 25 }),
    );
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ code: "HERBST25", kind: "percent", value: 25, active: true, redemptions: 0 });
    const id = created.json.data.id;
    const at = (path: string) => path.replace(":id", String(id));

    const updated = await call<PromoCode>(
      backend.token,
      "PUT",
      at(accountingOps.updatePromo.path),
      promoBody({ code: "HERBST25", kind: "fixed", value: 500 }),
    );
    expect(updated.status).toBe(200);
    expect(updated.json.data).toMatchObject({ kind: "fixed", value: 500 });
    const off = await call<PromoCode>(backend.token, "POST", at(accountingOps.setPromoActive.path), { active: false });
    expect(off.json.data.active).toBe(false);
    // Deactivating what is inactive changes nothing and writes nothing.
    await call(backend.token, "POST", at(accountingOps.setPromoActive.path), { active: false });

    const rows = await auditRows("promo_code", String(id));
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ["promo.create", backend.id],
      ["promo.update", backend.id],
      ["promo.deactivate", backend.id],
    ]);
    expect(JSON.parse(rows[1]!.before_json!)).toMatchObject({ kind: "percent", value: 25 });
    expect(JSON.parse(rows[1]!.after_json!)).toMatchObject({ kind: "fixed", value: 500 });
    expect(rows[0]!.before_json).toBeNull();

    const list = await call<PromoCodeList>(backend.token, "GET", accountingOps.promoCodes.path);
    expect(list.json.data.items.find((p) => p.id === id)?.active).toBe(false);
  });

  it("promo codes: the editor's rules at their fields", async () => {
    const create = (body: unknown) => call(backend.token, "POST", accountingOps.createPromo.path, body);
    const sources = async (body: unknown) => {
      const answer = await create(body);
      expect(answer.status).toBe(400);
      return answer.json.errors!.map((e) => `${e.source}:${e.key}`);
    };
    expect(await sources(promoBody({ value: 101 }))).toEqual(["value:validation.accounting.percent_too_high"]);
    expect(await sources(promoBody({ valid_from: 2_000, valid_until: 1_000 }))).toEqual([
      "valid_until:validation.accounting.until_before_from",
    ]);
    expect(await sources(promoBody({ code: "a b" }))).toEqual(["code:validation.invalid"]);
    expect(await sources(promoBody({ max_per_member: 0, goods: "tickets" }))).toEqual(
      expect.arrayContaining(["max_per_member:validation.invalid", "goods:validation.invalid"]),
    );
    const first = await create(promoBody({ code: "TWICE" }));
    expect(first.status).toBe(201);
    const again = await create(promoBody({ code: "twice" }));
    expect(again.status).toBe(409);
    expect(again.json.errors![0]).toMatchObject({ key: "exception.accounting.code_taken", source: "code" });
  });

  it("revenue per day and month: sales minus refunds and chargebacks, split into net and VAT", async () => {
    const buyer = await createUser(rt, { userType: USER_TYPE.client });
    // 23:30 in Berlin on 1 March is 22:30 UTC: it counts for 1 March, not 2 March.
    const lateEvening = accountingDayStart("2030-03-01") + 23.5 * 3_600_000;
    const a = await insertOrder(rt, buyer.id, { gross: 11900, createdAt: lateEvening });
    const b = await insertOrder(rt, buyer.id, { gross: 2380, createdAt: accountingDayStart("2030-03-03") + 3_600_000 });
    await insertOrder(rt, buyer.id, { status: "failed", gross: 99999, createdAt: lateEvening });
    await insertTransaction(rt, a.id, "refund", 1190, accountingDayStart("2030-03-03") + 7_200_000);
    await insertTransaction(rt, b.id, "chargeback", 2380, accountingDayStart("2030-04-02"));

    const daily = await call<Revenue>(backend.token, "GET", `${accountingOps.revenue.path}?granularity=day&from=2030-03-01&to=2030-03-03`);
    expect(daily.status).toBe(200);
    expect(daily.json.data.buckets).toEqual([
      { key: "2030-03-01", sales_gross_cents: 11900, deducted_gross_cents: 0, gross_cents: 11900, net_cents: 10000, vat_cents: 1900 },
      { key: "2030-03-02", sales_gross_cents: 0, deducted_gross_cents: 0, gross_cents: 0, net_cents: 0, vat_cents: 0 },
      { key: "2030-03-03", sales_gross_cents: 2380, deducted_gross_cents: 1190, gross_cents: 1190, net_cents: 1000, vat_cents: 190 },
    ]);
    const monthly = await call<Revenue>(
      backend.token,
      "GET",
      `${accountingOps.revenue.path}?granularity=month&from=2030-03-01&to=2030-04-30`,
    );
    expect(monthly.json.data.buckets.map((m) => [m.key, m.gross_cents, m.net_cents, m.vat_cents])).toEqual([
      ["2030-03", 13090, 11000, 2090],
      ["2030-04", -2380, -2000, -380],
    ]);
    expect(monthly.json.data.total.gross_cents).toBe(13090 - 2380);

    const tooLong = await call(backend.token, "GET", `${accountingOps.revenue.path}?granularity=day&from=2020-01-01&to=2030-01-01`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.errors![0]).toMatchObject({ key: "validation.accounting.range_too_long", source: "to" });
  });

  it("imports a bank statement (one audit row), lists the line no order matched, and refuses an unknown order at its field", async () => {
    const imported = await call<{ matched: number; unmatched: number; duplicates: number }>(
      backend.token,
      "POST",
      accountingOps.importStatement.path,
      {
        xml: camt053(4200, "Danke fuer alles", "BANKREF-0001"),
      },
    );
    expect(imported.status).toBe(200);
    expect(imported.json.data).toMatchObject({ matched: 0, unmatched: 1, duplicates: 0 });
    const imports = await rt.deps.db.selectFrom("audit_log").selectAll().where("action", "=", "bank.import").execute();
    // Written with the lines, before matching (ADR 088): it says what was recorded, not what matched.
    expect(imports.map((r) => [r.actor_id, JSON.parse(r.after_json!)])).toEqual([
      [backend.id, { kind: "camt.053", lines: 1, duplicates: 0 }],
    ]);
    // The same file again changes nothing but the count of known lines (and is audited again: it was done).
    const again = await call<{ duplicates: number }>(backend.token, "POST", accountingOps.importStatement.path, {
      xml: camt053(4200, "Danke fuer alles", "BANKREF-0001"),
    });
    expect(again.json.data.duplicates).toBe(1);

    const lines = await call<{ items: Array<{ id: number; amount_cents: number; remittance: string | null }> }>(
      backend.token,
      "GET",
      accountingOps.unmatched.path,
    );
    expect(lines.status).toBe(200);
    const line = lines.json.data.items.find((l) => l.remittance === "Danke fuer alles");
    expect(line?.amount_cents).toBe(4200);

    const unknown = await call(backend.token, "POST", accountingOps.assign.path.replace(":id", String(line!.id)), {
      order_ref: "ord_nothing_here",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors![0]!.source).toBe("order_ref");
    expect(await auditRows("bank_line", String(line!.id))).toHaveLength(0);

    const broken = await call(backend.token, "POST", accountingOps.importStatement.path, { xml: "<html>no statement</html>" });
    expect(broken.status).toBe(400);

    // A SEPA file with nothing due is refused by the bank's rules, and nothing is audited.
    const nothing = await call(backend.token, "POST", accountingOps.buildBankFile.path, { kind: "transfers" });
    expect(nothing.status).toBe(409);
    const wrongKind = await call(backend.token, "POST", accountingOps.buildBankFile.path, { kind: "cheques" });
    expect(wrongKind.status).toBe(400);
    expect(await rt.deps.db.selectFrom("audit_log").select("id").where("subject_type", "=", "bank_file").execute()).toHaveLength(0);
  });

  it("builds a SEPA transfer file for a queued refund by transfer: one audit row with the file's summary", async () => {
    const order = await insertOrder(rt, member.id, { gross: 2500, method: "TR" });
    const queued = await call(backend.token, "POST", "/api/v2/backoffice/bank/refund-transfers", {
      order_ref: order.publicId,
      iban: "DE02120300000000202051",
      holder: "Erika Mustermann",
      amount_cents: 2500,
      reason: "Widerruf",
    });
    expect(queued.status).toBe(200);
    const built = await call<{ id: number; kind: string; transactions: number; control_sum_cents: number }>(
      backend.token,
      "POST",
      accountingOps.buildBankFile.path,
      { kind: "transfers" },
    );
    expect(built.status).toBe(200);
    expect(built.json.data).toMatchObject({ kind: "pain.001", transactions: 1, control_sum_cents: 2500 });
    const rows = await auditRows("bank_file", String(built.json.data.id));
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([["bank.transfers", backend.id]]);
  });

  /** Makes the database refuse audit rows of one action, as a trail that cannot be written would (ADR 088). */
  async function refuseAuditOf(action: string) {
    if (TEST_DB === "postgres") {
      await sql`CREATE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.action = ${sql.lit(action)} THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$`.execute(rt.deps.db);
      await sql`CREATE TRIGGER audit_test_refuse BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_test_refuse()`.execute(
        rt.deps.db,
      );
    } else {
      await sql`CREATE TRIGGER audit_test_refuse BEFORE INSERT ON audit_log WHEN NEW.action = ${sql.lit(action)}
        BEGIN SELECT RAISE(ABORT, 'audit refused'); END`.execute(rt.deps.db);
    }
    return async () => {
      await sql`DROP TRIGGER audit_test_refuse${sql.raw(TEST_DB === "postgres" ? " ON audit_log" : "")}`.execute(rt.deps.db);
      if (TEST_DB === "postgres") await sql`DROP FUNCTION audit_test_refuse()`.execute(rt.deps.db);
    };
  }

  it("a bank action and its audit row commit together: when the row cannot be written, the action leaves nothing either", async () => {
    const order = await insertOrder(rt, member.id, { gross: 1500, method: "TR" });
    const queued = await call(backend.token, "POST", "/api/v2/backoffice/bank/refund-transfers", {
      order_ref: order.publicId,
      iban: "DE02120300000000202051",
      holder: "Erika Mustermann",
      amount_cents: 1500,
      reason: "Widerruf",
    });
    expect(queued.status).toBe(200);
    const filesBefore = await rt.deps.db.selectFrom("bank_files").select("id").execute();
    const rowsOfFiles = () => rt.deps.db.selectFrom("audit_log").select("id").where("action", "=", "bank.transfers").execute();
    const fileRowsBefore = await rowsOfFiles();

    const allow = await refuseAuditOf("bank.transfers");
    // The bank's service itself (through the API it would be a logged 500).
    await expect(buildTransferFile(rt.deps, backend.id)).rejects.toThrow(/audit refused/);
    // No file, the transfer still waits for one, and no row.
    expect(await rt.deps.db.selectFrom("bank_files").select("id").execute()).toEqual(filesBefore);
    const waiting = await rt.deps.db.selectFrom("bank_transfers").select(["status", "file_id"]).where("order_id", "=", order.id).execute();
    expect(waiting).toEqual([{ status: "requested", file_id: null }]);
    expect(await rowsOfFiles()).toEqual(fileRowsBefore);
    await allow();

    const refuseImport = await refuseAuditOf("bank.import");
    const statement = camt053(777, "Nie gesehen", "BANKREF-ROLLBACK");
    await expect(importBankStatement(rt.deps, statement, backend.id)).rejects.toThrow(/audit refused/);
    expect(await rt.deps.db.selectFrom("bank_lines").select("id").where("bank_reference", "=", "BANKREF-ROLLBACK").execute()).toHaveLength(
      0,
    );
    await refuseImport();
    // Written again once the trail works: the lines were not half-imported, so nothing counts as a duplicate.
    const imported = await call<{ unmatched: number; duplicates: number }>(backend.token, "POST", accountingOps.importStatement.path, {
      xml: statement,
    });
    expect(imported.json.data).toMatchObject({ unmatched: 1, duplicates: 0 });

    const built = await call<{ id: number }>(backend.token, "POST", accountingOps.buildBankFile.path, { kind: "transfers" });
    expect(built.status).toBe(200);
    expect(await auditRows("bank_file", String(built.json.data.id))).toHaveLength(1);
  });

  it("the audit trail is append-only: the database refuses UPDATE and DELETE", async () => {
    const created = await call<PromoCode>(backend.token, "POST", accountingOps.createPromo.path, promoBody());
    const [row] = await auditRows("promo_code", String(created.json.data.id));
    expect(row).toBeDefined();
    await expect(rt.deps.db.updateTable("audit_log").set({ reason: "covered up" }).where("id", "=", row!.id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(rt.deps.db.deleteFrom("audit_log").where("id", "=", row!.id).execute()).rejects.toThrow(/append-only/);
    await expect(rt.deps.db.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
    const [still] = await auditRows("promo_code", String(created.json.data.id));
    expect(still).toEqual(row);
  });
});
