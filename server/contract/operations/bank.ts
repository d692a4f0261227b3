/** The bank's operations (ADR 062, 079): IBAN and account checks for the payment step, SEPA files for the back office. */
import * as v from "valibot";
import { defineOperation } from "../operation";
import { validateBankAccountSchema, validateIbanSchema } from "../bank";

const day = v.optional(v.pipe(v.string("validation.invalid"), v.regex(/^\d{4}-\d{2}-\d{2}$/, "validation.bank.collection_day")));

/** POST /backoffice/bank/collections and /transfers: the collection or execution day (default: the next bank day). */
export const bankFileBodySchema = v.object({ due_date: day }, "validation.required");

/** POST /backoffice/bank/refund-transfers: a refund the law requires by transfer to the account the member gave. */
export const refundTransferBodySchema = v.object(
  {
    order_ref: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(64, "validation.invalid")),
    iban: v.pipe(v.string("validation.bank.iban_required"), v.maxLength(68, "validation.bank.iban_format")),
    holder: v.pipe(v.string("validation.bank.holder_required"), v.maxLength(140, "validation.bank.holder_format")),
    bic: v.optional(v.pipe(v.string("validation.bank.bic_format"), v.maxLength(22, "validation.bank.bic_format")), ""),
    amount_cents: v.pipe(
      v.number("validation.invalid"),
      v.integer("validation.invalid"),
      v.minValue(1, "validation.invalid"),
      v.maxValue(100_000_000, "validation.invalid"),
    ),
    reason: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(500, "validation.invalid")),
  },
  "validation.required",
);

/** The embedded cash-to-code voucher page's buttons. */
export const voucherFormSchema = v.object({ action: v.picklist(["paid", "cancelled"], "validation.invalid") }, "validation.required");

const base = "/api/v2/backoffice/bank";

export const bankOps = {
  validateIban: defineOperation({ method: "post", path: "/api/v2/payment/validate-iban", body: validateIbanSchema, response: "IbanCheck" }),
  validateBankAccount: defineOperation({
    method: "post",
    path: "/api/v2/payment/validate-bank-account",
    body: validateBankAccountSchema,
    response: "BankAccountCheck",
  }),
  files: defineOperation({ method: "get", path: `${base}/files`, response: "BankFileList" }),
  file: defineOperation({ method: "get", path: `${base}/files/:id` }),
  buildCollections: defineOperation({ method: "post", path: `${base}/collections`, body: bankFileBodySchema, response: "BankFileSummary" }),
  buildTransfers: defineOperation({ method: "post", path: `${base}/transfers`, body: bankFileBodySchema, response: "BankFileSummary" }),
  refundTransfer: defineOperation({
    method: "post",
    path: `${base}/refund-transfers`,
    body: refundTransferBodySchema,
    response: "BankTransferQueued",
  }),
  voucherPage: defineOperation({ method: "get", path: "/api/v2/payment/cash-to-code/voucher/:token" }),
  voucherAction: defineOperation({
    method: "post",
    path: "/api/v2/payment/cash-to-code/voucher/:token",
    body: voucherFormSchema,
    bodyFormat: "form",
  }),
};
