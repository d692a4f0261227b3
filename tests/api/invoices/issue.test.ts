import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { CreditNoteError, issueCreditNote, issueInvoice, setInvoiceStatus } from "#server/modules/invoices/service";
import { paidOrder } from "./fixtures";

describe(`issuing invoices and credit notes (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
    rt.clock.set(Date.parse("2026-03-15T10:00:00+01:00"));
  });
  afterAll(async () => {
    await rt.close();
  });

  const issue = (orderId: number) => rt.deps.db.transaction().execute((trx) => issueInvoice(trx, rt.deps, orderId));
  const credit = (invoiceId: number, grossCents: number, reason = "refund") =>
    rt.deps.db.transaction().execute((trx) => issueCreditNote(trx, rt.deps, { invoiceId, grossCents, reason }));
  const row = (id: number) => rt.deps.db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("prints what § 14 UStG asks for, from the order, and answers the same invoice when asked again", async () => {
    const user = await createUser(rt);
    const order = await paidOrder(rt, user.id, { gross: 2999, months: 3, language: "pl" });
    const first = await issue(order.id);
    expect(first.number).toMatch(/^2026-\d{6}$/);
    expect(await issue(order.id)).toEqual(first);
    const invoice = await row(first.invoiceId);
    expect(invoice).toMatchObject({
      document: "invoice",
      user_id: user.id,
      item_type: 1,
      invoice_type: 1,
      status: "running",
      net_cents: 2520,
      vat_cents: 479,
      gross_cents: 2999,
      vat_rate_bp: 1900,
      vat_country: "DE",
      reverse_charge: 0,
      language: "pl",
      description: "Członkostwo Plus, 3 miesiące, odnawia się automatycznie",
      payment_reference: expect.stringMatching(/^VLR-[A-Z0-9]+$/),
    });
    expect(JSON.parse(invoice.buyer)).toMatchObject({ name: "Anna Beispiel", city: "Berlin" });
    expect(Number(invoice.service_end)).toBe(Date.parse("2026-06-15T09:00:00Z"));
    // Retained until the end of the 8th year after the year of issue (§ 147 AO).
    expect(Number(invoice.retain_until)).toBe(Date.UTC(2035, 0, 1));
  });

  it("numbers a renewal's invoice as auto-renew and a new year from 1", async () => {
    const user = await createUser(rt);
    const renewal = await paidOrder(rt, user.id, { kind: "renewal" });
    expect((await row((await issue(renewal.id)).invoiceId)).invoice_type).toBe(2);
    rt.clock.set(Date.parse("2027-01-01T00:30:00+01:00"));
    const next = await paidOrder(rt, user.id);
    expect((await issue(next.id)).number).toBe("2027-000001");
    rt.clock.set(Date.parse("2026-03-15T10:00:00+01:00"));
  });

  it("credits in full or in parts, never more than the invoice, and moves the invoice's status", async () => {
    const user = await createUser(rt);
    const order = await paidOrder(rt, user.id, { gross: 5999 });
    const { invoiceId } = await issue(order.id);
    const partial = await credit(invoiceId, 1000);
    expect(await row(partial.invoiceId)).toMatchObject({
      document: "credit_note",
      corrects_invoice_id: invoiceId,
      gross_cents: 1000,
      net_cents: 840,
      vat_cents: 160,
      reason: "refund",
    });
    expect((await row(invoiceId)).status).toBe("running");
    await expect(credit(invoiceId, 5000)).rejects.toBeInstanceOf(CreditNoteError);
    await credit(invoiceId, 4999, "chargeback");
    expect((await row(invoiceId)).status).toBe("charge_back");
    await expect(credit(invoiceId, 1)).rejects.toBeInstanceOf(CreditNoteError);

    const other = await paidOrder(rt, user.id, { gross: 2999 });
    const second = await issue(other.id);
    const full = await row((await credit(second.invoiceId, 2999)).invoiceId);
    expect([full.net_cents, full.vat_cents]).toEqual([2520, 479]);
  });

  it("sets the status of an order's invoices but not of its credit notes", async () => {
    const user = await createUser(rt);
    const order = await paidOrder(rt, user.id);
    const { invoiceId } = await issue(order.id);
    const note = await credit(invoiceId, 100);
    await rt.deps.db.transaction().execute((trx) => setInvoiceStatus(trx, order.id, "ended", rt.clock.now()));
    expect((await row(invoiceId)).status).toBe("ended");
    expect((await row(note.invoiceId)).status).toBe("refunded");
  });

  it("numbers 60 invoices written at once without a gap or a twin, and a rolled-back one gives its number back", async () => {
    rt.clock.set(Date.parse("2028-05-01T12:00:00+02:00"));
    const user = await createUser(rt);
    const orders = await Promise.all(Array.from({ length: 60 }, () => paidOrder(rt, user.id)));
    // One of them fails after taking its number: its transaction rolls back, the number with it.
    const failing = orders[17]!.id;
    const results = await Promise.allSettled(
      orders.map((order) =>
        rt.deps.db.transaction().execute(async (trx) => {
          const issued = await issueInvoice(trx, rt.deps, order.id);
          if (order.id === failing) throw new Error("settlement failed later");
          return issued;
        }),
      ),
    );
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
    const rows = await rt.deps.db.selectFrom("invoices").select(["sequence"]).where("year", "=", 2028).orderBy("sequence").execute();
    expect(rows.map((r) => Number(r.sequence))).toEqual(Array.from({ length: 59 }, (_, i) => i + 1));
  });
});
