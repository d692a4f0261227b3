/**
 * Fixtures for the back office's money tests: orders, payment transactions and invoices written straight into the
 * checkout's and invoices' tables, as their services would leave them (those services are tested in their own suites).
 */
import { randomBytes } from "node:crypto";
import type { OrderStatus, PaymentOutcome } from "#server/contract/billing";
import type { TestRuntime } from "../../helpers/runtime";

export async function insertOrder(
  rt: TestRuntime,
  userId: number,
  options: Partial<{
    status: OrderStatus;
    gross: number;
    rateBp: number;
    method: "CC" | "DD" | "TR";
    createdAt: number;
    paidAt: number | null;
  }> = {},
) {
  const gross = options.gross ?? 2990;
  const rate = options.rateBp ?? 1900;
  const vat = Math.round((gross * rate) / (10_000 + rate));
  const createdAt = options.createdAt ?? rt.clock.now();
  const status = options.status ?? "paid";
  const row = await rt.deps.db
    .insertInto("orders")
    .values({
      public_id: `ord_${randomBytes(8).toString("hex")}`,
      user_id: userId,
      kind: "normal",
      status,
      paying_code: status === "paid" ? 1 : 0,
      step: "vat",
      goods: "membership",
      sku: "plus_client_1m",
      item_type: 1,
      months: 1,
      renewable: 1,
      method: options.method ?? "CC",
      currency: "EUR",
      list_gross_cents: gross,
      discount_cents: 0,
      net_cents: gross - vat,
      vat_cents: vat,
      gross_cents: gross,
      vat_rate_bp: rate,
      vat_country: "DE",
      reverse_charge: 0,
      promo_code_id: null,
      customer: null,
      evidence: null,
      language: "de",
      digital_consent_at: null,
      membership_id: null,
      provider: "fake",
      provider_reference: null,
      created_at: createdAt,
      updated_at: createdAt,
      paid_at: options.paidAt === undefined ? (status === "open" || status === "paying" ? null : createdAt) : options.paidAt,
    })
    .returning(["id", "public_id"])
    .executeTakeFirstOrThrow();
  return { id: row.id, publicId: row.public_id, gross, vat };
}

export async function insertTransaction(rt: TestRuntime, orderId: number, outcome: PaymentOutcome, amount: number, at = rt.clock.now()) {
  await rt.deps.db
    .insertInto("payment_transactions")
    .values({
      order_id: orderId,
      provider: "fake",
      provider_txn_id: `txn_${randomBytes(6).toString("hex")}`,
      outcome,
      method: "CC",
      amount_cents: amount,
      payment_country: "DE",
      raw: null,
      created_at: at,
    })
    .execute();
}

let sequence = 0;
export async function insertInvoice(
  rt: TestRuntime,
  order: { id: number; gross: number; vat: number },
  userId: number,
  options: Partial<{ document: "invoice" | "credit_note"; gross: number; issuedAt: number; number: string }> = {},
) {
  sequence += 1;
  const gross = options.gross ?? order.gross;
  const vat = Math.round((gross * 1900) / 11_900);
  const at = options.issuedAt ?? rt.clock.now();
  const row = await rt.deps.db
    .insertInto("invoices")
    .values({
      number: options.number ?? `1999-${String(sequence).padStart(6, "0")}`,
      year: 1999, // apart from the real numbering (invoice_counters), which credit notes take
      sequence,
      document: options.document ?? "invoice",
      corrects_invoice_id: null,
      order_id: order.id,
      user_id: userId,
      item_type: 1,
      invoice_type: 1,
      status: "subscribed",
      description: "Plus",
      currency: "EUR",
      net_cents: gross - vat,
      vat_cents: vat,
      gross_cents: gross,
      vat_rate_bp: 1900,
      vat_country: "DE",
      reverse_charge: 0,
      buyer: "{}",
      service_start: null,
      service_end: null,
      payment_method: "CC",
      payment_reference: `REF${sequence}`,
      language: "de",
      reason: options.document === "credit_note" ? "refund" : null,
      issued_at: at,
      retain_until: at + 8 * 365 * 86_400_000,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A camt.053.001.08 statement with one booked incoming transfer (amount in cents, the remittance line as given). */
export function camt053(amountCents: number, remittance: string, reference: string): string {
  const amount = (amountCents / 100).toFixed(2);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG-${reference}</MsgId><CreDtTm>2026-11-21T08:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-${reference}</Id>
      <Acct><Id><IBAN>DE02120300000000202051</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-20</Dt></BookgDt>
        <ValDt><Dt>2026-11-20</Dt></ValDt>
        <AcctSvcrRef>${reference}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${reference}</AcctSvcrRef></Refs>
          <Amt Ccy="EUR">${amount}</Amt>
          <RltdPties><Dbtr><Pty><Nm>Erika Mustermann</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Ustrd>${remittance}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}
