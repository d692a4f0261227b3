/**
 * The dollars' vocabulary (issue 27): the spec's numbers for buying, spending, earning and paying out the token
 * currency, the statuses its pages and answers name, and the web paths of its pages. One source for both tiers; the
 * ledger's own words (accounts, transaction kinds, token operation statuses) are in contract/ledger.ts, the prices of
 * the platform's services in contract/prices.ts.
 *
 * Units: whole dollars (contract/prices.ts); euro amounts in cents.
 */
import * as v from "valibot";
import { recentMonths as lastMonths } from "./calendar";
import { pageQueryParam } from "./paging";
import { TRANSACTION_KINDS, type DollarBalances, type MemberAccount, type TokenOperationStatus, type TransactionKind } from "./ledger";

// ── Buying (spec section 9 "Tokens") ───────────────────────────────────────────────────────────────────────────

/** The smallest package a member can buy (spec "base package 100"); the larger ones are multiples of it. */
export const DOLLAR_BASE_PACKAGE = 100;

/** What one dollar costs in cents, VAT included (the base package: 100 dollars for 19,00 €). Larger packages give a bonus. */
export const DOLLAR_PRICE_CENTS = 19;

/**
 * The packages of the "dollar" goods (sku `dollars-<amount>`): the dollars credited and their price in cents with VAT.
 * Larger packages carry a bonus (more dollars per euro), as members of such products expect; the base is the spec's.
 */
export const DOLLAR_PACKAGES = [
  { sku: "dollars-100", dollars: 100, priceCents: 1900 },
  { sku: "dollars-250", dollars: 250, priceCents: 4500 },
  { sku: "dollars-500", dollars: 500, priceCents: 8500 },
  { sku: "dollars-1000", dollars: 1000, priceCents: 15900 },
] as const;
export type DollarPackage = (typeof DOLLAR_PACKAGES)[number];

/**
 * Auto recharge (spec "auto recharge 10", opt-in): when the wallet would not cover an action the member confirmed,
 * the member's stored payment (a renewal's rebill token) buys the smallest package that covers it — and never more
 * often than this many times a calendar month (the spec's 10), so a loop can never drain a card.
 */
export const AUTO_RECHARGE_MONTHLY_MAX = 10;

// ── Spending (spec sections 6, 9) ──────────────────────────────────────────────────────────────────────────────

// The tip amounts and limit: in ./tip-amounts (free of valibot, the live page's tip form reads them in the browser).
export { MONTHLY_TIP_LIMIT, TIP_AMOUNTS, TIP_MIN } from "./tip-amounts";
/** With JavaScript a tip waits this long before it is sent: the undo window (spec "delay tips 2500 ms"). */
export const TIP_DELAY_MS = 2500;
/** While a tip is pending the page asks for its status this often (spec "tipping poll 1000 ms"). */
export const TIP_POLL_MS = 1000;
/** A pending token operation counts down this long, then shows "timeout" (spec "pending countdown 7 s"). */
export const TOKEN_PENDING_COUNTDOWN_MS = 7000;

/** What tips may go to: in ./wallet-paths with the paths (free of valibot). */
export { TIP_TARGETS, type TipTarget } from "./wallet-paths";

/**
 * The basic rise-up (spec section 6): first position in top escorts and in search, and no client contact limit, for
 * this long. Other durations only as the price table sets them.
 */
export const RISE_UP_HOURS = 3;
/** How long ago a profile rose, as the spec bands it (section 9 "rise-up position 0-24, 24-72, over 72 hours"). */
export const RISE_UP_BANDS = ["0-24", "24-72", "72+"] as const;
export type RiseUpBand = (typeof RISE_UP_BANDS)[number];
/** Free rise-ups a running plus membership of an escort or business brings per calendar month (ADR 076's contract). */
export const PLUS_FREE_RISE_UPS_PER_MONTH = 4;

/** Share/promotion status (spec section 4): pending, accepted with three codes, rejected with four. */
export const PROMOTION_STATUSES = ["pending", "accepted", "rejected"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/**
 * Why a promotion was accepted (ADR 084): paid with dollars, one of a plus member's free rise-ups of the month, or
 * the team accepted what it shows (a promotion profile's headline, reviewed before it runs).
 */
export const PROMOTION_ACCEPTED_CODES = ["paid", "plus_free", "reviewed"] as const;
export type PromotionAcceptedCode = (typeof PROMOTION_ACCEPTED_CODES)[number];
/**
 * Why a promotion was refused (ADR 084): the wallet did not cover it (nothing moved), one of its type runs already,
 * the profile is not listed in search (a promotion would show nothing), or the team refused what it shows.
 */
export const PROMOTION_REJECTED_CODES = ["insufficient", "already_running", "not_listed", "content"] as const;
export type PromotionRejectedCode = (typeof PROMOTION_REJECTED_CODES)[number];
export type PromotionCode = PromotionAcceptedCode | PromotionRejectedCode;

/**
 * The promotion page's types (spec "promotion/{type?}"; the first is the default): the rise-up, and the promotion
 * profile — the profile featured at the top of its city's directory for PROMOTION_PROFILE_DAYS (ADR 084).
 */
export const PROMOTION_TYPES = ["rise_up", "profile"] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];
/** How long a promotion profile runs once accepted. */
export const PROMOTION_PROFILE_DAYS = 7;

