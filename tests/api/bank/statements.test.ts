import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "#server/api/errors";
import type { BankFileList, BankFileSummary } from "#server/contract/bank";
import { USER_TYPE } from "#server/contract/users";
import { createBankTransferProvider, createSepaDebitProvider } from "#server/integrations/payments/bank-providers";
import { creditorReferencesIn, transferReference } from "#server/integrations/payments/bank-seal";
import {
  assignBankLine,
  importBankStatement,
  listedBankLines,
  prepareDirectDebits,
  queueRefundTransfers,
  unmatchedBankLines,
} from "#server/modules/bank/index";
import { refundOrder } from "#server/modules/payments/index";
import { callJson } from "../../helpers/api-call";
import { bindDoubles, type Doubles } from "../../helpers/payments";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { camt053v2, camt053v8, camt054v8 } from "../../server/bank/camt-samples";
import { payingOrder } from "./bank-fixtures";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}

describe(`bank statements and direct debits (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let member: { id: number };
  let staff: { id: number; token: string };
  let other: { id: number; token: string };
  let doubles: Doubles;
  const statusOf = async (orderId: number) =>
    (await rt.deps.db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirstOrThrow()).status;
  const ref = (publicId: string) => transferReference(rt.deps.config.appSecret, publicId);
  const trOrder = (grossCents: number) =>
    payingOrder(rt, { userId: member.id, grossCents, method: "TR", provider: "transfer", reference: ref });
  const lineOf = (bankReference: string) =>
    rt.deps.db.selectFrom("bank_lines").selectAll().where("bank_reference", "=", bankReference).executeTakeFirstOrThrow();

  beforeAll(async () => {
    rt = await createTestRuntime();
    doubles = bindDoubles(rt);
    member = await createUser(rt);
    staff = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
    other = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
  });
  afterAll(async () => {
    await rt.close();
  });

  it("gives a bank-transfer order a checked creditor reference and the platform's account as instructions", async () => {
    const provider = createBankTransferProvider(rt.deps.config, () => rt.clock.now());
    const started = await provider.start({
      orderRef: "order-abc",
      amountCents: 2990,
      currency: "EUR",
      method: "TR",
      description: "x",
      language: "de",
      returnUrl: "http://velora.test/de/buy/status",
      notifyUrl: "http://velora.test/api/v2/payment/postback/transfer",
      customer: { name: "Max", email: "max@example.test", country: "DE" },
    });
    expect(started.kind).toBe("instructions");
    if (started.kind !== "instructions") return;
    expect(started.providerReference).toBe(ref("order-abc"));
    expect(creditorReferencesIn(`Zahlung ${started.instructions.reference?.toLowerCase()}`)).toEqual([started.providerReference]);
    expect(started.instructions).toMatchObject({ iban: "DE89370400440532013000", amount_cents: "2990", due_date: "2026-12-05" });
  });

  it("matches exact, partial, overpaid and unreferenced credits; a second import changes nothing", async () => {
    const exact = await trOrder(2990);
    const parts = await trOrder(2990);
    const over = await trOrder(2990);
    const statement = camt053v8("STMT-A", [
      { ref: "A-1", amount: "29.90", remittance: `Mitgliedschaft ${exact.providerReference}` },
      { ref: "A-2", amount: "10.00", remittance: `${(parts.providerReference ?? "").replace(/(.{4})/g, "$1 ").toLowerCase()}` },
      { ref: "A-3", amount: "35.00", remittance: `RF ${over.providerReference?.slice(2)}`.replace("RF ", "RF") },
      { ref: "A-4", amount: "50.00", remittance: "Danke fuer alles" },
      // A typo in the reference: the check digits fail, nobody's order is paid by it.
      { ref: "A-5", amount: "29.90", remittance: (exact.providerReference ?? "").replace(/.$/, (ch) => (ch === "0" ? "1" : "0")) },
    ]);
    expect(await importBankStatement(rt.deps, statement, staff.id)).toEqual({
      matched: 2,
      partial: 1,
      unmatched: 2,
      returned: 0,
      payouts_returned: 0,
      duplicates: 0,
    });
    expect(await lineOf("A-1")).toMatchObject({ status: "matched", order_id: exact.id, debtor_name: "Max Mustermann" });
    expect(await lineOf("A-2")).toMatchObject({ status: "partial", order_id: parts.id });
    expect(await lineOf("A-3")).toMatchObject({ status: "overpaid", order_id: over.id });
    expect((await unmatchedBankLines(rt.deps, 1)).map((l) => l.bank_reference)).toEqual(["A-4", "A-5"]);
    // Settled through payments: paid once each, the part payment still waits.
    expect([await statusOf(exact.id), await statusOf(parts.id), await statusOf(over.id)]).toEqual(["paid", "paying", "paid"]);
    expect(doubles.fulfilled).toEqual(expect.arrayContaining([exact.id, over.id]));
    expect(
      await rt.deps.db
        .selectFrom("payment_transactions")
        .select(["provider", "provider_txn_id", "amount_cents", "method", "payment_country"])
        .where("order_id", "=", exact.id)
        .execute(),
    ).toEqual([{ provider: "transfer", provider_txn_id: "camt:A-1", amount_cents: 2990, method: "TR", payment_country: "DE" }]);
    const listed = await listedBankLines(rt.deps, 1);
    expect(listed.map((l) => [l.bank_reference, l.status, l.order_ref, l.difference_cents])).toEqual([
      ["A-2", "partial", parts.publicId, 1990],
      ["A-3", "overpaid", over.publicId, 510],
    ]);

    // The same statement again: every line known, nothing changes.
    expect(await importBankStatement(rt.deps, statement, staff.id)).toEqual({
      matched: 0,
      partial: 0,
      unmatched: 0,
      returned: 0,
      payouts_returned: 0,
      duplicates: 5,
    });

    // The rest of the part payment arrives (in the older format): the order is paid in full.
    expect(
      await importBankStatement(
        rt.deps,
        camt053v2("STMT-B", { ref: "B-1", amount: "19.90", remittance: `Rest ${parts.providerReference}` }),
        staff.id,
      ),
    ).toEqual({
      matched: 1,
      partial: 0,
      unmatched: 0,
      returned: 0,
      payouts_returned: 0,
      duplicates: 0,
    });
    expect(await lineOf("A-2")).toMatchObject({ status: "matched" });
    expect(await statusOf(parts.id)).toBe("paid");
    expect(doubles.fulfilled.filter((id) => id === parts.id)).toHaveLength(1);
    expect((await listedBankLines(rt.deps, 1)).map((l) => l.bank_reference)).toEqual(["A-3"]);

    // A refund of a transfer goes back by transfer to the account it came from, once.
    await refundOrder(rt.deps, { orderId: exact.id, amountCents: 1000, reason: "Kulanz", staffId: staff.id });
    expect(await queueRefundTransfers(rt.deps)).toBe(1);
    expect(await queueRefundTransfers(rt.deps)).toBe(0);
    expect(
      await rt.deps.db
        .selectFrom("bank_transfers")
        .select(["iban", "holder", "amount_cents", "status"])
        .where("order_id", "=", exact.id)
        .execute(),
    ).toEqual([{ iban: "DE91100000000123456789", holder: "Max Mustermann", amount_cents: 1000, status: "requested" }]);
  });

  it("takes a statement imported twice at the same moment once", async () => {
    const order = await trOrder(1990);
    const statement = camt053v8("STMT-RACE", [{ ref: "RACE-1", amount: "19.90", remittance: `${order.providerReference}` }]);
    const results = await Promise.all([
      importBankStatement(rt.deps, statement, staff.id),
      importBankStatement(rt.deps, statement, staff.id),
    ]);
    expect(results.map((r) => r.matched + r.duplicates)).toEqual([1, 1]);
    expect(results.reduce((sum, r) => sum + r.matched, 0)).toBe(1);
    expect(await statusOf(order.id)).toBe("paid");
    expect(doubles.fulfilled.filter((id) => id === order.id)).toHaveLength(1);
  });

  it("lets backend staff assign an unmatched credit to an order by hand, once", async () => {
    const order = await trOrder(5000);
    await importBankStatement(rt.deps, camt053v8("STMT-C", [{ ref: "C-1", amount: "50.00", remittance: "Beitrag Max" }]), staff.id);
    const line = await lineOf("C-1");
    expect(line.status).toBe("unmatched");
    // The team role may look but not move money (issue 26 item 7: backend only).
    await expect(assignBankLine(rt.deps, line.id, order.publicId, other.id)).rejects.toMatchObject({ status: 403 });
    await expect(assignBankLine(rt.deps, line.id, "no-such-order", staff.id)).rejects.toMatchObject({ status: 404 });
    await assignBankLine(rt.deps, line.id, order.publicId, staff.id);
    expect(await lineOf("C-1")).toMatchObject({ status: "matched", order_id: order.id, assigned_by: staff.id });
    expect(await statusOf(order.id)).toBe("paid");
    await expect(assignBankLine(rt.deps, line.id, order.publicId, staff.id)).rejects.toMatchObject({ status: 404 });
    expect((await unmatchedBankLines(rt.deps, 1)).map((l) => l.bank_reference)).not.toContain("C-1");
  });

  it("refuses a file that is not a statement with a 400", async () => {
    for (const xml of ["", "<x/>", "<Document><BkToCstmrStmt><GrpHdr/></BkToCstmrStmt></Document>", "%PDF-1.4"]) {
      await expect(importBankStatement(rt.deps, xml, staff.id)).rejects.toBeInstanceOf(ApiError);
    }
  });

  it("turns a direct-debit order into a mandate, a pre-notification, a pain.008 file and, when returned, a chargeback", async () => {
    const provider = createSepaDebitProvider(rt.deps.config, () => rt.clock.now());
    const start = (orderRef: string) =>
      provider.start({
        orderRef,
        amountCents: 2990,
        currency: "EUR",
        method: "DD",
        description: "x",
        language: "de",
        returnUrl: "http://velora.test/de/buy/status",
        notifyUrl: "http://velora.test/api/v2/payment/postback/sepa",
        customer: { name: "Max", email: "max@example.test", country: "DE" },
        bankAccount: { iban: "DE91 1000 0000 0123 4567 89", holder: "Jürgen Müller" },
      });
    const order = await payingOrder(rt, {
      userId: member.id,
      grossCents: 2990,
      method: "DD",
      provider: "sepa",
      reference: async (publicId) => (await start(publicId)).providerReference,
    });
    // Nothing scheduled yet: no file.
    const empty = await callJson<Answer<BankFileSummary>>(rt, staff.token, "POST", "/api/v2/backoffice/bank/collections", {});
    expect(empty.status).toBe(200); // the build prepares first: the new order is due on the next bank day
    const file = empty.json.data!;
    expect(file).toMatchObject({
      kind: "pain.008",
      format: "pain.008.001.08",
      transactions: 1,
      control_sum_cents: 2990,
      due_date: "2026-11-23",
    });

    const mandate = await rt.deps.db.selectFrom("sepa_mandates").selectAll().where("user_id", "=", member.id).executeTakeFirstOrThrow();
    expect(mandate).toMatchObject({
      iban: "DE91100000000123456789",
      holder: "Jürgen Müller",
      creditor_id: "DE98ZZZ09999999999",
      status: "active",
    });
    expect(mandate.first_collected_at).not.toBeNull();
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("template", "=", "bank.prenotification")
      .executeTakeFirstOrThrow();
    expect(mail.recipient).toBe("max@example.test");
    expect(mail.text_body).toContain(mandate.reference);
    expect(mail.text_body).toContain("DE98ZZZ09999999999");
    expect(mail.text_body).toContain("29,90");
    expect(mail.text_body).toContain("23. Nov. 2026");
    expect(mail.text_body).not.toContain("0123456789"); // the IBAN is masked

    const collection = await rt.deps.db
      .selectFrom("sepa_collections")
      .selectAll()
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    // Access is granted when the debit is submitted (ADR 079).
    expect(await statusOf(order.id)).toBe("paid");
    expect(doubles.fulfilled).toContain(order.id);
    expect(collection).toMatchObject({ status: "submitted", file_id: file.id, sequence_type: "FRST" });
    // Preparing again schedules nothing twice; building again finds nothing due.
    expect(await prepareDirectDebits(rt.deps)).toBe(0);
    const again = await callJson<Answer<BankFileSummary>>(rt, staff.token, "POST", "/api/v2/backoffice/bank/collections", {});
    expect(again.status).toBe(409);
    expect(again.json.errors?.[0]?.key).toBe("exception.bank.nothing_to_collect");

    const list = await callJson<Answer<BankFileList>>(rt, staff.token, "GET", "/api/v2/backoffice/bank/files");
    expect(list.json.data?.items.map((f) => f.id)).toContain(file.id);
    const download = await rt.request(`/api/v2/backoffice/bank/files/${file.id}`, { token: staff.token });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain(".pain.008.xml");
    const xml = await download.text();
    expect(xml).toContain(`<EndToEndId>${collection.end_to_end_id}</EndToEndId>`);
    expect(xml).toContain("<Nm>Juergen Mueller</Nm>");

    // Staff of the team role and members get nothing; an unknown file is 404.
    expect((await rt.request(`/api/v2/backoffice/bank/files/${file.id}`, { token: other.token })).status).toBe(403);
    expect((await callJson(rt, other.token, "POST", "/api/v2/backoffice/bank/collections", {})).status).toBe(403);
    expect((await rt.request(`/api/v2/backoffice/bank/files/999999`, { token: staff.token })).status).toBe(404);
    expect((await callJson(rt, staff.token, "POST", "/api/v2/backoffice/bank/collections", { due_date: "2026-11-22" })).status).toBe(400);

    // The renewal charges the mandate on file (the settlement stored its reference as the rebill token): a RCUR debit.
    const stored = await rt.deps.db
      .selectFrom("payment_transactions")
      .select("provider_txn_id")
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(stored.provider_txn_id).toBe(collection.end_to_end_id);
    const renewal = await payingOrder(rt, {
      userId: member.id,
      grossCents: 2990,
      method: "DD",
      provider: "sepa",
      reference: async (publicId) =>
        (
          await provider.charge({
            orderRef: publicId,
            amountCents: 2990,
            currency: "EUR",
            method: "DD",
            description: "x",
            language: "de",
            returnUrl: "r",
            notifyUrl: "n",
            customer: { name: "Max", email: "max@example.test", country: "DE" },
            token: mandate.reference,
          })
        ).providerReference,
    });
    expect(await prepareDirectDebits(rt.deps)).toBe(1);
    expect(
      await rt.deps.db
        .selectFrom("sepa_collections")
        .select(["sequence_type", "mandate_id"])
        .where("order_id", "=", renewal.id)
        .executeTakeFirst(),
    ).toEqual({
      sequence_type: "RCUR",
      mandate_id: mandate.id,
    });

    // The debtor's bank returns it (AM04: insufficient funds).
    const returned = camt054v8("NTF-1", [
      { ref: "R-1", amount: "29.90", endToEndId: collection.end_to_end_id, mandateId: mandate.reference, reason: "AM04" },
    ]);
    expect(await importBankStatement(rt.deps, returned, staff.id)).toEqual({
      matched: 0,
      partial: 0,
      unmatched: 0,
      returned: 1,
      payouts_returned: 0,
      duplicates: 0,
    });
    expect(
      await rt.deps.db
        .selectFrom("sepa_collections")
        .select(["status", "return_reason"])
        .where("id", "=", collection.id)
        .executeTakeFirst(),
    ).toEqual({
      status: "returned",
      return_reason: "AM04",
    });
    expect(await statusOf(order.id)).toBe("charged_back");
    expect(doubles.revoked).toContainEqual([order.id, "chargeback"]);
    expect(await importBankStatement(rt.deps, returned, staff.id)).toMatchObject({ returned: 0, duplicates: 1 });
    expect(doubles.revoked.filter(([id]) => id === order.id)).toHaveLength(1);
  });

  it("refuses a direct debit without a usable account at the start", async () => {
    const provider = createSepaDebitProvider(rt.deps.config);
    const base = {
      orderRef: "o",
      amountCents: 100,
      currency: "EUR",
      method: "DD" as const,
      description: "x",
      language: "de",
      returnUrl: "r",
      notifyUrl: "n",
      customer: { name: "M", email: "m@example.test", country: "DE" },
    };
    await expect(provider.start(base)).rejects.toMatchObject({ key: "validation.bank.iban_required", field: "iban" });
    await expect(provider.start({ ...base, bankAccount: { iban: "DE89370400440532013001", holder: "Max" } })).rejects.toMatchObject({
      field: "iban",
    });
    await expect(provider.start({ ...base, bankAccount: { iban: "DE89370400440532013000", holder: "" } })).rejects.toMatchObject({
      field: "holder",
    });
  });
});
