/**
 * The queued VIES check (msw stands in for the Commission's REST service): the checkout never waits — an order of a
 * business buyer is invoiced with VAT while VIES is down, the check is retried, and when VIES confirms the ID the
 * invoice gets a full credit note and a reverse-charge invoice; an invalid ID leaves the invoice with VAT.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { issueInvoice } from "#server/modules/invoices/service";
import { VIES_URL } from "#server/modules/invoices/vies";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { BERLIN_BUYER, paidOrder } from "./fixtures";

const msw = setupServer();
const VIENNA_FIRM = {
  ...BERLIN_BUYER,
  company: "Muster GmbH",
  street: "Ring 1",
  postal_code: "1010",
  city: "Wien",
  country: "AT",
  vat_id: "ATU12345675",
};

describe(`VIES later (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "error" });
    rt = await createTestRuntime();
    rt.clock.set(Date.parse("2026-05-04T10:00:00+02:00"));
  });
  afterEach(() => msw.resetHandlers());
  afterAll(async () => {
    msw.close();
    await rt.close();
  });

  /** A Viennese firm's paid order (Austrian VAT 20 %, its ID not confirmed yet) and its invoice, as settlement writes them. */
  async function firmInvoice() {
    const user = await createUser(rt);
    await rt.deps.db
      .insertInto("billing_infos")
      .values({
        user_id: user.id,
        ...VIENNA_FIRM,
        vat_id_status: "pending",
        vies_checked_at: null,
        vies_request_id: null,
        updated_at: rt.clock.now(),
      })
      .execute();
    const order = await paidOrder(rt, user.id, { gross: 3600, rateBp: 2000, country: "AT", customer: VIENNA_FIRM });
    const issued = await rt.deps.db.transaction().execute((trx) => issueInvoice(trx, rt.deps, order.id));
    return { user, order, issued };
  }
  const invoicesOf = (userId: number) =>
    rt.deps.db.selectFrom("invoices").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  const viesCalls: Array<{ countryCode: string; vatNumber: string }> = [];
  const vies = (answer: () => Response) =>
    msw.use(
      http.post(VIES_URL, async ({ request }) => {
        viesCalls.push((await request.json()) as { countryCode: string; vatNumber: string });
        return answer();
      }),
    );

  it("invoices with VAT while VIES is down, retries, and corrects the invoice when VIES confirms", async () => {
    vies(() => HttpResponse.json({ errorWrappers: [{ error: "MS_UNAVAILABLE" }] }, { status: 500 }));
    const { user, issued } = await firmInvoice();
    // The settlement is complete: the invoice carries Austrian VAT, and the check waits in the queue.
    expect(await invoicesOf(user.id)).toEqual([
      expect.objectContaining({ id: issued.invoiceId, vat_cents: 600, reverse_charge: 0, status: "running" }),
    ]);
    const first = await rt.jobs.runDue();
    expect(first.retry).toBe(1);
    expect(viesCalls.at(-1)).toEqual({ countryCode: "AT", vatNumber: "U12345675" });
    expect(await invoicesOf(user.id)).toHaveLength(1);

    // Later VIES answers: valid.
    vies(() => HttpResponse.json({ countryCode: "AT", vatNumber: "U12345675", valid: true, requestIdentifier: "WAPIAAAAX1" }));
    rt.clock.advance(60 * 60 * 1000);
    const second = await rt.jobs.runDue();
    expect(second.done).toBe(1);
    const [original, note, reissued] = await invoicesOf(user.id);
    expect(original).toMatchObject({ status: "reversed", vat_cents: 600 });
    expect(note).toMatchObject({
      document: "credit_note",
      corrects_invoice_id: original!.id,
      gross_cents: 3600,
      vat_cents: 600,
      reason: "vat_correction",
    });
    expect(reissued).toMatchObject({
      document: "invoice",
      order_id: original!.order_id,
      net_cents: 3000,
      vat_cents: 0,
      gross_cents: 3000,
      reverse_charge: 1,
      vat_rate_bp: 0,
    });
    const info = await rt.deps.db.selectFrom("billing_infos").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(info).toMatchObject({ vat_id_status: "valid", vies_request_id: "WAPIAAAAX1" });
    // Asked again (a replayed job), nothing more is written.
    await rt.deps.db.transaction().execute(async (trx) => {
      const { reissueUnderReverseCharge } = await import("#server/modules/invoices/service");
      expect(await reissueUnderReverseCharge(trx, rt.deps, user.id, "ATU12345675")).toEqual([]);
    });
  });

  it("leaves the invoice with VAT when VIES says the ID is invalid", async () => {
    vies(() => HttpResponse.json({ countryCode: "AT", vatNumber: "U12345675", valid: false }));
    const { user } = await firmInvoice();
    const run = await rt.jobs.runDue();
    expect(run.done).toBe(1);
    expect(await invoicesOf(user.id)).toEqual([expect.objectContaining({ vat_cents: 600, reverse_charge: 0, status: "running" })]);
    const info = await rt.deps.db
      .selectFrom("billing_infos")
      .select("vat_id_status")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(info.vat_id_status).toBe("invalid");
  });
});
