import { ApiError, errorItem, fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { BANK_ERRORS, checkBic, checkHolder, checkIban, formatIban, type BankAccountCheck, type IbanCheck } from "../../contract/bank";
import { bankOps } from "../../contract/operations/bank";
import { unseal } from "../../integrations/payments/bank-seal";
import {
  CASH_TO_CODE_PAGE_PATH,
  CASH_TO_CODE_SIGNATURE_HEADER,
  signCashToCode,
  type CashToCodePostback,
  type VoucherTicket,
} from "../../integrations/payments/bank-providers";
import { bankFileXml, buildCollectionFile, buildTransferFile, listBankFiles, requestTransferRefund, requireBackend } from "./service";
import { voucherGoneHtml, voucherPageHtml } from "./voucher-page";

function ibanAnswer(raw: string): IbanCheck {
  const iban = checkIban(raw);
  if (!iban.ok) throw fail.badRequest(iban.error, "iban");
  return {
    valid: true,
    iban: iban.iban,
    iban_formatted: formatIban(iban.iban),
    country: iban.country,
    sepa: iban.sepa,
    bank_code: iban.bankCode,
  };
}

const BACKEND = "Backend accounts (user type 9) only: 403 exception.backoffice.staff_only for everyone else.";

/** The bank's routes (issue 26 item 3, ADR 079). */
export function registerBank({ v2, deps, dispatch }: ModuleContext): void {
  v2.add(
    bankOps.validateIban,
    {
      tag: "payment",
      auth: "required",
      summary:
        "Checks an IBAN as typed (spaces and lower case allowed): format, country, length and check digits (ibantools). 400 at field iban with validation.bank.iban_required / iban_format / iban_country / iban_checksum. A valid IBAN says nothing about its owner.",
      statuses: [400, 401],
    },
    (c, { body }) => ok(c, ibanAnswer(body.iban)),
  );
  v2.add(
    bankOps.validateBankAccount,
    {
      tag: "payment",
      auth: "required",
      summary:
        "Checks the account a SEPA direct debit or a refund by transfer uses: the IBAN (reachable by SEPA), the BIC if given (format, and the IBAN's country or its territory), and the holder's name (kept exactly as typed; it must survive the SEPA character set). Every failing field is named in the 400.",
      statuses: [400, 401],
    },
    (c, { body }) => {
      const errors = [];
      const iban = checkIban(body.iban);
      if (!iban.ok) errors.push(errorItem(400, iban.error, "iban"));
      else if (!iban.sepa) errors.push(errorItem(400, BANK_ERRORS.ibanCountry, "iban"));
      const holder = checkHolder(body.holder);
      if (!holder.ok) errors.push(errorItem(400, holder.error, "holder"));
      let bic: string | null = null;
      if (body.bic.trim() !== "") {
        const checked = checkBic(body.bic, iban.ok ? iban.country : null);
        if (checked.ok) bic = checked.bic;
        else errors.push(errorItem(400, checked.error, "bic"));
      }
      if (errors.length > 0 || !iban.ok || !holder.ok) throw new ApiError(400, errors);
      const answer: BankAccountCheck = { ...ibanAnswer(iban.iban), holder: holder.holder, bic };
      return ok(c, answer);
    },
  );

  v2.add(
    bankOps.files,
    {
      tag: "backoffice",
      auth: "required",
      staff: "money.manage",
      summary: `The SEPA files built so far, newest first. ${BACKEND}`,
      statuses: [401, 403],
    },
    async (c, { user }) => ok(c, { items: await listBankFiles(c.get("deps"), user!.id) }),
  );
  v2.add(
    bankOps.file,
    {
      tag: "backoffice",
      auth: "required",
      staff: "money.manage",
      summary: `One SEPA file as XML, to upload to the bank. ${BACKEND}`,
      statuses: [401, 403, 404],
    },
    async (c, { user }) => {
      const id = Number(c.req.param("id"));
      if (!Number.isSafeInteger(id) || id <= 0) throw fail.notFound(BANK_ERRORS.fileNotFound);
      const file = await bankFileXml(c.get("deps"), user!.id, id);
      return new Response(file.xml, {
        headers: {
          "Content-Type": "application/xml; charset=utf-8",
          "Content-Disposition": `attachment; filename="${file.name}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  );
  v2.add(
    bankOps.buildCollections,
    {
      tag: "backoffice",
      auth: "required",
      staff: "money.manage",
      summary: `Builds the pain.008 file of the direct debits due by the collection day (due_date, default the next bank day; at least tomorrow and a bank day: else 400 validation.bank.collection_day). Submitting settles each order; 409 exception.bank.nothing_to_collect when none is due. ${BACKEND}`,
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await buildCollectionFile(c.get("deps"), user!.id, body.due_date)),
  );
  v2.add(
    bankOps.buildTransfers,
    {
      tag: "backoffice",
      auth: "required",
      staff: "money.manage",
      summary: `Builds the pain.001 file of every transfer the platform owes (refunds by transfer), for the execution day due_date (default the next bank day). 409 exception.bank.nothing_to_collect when none is waiting. ${BACKEND}`,
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await buildTransferFile(c.get("deps"), user!.id, body.due_date)),
  );
  v2.add(
    bankOps.refundTransfer,
    {
      tag: "backoffice",
      auth: "required",
      staff: "money.manage",
      summary: `Records a refund the law requires by bank transfer (cash to code refunds nothing itself) to the account the member gave; exported with the next pain.001. ${BACKEND}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { body, user }) => {
      const deps = c.get("deps");
      await requireBackend(deps, user!.id);
      const order = await deps.db.selectFrom("orders").select("id").where("public_id", "=", body.order_ref).executeTakeFirst();
      if (!order) throw new ApiError(404, [errorItem(404, BANK_ERRORS.orderNotFound, "order_ref")]);
      const queued = await requestTransferRefund(deps, {
        orderId: order.id,
        iban: body.iban,
        holder: body.holder,
        bic: body.bic || null,
        amountCents: body.amount_cents,
        reason: body.reason,
        staffId: user!.id,
      });
      return ok(c, { transfer_id: queued.transferId });
    },
  );

  // The embedded voucher page: only while no real cash-to-code provider is configured, never in real production.
  const embedded = () => deps.config.bank.cashToCode.enabled && !deps.config.bank.cashToCode.url;
  const ticketOf = (token: string | undefined) => {
    const ticket = unseal<VoucherTicket>(deps.config.appSecret, token);
    return ticket && ticket.kind === "voucher" ? ticket : null;
  };
  const html = (body: string, status = 200) =>
    new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" } });
  v2.add(
    bankOps.voucherPage,
    {
      tag: "payment",
      auth: "optional",
      summary: "The embedded cash-to-code voucher page (a test stand-in for the provider; HTML).",
      statuses: [404],
    },
    (c) => {
      const token = c.req.param("token");
      const ticket = embedded() ? ticketOf(token) : null;
      if (!ticket) return html(voucherGoneHtml(c.get("lang")), 404);
      return html(
        voucherPageHtml({
          language: ticket.language,
          amountCents: ticket.amountCents,
          orderRef: ticket.orderRef,
          action: `${CASH_TO_CODE_PAGE_PATH}/${token}`,
        }),
      );
    },
  );
  v2.add(
    bankOps.voucherAction,
    {
      tag: "payment",
      auth: "optional",
      summary: "The voucher page's buttons: sends the signed postback (paid or cancelled) to the shop, then back to its return URL (303).",
      statuses: [303, 404],
    },
    async (c, { body }) => {
      const ticket = embedded() ? ticketOf(c.req.param("token")) : null;
      if (!ticket) return html(voucherGoneHtml(c.get("lang")), 404);
      const message: CashToCodePostback = {
        transaction_id: `ctv-${ticket.orderRef}`,
        order_ref: ticket.orderRef,
        status: body.action,
        amount_cents: ticket.amountCents,
        currency: "EUR",
      };
      const text = JSON.stringify(message);
      const notify = new URL(ticket.notifyUrl, deps.config.publicUrl);
      const answer = await dispatch(
        new Request(new URL(`${notify.pathname}${notify.search}`, "http://internal"), {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [CASH_TO_CODE_SIGNATURE_HEADER]: signCashToCode(deps.config.bank.cashToCode.secret, text, deps.clock.now()),
          },
          body: text,
        }),
      );
      if (answer.status >= 400)
        c.get("log").warn({ status: answer.status, order: ticket.orderRef }, "bank: the voucher postback was refused");
      return c.redirect(ticket.returnUrl, 303);
    },
  );
}
