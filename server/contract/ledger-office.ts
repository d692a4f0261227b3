/**
 * The ledger in the back office (issue 27 item 7, ADR 087): any member's ledger read-only, staff actions that move a
 * member's dollars only as new operations with a reason (a grant, a debit correction, a freeze and its defrost), and
 * the daily reconciliation's reports. Backend accounts only (ADR 080).
 */
import * as v from "valibot";
import type { LedgerCurrency, LedgerOperationKind, LedgerOperationResult, MemberAccount } from "./ledger";
import { pageQueryParam } from "./paging";
import { moneyKeySchema } from "./wallet";

/** Operations per page of a member's ledger. */
export const LEDGER_OFFICE_PAGE_SIZE = 20;
/** The reconciliation reports the back office lists (newest first): a month of daily runs for both currencies. */
export const RECONCILIATION_REPORTS_SHOWN = 60;
/** The largest amount one staff action moves (dollars): a typo of a few zeros is refused, not booked. */
export const STAFF_DOLLARS_MAX = 100_000;
export const STAFF_REASON_MIN = 5;
export const STAFF_REASON_MAX = 500;

/**
 * What staff may do to a member's dollars, each a new operation (never an edit):
 * - `grant`: dollars from the platform's `grants` into the wallet (GRANT);
 * - `debit`: a correction the other way, wallet back to `grants` (CORRECTION: a grant made by mistake, a duplicate
 *   reward), refused when the wallet holds less;
 * - `freeze` / `defrost`: available dollars into the member's `frozen` account for a fraud case, and back (FREEZE,
 *   DEFROST).
 */
export const STAFF_LEDGER_ACTIONS = ["grant", "debit", "freeze", "defrost"] as const;
export type StaffLedgerAction = (typeof STAFF_LEDGER_ACTIONS)[number];

const invalid = "validation.invalid";

/** A member named by username or by id, as staff type it. */
const memberField = v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(64, invalid));

/** GET /backoffice/ledger/accounts: one member's ledger. */
export const ledgerMemberQuerySchema = v.object({ member: memberField, page: pageQueryParam });

const amountSchema = v.pipe(
  v.number(invalid),
  v.integer("validation.ledger_office.whole_dollars"),
  v.minValue(1, "validation.ledger_office.amount_positive"),
  v.maxValue(STAFF_DOLLARS_MAX, "validation.ledger_office.amount_too_large"),
);
const reasonSchema = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.minLength(STAFF_REASON_MIN, "validation.ledger_office.reason_too_short"),
  v.maxLength(STAFF_REASON_MAX, "validation.ledger_office.reason_too_long"),
);

/** POST /backoffice/ledger/operations: one staff action under the form's idempotency key. */
export const staffLedgerBodySchema = v.object(
  {
    member: memberField,
    action: v.picklist(STAFF_LEDGER_ACTIONS, invalid),
    amount: amountSchema,
    reason: reasonSchema,
    key: moneyKeySchema,
  },
  "validation.required",
);
export type StaffLedgerBody = v.InferOutput<typeof staffLedgerBodySchema>;

/** The page's form: the amount as typed (whole dollars, digits only). */
export const staffLedgerFormSchema = v.object(
  {
    member: memberField,
    action: v.picklist(STAFF_LEDGER_ACTIONS, invalid),
    amount: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.regex(/^\d{1,9}$/, "validation.ledger_office.whole_dollars"),
      v.transform(Number),
      amountSchema,
    ),
    reason: reasonSchema,
    key: moneyKeySchema,
  },
  "validation.required",
);

/** One account of the member: its purpose, currency and cached balance. */
export interface LedgerOfficeAccount {
  id: number;
  purpose: MemberAccount;
  currency: LedgerCurrency;
  balance: number;
}

/** One side of a transfer: a member's account (with the member's name) or the platform's. */
export interface LedgerOfficeAccountName {
  purpose: string;
  /** The member's username; null for a platform account (or an erased member, then userId is set). */
  username: string | null;
  userId: number | null;
}

export interface LedgerOfficeTransfer {
  id: number;
  from: LedgerOfficeAccountName;
  to: LedgerOfficeAccountName;
  amount: number;
}

export interface LedgerOfficeOperation {
  id: number;
  kind: LedgerOperationKind;
  status: LedgerOperationResult["status"];
  currency: LedgerCurrency;
  reference: string | null;
  /** Who asked: the member, a staff member, or null for the platform. */
  actorId: number | null;
  actorName: string | null;
  createdAt: number;
  transfers: LedgerOfficeTransfer[];
}

export interface LedgerOfficeMember {
  member: { id: number; username: string; status: string };
  accounts: LedgerOfficeAccount[];
  operations: LedgerOfficeOperation[];
  page: number;
  pageSize: number;
  total: number;
}

/** What a staff action answered: the ledger's answer (replayed on a retry) and the balances after it. */
export interface StaffLedgerDone {
  operation: LedgerOperationResult;
  accounts: LedgerOfficeAccount[];
}

/**
 * One reconciliation of one currency (ADR 087): the sum over all accounts (must be 0), member accounts below zero or
 * whose cached balance differs from their transfers, and for dollars the identity
 *   liabilities = sold + granted − consumed − paid out − reclaimed + loss
 * where liabilities is the sum of the members' cached balances and the right side is read from the platform
 * accounts' transfers by kind. `ok` when imbalance, negative, mismatched and the identity's difference are all 0.
 */
export interface ReconciliationReport {
  id: number;
  currency: LedgerCurrency;
  ranAt: number;
  /** "job" (the daily run) or "staff" (run now). */
  trigger: string;
  ok: boolean;
  accounts: number;
  transfers: number;
  imbalance: number;
  negative: number;
  mismatched: number;
  /** Dollars only (null for euros): the members' cached balances, the identity's terms and its difference. */
  liabilities: number | null;
  identity: ReconciliationIdentity | null;
  identityDifference: number | null;
  platform: Record<string, number>;
}

/** The right side of the dollar identity, each term a positive flow. */
export interface ReconciliationIdentity {
  sold: number;
  granted: number;
  consumed: number;
  paidOut: number;
  reclaimed: number;
  loss: number;
}

export interface ReconciliationReportList {
  items: ReconciliationReport[];
}

export interface LedgerOfficeBodies {
  LedgerOfficeMember: LedgerOfficeMember;
  StaffLedgerDone: StaffLedgerDone;
  ReconciliationReportList: ReconciliationReportList;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends LedgerOfficeBodies {}
}
