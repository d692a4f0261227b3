/**
 * The bank (issue 26 item 3, ADR 079): SEPA direct debit mandates and pain.008 collection files, pain.001 transfers
 * (refunds the law requires by transfer), and the camt.053/054 statements the back office imports: incoming transfers
 * matched to open bank-transfer orders (TR), returned debits (R-transactions) turned into chargebacks. The payment
 * providers DD, TR and CT are server/integrations/payments/bank-providers.ts.
 */
import { defineFeature } from "../manifest";
import * as m0066 from "./migrations/0066_bank";
import { registerBank } from "./routes";

export const manifest = defineFeature({ name: "bank", routes: registerBank, migrations: { "0066_bank": m0066 } });

export {
  importBankStatement,
  onTransferReturn,
  markBankLineReturned,
  unmatchedBankLines,
  listedBankLines,
  assignBankLine,
  prepareDirectDebits,
  settleSubmittedCollections,
  buildCollectionFile,
  buildTransferFile,
  requestTransferRefund,
  queueRefundTransfers,
  listBankFiles,
  bankFileXml,
  runBankMaintenance,
  BANK_LINES_PAGE_SIZE,
  type StatementImportResult,
  type ReturnedTransferLine,
  type TransferReturnHook,
  type UnmatchedBankLine,
  type ListedBankLine,
  type TransferRefundRequest,
} from "./service";
export { buildPain001, buildPain008, type DebitLine, type TransferLine } from "./sepa-files";
export { parseStatement, type ParsedStatement, type StatementLine } from "./camt";
export { bankDayAfter, dayOf } from "./days";
