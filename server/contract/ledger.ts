/**
 * The ledger's vocabulary (issue 27 item 1, ADR 073): currencies, accounts, the spec's transaction kinds and token
 * operation statuses. Every movement of money is a transfer from one account to another in whole units of one
 * currency (dollars: whole dollars, contract/prices.ts; euros: cents), so the sum over all accounts of a currency is
 * always zero.
 */

/** Dollars are the token currency (whole dollars); euros are counted in cents. */
export const LEDGER_CURRENCIES = ["dollar", "euro"] as const;
export type LedgerCurrency = (typeof LEDGER_CURRENCIES)[number];

/**
 * A member's accounts per currency. `wallet` is what the member may spend or pay out; `pending` holds earnings in
 * their probation period (the chargeback window), `frozen` what staff froze for fraud (FREEZE/DEFROST), `payout`
 * what is on its way to the member's bank (PAYOUT_ONGOING). None of them may go below zero.
 */
export const MEMBER_ACCOUNTS = ["wallet", "pending", "frozen", "payout"] as const;
export type MemberAccount = (typeof MEMBER_ACCOUNTS)[number];

/**
 * The platform's accounts. Their balances are sums of their transfers, not cached (ADR 073), and their sign is their
 * meaning: a source's negative balance is what it put into circulation.
 * - `sales`: dollars sold for euros (PURCHASE draws from it; a refund or reclaim returns to it);
 * - `grants`: dollars the platform gives (GRANT, REWARD, MIGRATED balances, gifts it pays for);
 * - `revenue`: dollars members spent on the platform's own services (unlocks, boosts, rise-ups, promotion);
 * - `paid_out`: dollars paid out to creators' bank accounts (the payout left the platform);
 * - `chargeback_loss`: dollars a charged-back purchase had already spent: the platform carries them (issue 27 item 2).
 *
 * In euros (cents; issue 26, ADR 075) the same names where they fit, and three of the checkout's own:
 * - `revenue`: net sales (its negative balance is what the platform earned);
 * - `vat_payable`: VAT charged to buyers and owed to the tax office (negative: owed);
 * - `provider_clearing`: what the payment providers (and the bank) collected for us and still hold (positive: owed to us);
 * - `unapplied_payments`: money that arrived but bought nothing (an amount that did not match its order, a second
 *   payment of a paid order) until the back office refunds or applies it.
 */
export const SYSTEM_ACCOUNTS = [
  "sales",
  "grants",
  "revenue",
  "paid_out",
  "chargeback_loss",
  "provider_clearing",
  "vat_payable",
  "unapplied_payments",
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/** Names an account: a member's (by user id) or the platform's. */
export type AccountRef = { member: number; account: MemberAccount } | { system: SystemAccount };

/**
 * The spec's transaction kinds (section 3 "Tokens and payment"), each a kind of operation that moves money
 * (server/modules/ledger/operations.ts maps each to its transfers). The spec spells the freeze both FROZE and FREEZE:
 * the ledger writes FREEZE. Earnings leave their probation by DEFROST, like a staff freeze ends. Two kinds are the
 * product's own, where the spec names none: PAYOUT_RETURNED (a payout the bank sent back), MESSAGE_BOOST and
 * CORRECTION (staff take back dollars granted by mistake: wallet to `grants`, ADR 087). A free rise-up moves no money
 * and is not a ledger operation.
 */
export const TRANSACTION_KINDS = [
  "PURCHASE",
  "REFUND",
  "REFUND_REVERSAL",
  "FREEZE",
  "DEFROST",
  "GIFT",
  "RESUME_GIFT",
  "CONSUME",
  "TRANSFER",
  "RECLAIM",
  "PAYOUT",
  "PAYOUT_ONGOING",
  "PAYOUT_RETURNED",
  "MIGRATED",
  "GRANT",
  "REWARD",
  "RISE_UP",
  "FIRST_CONTACT_UNLOCK",
  "MESSAGE_BOOST",
  "PROMOTION_PROFILE",
  "CORRECTION",
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/**
 * The euro operations of the checkout (issue 26, ADR 075): not the spec's token kinds, so not in TRANSACTION_KINDS
 * (whose list the dollar history shows). A charge books a paid order's gross into the provider's clearing account,
 * split into net revenue and VAT payable; a refund and a chargeback book part or all of it back; an unapplied payment
 * holds money that bought nothing.
 */
export const EURO_OPERATION_KINDS = ["EURO_CHARGE", "EURO_REFUND", "EURO_CHARGEBACK", "EURO_UNAPPLIED"] as const;
export type EuroOperationKind = (typeof EURO_OPERATION_KINDS)[number];

/** Every kind an operation of the ledger may have. */
export type LedgerOperationKind = TransactionKind | EuroOperationKind;

/** Token operation status (spec section 4): what a money request answers. */
export const TOKEN_OPERATION_STATUSES = ["succeeded", "failed", "insufficient", "pending", "timeout"] as const;
export type TokenOperationStatus = (typeof TOKEN_OPERATION_STATUSES)[number];

/** One movement: `amount` (a positive whole number) leaves `from` and reaches `to`. */
export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  amount: number;
}

/** The longest idempotency key a client may send (a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX = 100;

/** What an operation answered, the first time and on every retry with its key. */
export interface LedgerOperationResult {
  operationId: number;
  kind: LedgerOperationKind;
  status: Extract<TokenOperationStatus, "succeeded" | "insufficient">;
  /** The sum of the amounts moved (a partial transfer moves what the account held, up to its amount); 0 when insufficient. */
  moved: number;
  /** True when this answer is a retry's: the operation had already run with this key. */
  replayed: boolean;
}

/** A member's dollar balances as the wallet pages and the header show them (here, in the contract's leaf, since GET /user/data carries them). */
export interface DollarBalances {
  /** Spendable now (the ledger's wallet account). */
  available: number;
  /** Earned, still in probation. */
  pending: number;
  /** Held by staff. */
  frozen: number;
  /** On its way to the bank. */
  in_payout: number;
}