/**
 * When a profile with this `rise_up_until` last rose. Every rise-up lasts RISE_UP_HOURS (the price table's only
 * duration), so the end tells the start; search tiles read it without another column (ADR 084).
 */
export function risenAtOf(riseUpUntil: number | null): number | null {
  return riseUpUntil === null ? null : riseUpUntil - RISE_UP_HOURS * 3_600_000;
}

/** How long ago a profile last rose, as a band; null when it never rose. A running rise-up is in the first band. */
export function riseUpBandOf(risenAt: number | null, now: number): RiseUpBand | null {
  if (risenAt === null) return null;
  const hours = (now - risenAt) / 3_600_000;
  return hours < 24 ? "0-24" : hours < 72 ? "24-72" : "72+";
}

// ── Earning and payouts (spec sections 4, 9) ───────────────────────────────────────────────────────────────────

/**
 * Earnings (tips and later fan money) stay pending this many days before they can be paid out: the window in which
 * a card payment's fraud chargeback usually arrives. The platform carries later chargebacks (issue 27 item 2).
 */
export const EARNINGS_PROBATION_DAYS = 14;
/** The smallest available balance a payout may be requested from (spec "payout threshold 100"). */
export const PAYOUT_MIN = 100;
/** At most this many payouts ongoing per member (spec "payout ongoing limit 3"). */
export const PAYOUT_MAX_ONGOING = 3;
/** What one dollar pays out, in cents (the creator's share: the platform keeps the difference to DOLLAR_PRICE_CENTS). */
export const PAYOUT_CENTS_PER_DOLLAR = 10;
/** A new or changed IBAN blocks payouts this long (issue 27 item 5). */
export const IBAN_CHANGE_BLOCK_HOURS = 48;
/** Payout status (spec section 4), with the spec's numbers. */
export const PAYOUT_STATUSES = { ongoing: 0, succeeded: 1, failed: 2, confirmed: 3 } as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[keyof typeof PAYOUT_STATUSES];
/** Payout flow steps (spec section 4), in order. */
export const PAYOUT_FLOW_STEPS = ["loading", "probation", "start", "edit", "submit", "success", "fail"] as const;
export type PayoutFlowStep = (typeof PAYOUT_FLOW_STEPS)[number];
/** The secure code that confirms payouts and bank changes: digits, and wrong tries before it locks until a reset. */
export const SECURE_CODE_LENGTH = 6;
export const SECURE_CODE_MAX_TRIES = 5;

// ── Pages and answers ──────────────────────────────────────────────────────────────────────────────────────────

/** The dollar history's page size (issue 27 item 6). */
export const DOLLAR_HISTORY_PAGE_SIZE = 20;

/** What every money request of the wallet answers (the token operation of spec section 4), first time and on retry. */
export interface TokenOperationAnswer {
  status: TokenOperationStatus;
  /** The ledger operation's id; null when nothing was recorded (a refusal before the ledger). */
  operation_id: number | null;
  kind: TransactionKind;
  /** Dollars moved (0 unless succeeded). */
  amount: number;
  /** The payer's spendable balance after it. */
  balance: number;
  /** True when this answer repeats an earlier request's with the same idempotency key. */
  replayed: boolean;
}

/** A member's dollar balances (contract/ledger.ts, a leaf: GET /user/data carries them). */
export type { DollarBalances } from "./ledger";

/** The web paths of the dollar pages: in ./wallet-paths (free of valibot, the header links them; ADR 149). */
export { walletPaths } from "./wallet-paths";

/**
 * Every money request's idempotency key (issue 27 item 1): made by the page that shows the confirmation (a UUID in a
 * hidden field, new with every render) or by the client's script, and sent again with every retry of that request.
 */
export const MONEY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
export const moneyKeySchema = v.pipe(v.string("validation.invalid"), v.regex(MONEY_KEY_PATTERN, "validation.invalid"));

// ── Paying in place (issue 27 item 3, part C, ADR 083) ─────────────────────────────────────────────────────────

/**
 * A spend the wallet does not cover (402, one error item with params { price, balance }): nothing moved; the page
 * keeps what the member typed and links to buying dollars (contract/billing checkoutPath(lang, "dollar")).
 */
export const INSUFFICIENT_DOLLARS_KEY = "exception.wallet.insufficient";
// ── The wallet's pages and API (part A: balances, history, CSV, operation look-up, auto recharge; ADR 081) ────────

/** The kinds the history may be filtered by: the spec's token kinds (the euro operations are never a member's history). */
export const DOLLAR_HISTORY_KINDS = TRANSACTION_KINDS;

/** A history month as the filter and the CSV name it: YYYY-MM, a calendar month in Europe/Berlin. */
export const HISTORY_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** How many months back the page's month filter offers (the API takes any month). */
export const HISTORY_MONTHS_OFFERED = 12;

