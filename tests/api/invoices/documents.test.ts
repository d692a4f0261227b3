/**
 * The member's invoices through the API: the list, the PDF (Polish letters in an embedded DejaVu font), e-invoices
 * for business buyers, another member's id answering 404, billing details with the VAT ID's format checked, and
 * invoices kept (owned by nobody) when an account is deleted.
 */
import { inflateSync } from "node:zlib";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BillingInfo, InvoiceList } from "#server/contract/invoices";
import { eraseAccount } from "#server/modules/account/index";
import { issueCreditNote, issueInvoice } from "#server/modules/invoices/service";
import { VIES_URL } from "#server/modules/invoices/vies";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { BERLIN_BUYER, paidOrder } from "./fixtures";

const msw = setupServer();

/** The text of a PDF's ToUnicode maps and its font names: what a text extractor would read. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const parts: string[] = [raw];
  const stream = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = stream.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // Not deflated (or the font file itself): skip.
    }
  }
  return parts.join("\n");
}

/** The code points a PDF's ToUnicode maps name (hex after a glyph id). */
function mappedCodePoints(text: string): Set<number> {
  const points = new Set<number>();
  for (const m of text.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]{4,})>/g)) {
    const hex = m[2]!;
    for (let i = 0; i + 4 <= hex.length; i += 4) points.add(parseInt(hex.slice(i, i + 4), 16));
  }
  for (const m of text.matchAll(/\[((?:<[0-9a-fA-F]{4,}>\s*)+)\]/g)) {
    for (const inner of m[1]!.matchAll(/<([0-9a-fA-F]+)>/g)) {
      const hex = inner[1]!;
      for (let i = 0; i + 4 <= hex.length; i += 4) points.add(parseInt(hex.slice(i, i + 4), 16));
    }
  }
  return points;
}