/** The history's months: calendar months in the operator's zone (contract/calendar.ts). */
export { operatorMonthOf as berlinMonthOf, operatorMonthRange as berlinMonthRange } from "./calendar";
/** The last months up to now, newest first: the page's month filter. */
export const recentMonths = (now: number, count = HISTORY_MONTHS_OFFERED) => lastMonths(now, count);

const invalid = "validation.invalid";

/** GET /wallets/history and /wallets/history.csv: the filters (all optional) and the page (1-based). */
export const dollarHistoryQuerySchema = v.object({
  kind: v.optional(v.picklist(DOLLAR_HISTORY_KINDS, invalid)),
  month: v.optional(v.pipe(v.string(invalid), v.regex(HISTORY_MONTH_PATTERN, invalid))),
  page: pageQueryParam,
});
export type DollarHistoryQuery = v.InferOutput<typeof dollarHistoryQuerySchema>;

/**
 * The idempotency key as a caller asks for it on GET /wallets/operations/{key}: the key the feature posted under,
 * its prefix included (`tip:<client key>`), so MONEY_KEY_PATTERN's characters and the prefix's colon.
 */
export const OPERATION_LOOKUP_KEY_PATTERN = /^[A-Za-z0-9_:.-]{8,100}$/;

/** The auto-recharge setting as the dollar page posts it: on or off, and which package it buys. */
export const autoRechargeSettingSchema = v.object({
  enabled: v.boolean(invalid),
  sku: v.picklist(
    DOLLAR_PACKAGES.map((pkg) => pkg.sku),
    invalid,
  ),
});
export type AutoRechargeSetting = v.InferOutput<typeof autoRechargeSettingSchema>;

/**
 * What an auto recharge did when a spend found too little (ADR 081): `charged` (the package was paid at once and the
 * spend ran again), `pending` (the payment is under way: the spend answers "pending"), or why none ran.
 */
export const AUTO_RECHARGE_OUTCOMES = [
  "charged",
  "pending",
  "not_enabled",
  "no_stored_payment",
  "monthly_limit",
  "charge_failed",
  // The member's plus contract no longer renews (cancelled, ended): the setting stays stored, unused (ADR 081 addendum).
  "not_renewing",
] as const;
export type AutoRechargeOutcome = (typeof AUTO_RECHARGE_OUTCOMES)[number];

/**
 * Why auto recharge is not offered (ADR 081 addendum): it charges only a renewing plus contract's stored payment.
 * `renewal_cancelled`: a plus contract runs to its end without renewing (cancelled, withdrawn, one-off);
 * `no_renewing_plus`: no plus contract runs; `no_stored_payment`: the renewing contract has no card or mandate (granted).
 */
export const AUTO_RECHARGE_UNAVAILABLE = ["renewal_cancelled", "no_renewing_plus", "no_stored_payment"] as const;
export type AutoRechargeUnavailable = (typeof AUTO_RECHARGE_UNAVAILABLE)[number];
/** The reason's message (common exception.wallet.*): the disabled setting's note and the refusal of turning it on. */
export const autoRechargeUnavailableKey = (reason: AutoRechargeUnavailable) => `exception.wallet.auto_recharge_${reason}` as const;

/** GET /wallets/dollar: the balances, the packages for sale and the auto-recharge setting. */
export interface DollarWallet {
  balances: DollarBalances;
  packages: Array<{ sku: string; dollars: number; price_cents: number }>;
  auto_recharge: {
    enabled: boolean;
    /** The package it buys (the smallest that covers the shortfall, at least this one). */
    sku: string;
    monthly_max: number;
    /** Recharges started this calendar month (Europe/Berlin). */
    used_this_month: number;
    /** A stored payment exists (a renewing plus contract's card or mandate): without one it cannot run. */
    stored_payment: boolean;
    /** Why it is not offered (then it cannot be turned on, and a stored "on" does not run), or null when it is. */
    unavailable: AutoRechargeUnavailable | null;
  };
}

/** One line of the history: one operation's net movement on one of the member's accounts. */
export interface DollarHistoryEntry {
  operation_id: number;
  /** Epoch ms. */
  at: number;
  kind: TransactionKind;
  /** Signed from the member's view: + reached the account, − left it. */
  amount: number;
  account: MemberAccount;
  /** What it was for (`order:<public id>`, `profile:45`, `tip:…`), or null. */
  reference: string | null;
  /** The account's balance right after this operation. */
  balance_after: number;
}

/** GET /wallets/history: one page, newest first. */
export interface DollarHistoryPage {
  entries: DollarHistoryEntry[];
  page: number;
  page_size: number;
  has_next: boolean;
  filters: { kind: TransactionKind | null; month: string | null };
  /** The months the page's filter offers: the last HISTORY_MONTHS_OFFERED, newest first (YYYY-MM). */
  months: string[];
}

/**
 * GET /wallets/operations/{key}: the viewer's own operation under that key as a token operation. `kind` is null and
 * the status "pending" while none is recorded — also for another member's key, which is never told apart.
 */
export interface WalletOperationState extends Omit<TokenOperationAnswer, "kind"> {
  kind: TransactionKind | null;
}