describe(`invoices through the API (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "error" });
    rt = await createTestRuntime();
    rt.clock.set(Date.parse("2026-04-20T10:00:00+02:00"));
  });
  afterEach(() => msw.resetHandlers());
  afterAll(async () => {
    msw.close();
    await rt.close();
  });

  const issue = (orderId: number) => rt.deps.db.transaction().execute((trx) => issueInvoice(trx, rt.deps, orderId));
  const member = async () => signIn(rt, await createUser(rt));
  const get = (token: string, path: string) => rt.request(`/api/v2/payment${path}`, { token });
  const post = (token: string, path: string, body: unknown) =>
    rt.request(`/api/v2/payment${path}`, {
      method: "POST",
      token,
      headers: { "content-type": "application/json", origin: "http://velora.test" },
      body: JSON.stringify(body),
    });

  it("lists the member's invoices and credit notes and gives the PDF only to its owner", async () => {
    const anna = await member();
    const other = await member();
    const order = await paidOrder(rt, anna.id, {
      language: "pl",
      customer: {
        ...BERLIN_BUYER,
        name: "Łukasz Żółkiewski",
        street: "ul. Świętokrzyska 12",
        city: "Warszawa",
        postal_code: "00-916",
        country: "PL",
      },
    });
    const { invoiceId, number } = await issue(order.id);
    await rt.deps.db.transaction().execute((trx) => issueCreditNote(trx, rt.deps, { invoiceId, grossCents: 500, reason: "refund" }));

    const list = (await (await get(anna.token, "/invoices")).json()) as { data: InvoiceList };
    expect(list.data.items.map((item) => [item.document, item.corrects_number])).toEqual([
      ["credit_note", number],
      ["invoice", null],
    ]);
    expect(list.data.items[1]!.formats).toEqual(["pdf"]);

    const response = await get(anna.token, `/invoices/${invoiceId}/download`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`invoice-${number}.pdf`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    // DejaVu is embedded (a subset: "ABCDEF+DejaVuSans"), and its ToUnicode map holds the Polish letters printed.
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(text).toContain("/FontFile2");
    const points = mappedCodePoints(text);
    for (const letter of "ŁŻółęąś") expect(points, letter).toContain(letter.codePointAt(0));
    expect(points).not.toContain("Ж".codePointAt(0));

    // Another member's invoice, an unknown id, a guest: nothing to see.
    expect((await get(other.token, `/invoices/${invoiceId}/download`)).status).toBe(404);
    expect((await get(other.token, `/invoices/999999/download`)).status).toBe(404);
    expect((await rt.request(`/api/v2/payment/invoices/${invoiceId}/download`)).status).toBe(401);
    const othersList = (await (await get(other.token, "/invoices")).json()) as { data: InvoiceList };
    expect(othersList.data.items).toEqual([]);
    // A consumer's invoice has no e-invoice.
    expect((await get(anna.token, `/invoices/${invoiceId}/download?format=xrechnung`)).status).toBe(404);
  });

  it("offers business buyers XRechnung and Factur-X", async () => {
    const firm = await member();
    const order = await paidOrder(rt, firm.id, { customer: { ...BERLIN_BUYER, company: "Muster GmbH", vat_id: "DE136695976" } });
    const { invoiceId, number } = await issue(order.id);
    const xml = await get(firm.token, `/invoices/${invoiceId}/download?format=xrechnung`);
    expect(xml.status).toBe(200);
    const body = await xml.text();
    expect(body).toContain("urn:oasis:names:specification:ubl:schema:xsd:Invoice-2");
    expect(body).toContain(`<cbc:ID>${number}</cbc:ID>`);
    expect(body).toContain("xrechnung_3.0");
    expect(body).toMatch(/<cbc:TaxAmount currencyID="EUR">4\.79<\/cbc:TaxAmount>/);
    const facturx = Buffer.from(await (await get(firm.token, `/invoices/${invoiceId}/download?format=facturx`)).arrayBuffer());
    const raw = facturx.toString("latin1");
    expect(raw).toContain("factur-x.xml");
    expect(raw).toContain("pdfaid");
  });

  it("stores billing details, refuses a malformed VAT ID next to its field and queues VIES for a new one", async () => {
    const anna = await member();
    const fresh = (await (await get(anna.token, "/billing-info")).json()) as { data: BillingInfo };
    expect(fresh.data).toMatchObject({ updated_at: null, country: "DE", email: anna.email });

    const details = {
      name: "Anna Beispiel",
      company: "Beispiel KG",
      street: "Ring 1",
      postal_code: "1010",
      city: "Wien",
      country: "at",
      email: "anna@example.test",
    };
    const bad = await post(anna.token, "/billing-info/update", { ...details, vat_id: "ATU1234" });
    expect(bad.status).toBe(400);
    const errors = ((await bad.json()) as { errors: Array<{ source?: string; title: string }> }).errors;
    expect(errors).toEqual([expect.objectContaining({ source: "vat_id", title: "validation.invoices.vat_id_format" })]);

    const saved = await post(anna.token, "/billing-info/update", { ...details, vat_id: "atu 1234 5675" });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { data: BillingInfo }).data).toMatchObject({
      country: "AT",
      vat_id: "ATU12345675",
      vat_id_status: "pending",
    });
    const jobs = await rt.deps.db.selectFrom("jobs").select(["payload"]).where("kind", "=", "invoices.vies_check").execute();
    expect(jobs.map((job) => JSON.parse(job.payload))).toContainEqual({ user_id: anna.id, vat_id: "ATU12345675" });

    const check = await post(anna.token, "/vat-check", { vat_id: "ATU12345675" });
    expect(((await check.json()) as { data: unknown }).data).toEqual({
      vat_id: "ATU12345675",
      format_ok: true,
      country: "AT",
      status: "pending",
    });
    msw.use(http.post(VIES_URL, () => HttpResponse.json({ valid: true, requestIdentifier: "WAPIAAAAW1" })));
    await rt.jobs.runDue();
    expect(((await (await get(anna.token, "/billing-info")).json()) as { data: BillingInfo }).data.vat_id_status).toBe("valid");
  });

  it("keeps invoices for the retention period when the account is deleted, owned by nobody", async () => {
    const anna = await member();
    const order = await paidOrder(rt, anna.id);
    const { invoiceId } = await issue(order.id);
    await post(anna.token, "/billing-info/update", {
      name: "Anna",
      street: "Torstraße 5",
      postal_code: "10119",
      city: "Berlin",
      country: "DE",
      email: "a@example.test",
    });
    await eraseAccount(rt.deps, anna.id);
    const kept = await rt.deps.db.selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirstOrThrow();
    expect(kept.user_id).toBeNull();
    expect(JSON.parse(kept.buyer)).toMatchObject({ name: "Anna Beispiel" });
    expect(Number(kept.retain_until)).toBe(Date.UTC(2035, 0, 1));
    expect(await rt.deps.db.selectFrom("orders").select("id").where("id", "=", order.id).executeTakeFirst()).toBeDefined();
    expect(
      await rt.deps.db.selectFrom("billing_infos").select("user_id").where("user_id", "=", anna.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
