/**
 * The member's plus contract (issue 26 items 1 and 6, ADR 076): its state, the member's own cancel at the period's end
 * and its undo, the survey, preempt, and the statutory declarations that need no login — the § 312k BGB cancellation
 * and the EU withdrawal function — each recorded as received, confirmed on a saveable page and by e-mail to the
 * account's owner only (the page never tells whether an identification names an account).
 */
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type {
  CancellationSurveyInput,
  ContractCancelInput,
  ContractReceipt,
  ContractWithdrawInput,
  PlusContract,
  PlusContractState,
} from "../../contract/plus";
import { PLUS_ERRORS, WITHDRAWAL_CONFIRM_TTL_MS, type WithdrawalConfirmInput } from "../../contract/plus";
import { DEFAULT_LANGUAGE, isLanguage } from "../../contract/locales";
import {
  plusAudienceOf,
  plusPackage,
  PREEMPT_SUFFIX,
  type PlusPackageList,
  type PlusPackageSet,
  plusPackagesFor,
  monthlyCents,
  type PlusAudience,
  packageSetOfRebillGroup,
} from "../../contract/plus-packages";
import type { Database } from "../../db/schema";
import { randomToken, sha256 } from "../../lib/crypto";
import { plusRunning } from "../access/index";
import { earliestOrdinaryEnd, proRataRefund, renewalTermOf, withdrawalDeadline, DAY_MS } from "./contract-rules";
import { declarationMail, withdrawalConfirmMail } from "./mails";
import { activeMembership, effectiveEnd, latestMembership, renewsAt, syncUserPlus, type Membership } from "./memberships";
import type { ContractDeclarationsTable } from "./schema";
import { refundOrder } from "../payments/index";

async function withdrawalOf(deps: ApiDeps, m: Membership, now: number): Promise<PlusContract["withdrawal"]> {
  const until = withdrawalDeadline(m.started_at);
  if (now >= until || !["running", "cancelled", "past_due"].includes(m.status)) return null;
  const spans = await deps.db
    .selectFrom("membership_periods")
    .select(["starts_at", "ends_at", "gross_cents"])
    .where("membership_id", "=", m.id)
    .where("revoked_at", "is", null)
    .execute();
  const refund = spans.reduce(
    (sum, s) => sum + proRataRefund({ starts_at: Number(s.starts_at), ends_at: Number(s.ends_at), gross_cents: s.gross_cents }, now),
    0,
  );
  // Nothing paid through a checkout (a seeded or granted contract): nothing to refund, no withdrawal to offer.
  return spans.length === 0 ? null : { until, refund_cents: refund };
}

function contractOf(m: Membership, now: number, withdrawal: PlusContract["withdrawal"]): PlusContract {
  const live = ["running", "cancelled", "past_due"].includes(m.status) && effectiveEnd(m) > now;
  const renewing = renewsAt(m, now);
  const term = renewalTermOf(m);
  return {
    id: m.id,
    package_id: m.package_id,
    status: m.status,
    renewable: m.renewable === 1,
    months: m.months,
    price_cents: m.price_cents,
    started_at: m.started_at,
    first_term_end: m.first_term_end,
    period_end: m.period_end,
    ends_at: m.ends_at,
    next_renewal: renewing ? { at: m.period_end, gross_cents: term.gross_cents, months: term.months } : null,
    earliest_end: live ? earliestOrdinaryEnd(m, now) : effectiveEnd(m),
    can_cancel: renewing,
    can_undo_cancel: live && m.status === "cancelled",
    preempt_sku: renewing ? `${m.package_id}${PREEMPT_SUFFIX}` : null,
    withdrawal,
  };
}

export async function contractState(deps: ApiDeps, userId: number): Promise<PlusContractState> {
  const user = await deps.db
    .selectFrom("users")
    .select(["user_type", "is_member", "member_until"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw fail.unauthorized();
  const now = deps.clock.now();
  const m = (await activeMembership(deps.db, userId, now)) ?? (await latestMembership(deps.db, userId));
  return {
    audience: plusAudienceOf(user.user_type),
    plus_member: plusRunning(user, now),
    member_until: user.member_until === null ? null : Number(user.member_until),
    contract: m ? contractOf(m, now, await withdrawalOf(deps, m, now)) : null,
  };
}

/** GET /membership/packages: a member gets their kind's (and their rebill group's set), a guest the kind asked for. */
export async function packageList(
  deps: ApiDeps,
  userId: number | null,
  query: { set?: "standard" | "redesign"; audience?: PlusAudience },
): Promise<PlusPackageList> {
  let audience: PlusAudience = query.audience ?? "client";
  let set: PlusPackageSet = query.set ?? "standard";
  if (userId !== null) {
    const user = await deps.db.selectFrom("users").select("user_type").where("id", "=", userId).executeTakeFirst();
    audience = (user && plusAudienceOf(user.user_type)) ?? audience;
    if (!query.set) {
      const m = await activeMembership(deps.db, userId, deps.clock.now());
      set = packageSetOfRebillGroup(m?.rebill_group ?? 0);
    }
  }
  return listOf(audience, set);
}

function listOf(audience: PlusAudience, set: PlusPackageSet): PlusPackageList {
  return { audience, set, packages: plusPackagesFor(audience, set).map((pkg) => ({ ...pkg, monthly_cents: monthlyCents(pkg) })) };
}

/** GET /membership/cancellation-packages: the offer shown while cancelling (cancel v2); the member's kind. */
export async function cancellationPackages(deps: ApiDeps, userId: number): Promise<PlusPackageList> {
  const user = await deps.db.selectFrom("users").select("user_type").where("id", "=", userId).executeTakeFirst();
  const audience = user ? plusAudienceOf(user.user_type) : null;
  if (!audience) throw fail.notFound(PLUS_ERRORS.noContract);
  return listOf(audience, "cancellation");
}

/** POST /membership/cancellation-survey: stored as given; it changes nothing about the contract. */
export async function saveSurvey(deps: ApiDeps, userId: number, input: CancellationSurveyInput): Promise<{ saved: true }> {
  const m = await latestMembership(deps.db, userId);
  await deps.db
    .insertInto("cancellation_surveys")
    .values({
      user_id: userId,
      membership_id: m?.id ?? null,
      reasons: JSON.stringify(input.reasons),
      comment: input.comment === "" ? null : input.comment,
      created_at: deps.clock.now(),
    })
    .execute();
  return { saved: true };
}

/** POST /membership/cancel: the member's own ordinary cancellation, effective at the earliest end. */
export async function cancelOwn(deps: ApiDeps, userId: number, language: string): Promise<PlusContractState> {
  const account = await deps.db.selectFrom("users").select(["username", "email"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const receipt = await declare(deps, {
    action: "cancel",
    kind: "ordinary",
    reason: null,
    name: account.username,
    identifier: account.username,
    requested_end: "earliest",
    source: "account",
    language,
    userId,
    viewerId: userId,
  });
  if (receipt.outcome !== "applied") throw fail.conflict(PLUS_ERRORS.notCancellable);
  return contractState(deps, userId);
}

/** POST /membership/undo-cancel: a cancelled contract runs on (and renews) again, until its end. */
export async function undoCancel(deps: ApiDeps, userId: number): Promise<PlusContractState> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const m = await activeMembership(trx, userId, now);
    if (!m || m.status !== "cancelled") throw fail.conflict(PLUS_ERRORS.notCancelled);
    // Conditional on the state read: a double post changes nothing twice.
    await trx
      .updateTable("memberships")
      .set({ status: "running", cancel_requested_at: null, ends_at: m.renewable ? null : m.period_end, updated_at: now })
      .where("id", "=", m.id)
      .where("status", "=", "cancelled")
      .execute();
    await syncUserPlus(trx, userId, now);
  });
  return contractState(deps, userId);
}

/** GET /membership/preempt: the next period, bought early (the checkout's sku, price and dates). */
export async function preemptOffer(deps: ApiDeps, userId: number) {
  const now = deps.clock.now();
  const m = await activeMembership(deps.db, userId, now);
  const pkg = m ? plusPackage(m.package_id) : null;
  if (!m || !pkg || !m.renewable || m.status !== "running" || m.ends_at !== null) throw fail.conflict(PLUS_ERRORS.noPreempt);
  const term = renewalTermOf(m);
  return { sku: `${m.package_id}${PREEMPT_SUFFIX}`, months: term.months, gross_cents: term.gross_cents, starts_at: m.period_end };
}

// ---- the statutory declarations ----------------------------------------------------------------------------------

interface Declaration {
  action: "cancel" | "withdraw";
  kind: string;
  reason: string | null;
  name: string;
  identifier: string;
  requested_end: string;
  source: "button" | "account";
  language: string;
  /** The account it concerns, when known (the member's own cancel). */
  userId?: number;
  viewerId: number | null;
}

/** The end of a calendar day (YYYY-MM-DD) in UTC ms. */
function endOfDay(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return Date.UTC(y!, m! - 1, d! + 1) - 1;
}

async function accountByIdentifier(deps: ApiDeps, identifier: string, emailOnly: boolean) {
  const key = identifier.trim().toLowerCase();
  const rows = await deps.db
    .selectFrom("users")
    .select(["id", "username", "username_key", "email", "language", "user_type"])
    .where((eb) => (emailOnly ? eb("email_key", "=", key) : eb.or([eb("username_key", "=", key), eb("email_key", "=", key)])))
    .limit(2)
    .execute();
  return rows.find((row) => row.username_key === key) ?? rows[0] ?? null;
}

type Outcome = "applied" | "no_contract" | "already" | "not_eligible";
/** A withdrawal sent without login before its owner confirmed it by the mailed link (ADR 088). */
type Recorded = Outcome | "pending";

type Trx = Transaction<Database>;

/**
 * Withdraws contract `m` (§ 355, § 356(4), § 357a BGB): in time and refunded pro rata as of `declaredAt`, the time the
 * declaration was sent (§ 355(1) sentence 5: sending it in time suffices); plus ends `now`, when it takes effect.
 */
async function applyWithdrawal(
  trx: Trx,
  m: Membership,
  declaredAt: number,
  now: number,
  refunds: Array<{ orderId: number; amount: number }>,
): Promise<{ outcome: Outcome; effective: number; refundCents: number | null }> {
  if (declaredAt >= withdrawalDeadline(m.started_at)) return { outcome: "not_eligible", effective: effectiveEnd(m), refundCents: null };
  const spans = await trx
    .selectFrom("membership_periods")
    .select(["id", "order_id", "starts_at", "ends_at", "gross_cents"])
    .where("membership_id", "=", m.id)
    .where("revoked_at", "is", null)
    .execute();
  let refundCents = 0;
  for (const span of spans) {
    const amount = proRataRefund(
      { starts_at: Number(span.starts_at), ends_at: Number(span.ends_at), gross_cents: span.gross_cents },
      declaredAt,
    );
    refundCents += amount;
    if (amount > 0) refunds.push({ orderId: Number(span.order_id), amount });
  }
  await trx
    .updateTable("memberships")
    .set({ status: "withdrawn", period_end: now, ends_at: now, cancel_requested_at: declaredAt, updated_at: now })
    .where("id", "=", m.id)
    .execute();
  await trx
    .updateTable("membership_periods")
    .set({ revoked_at: now, revoke_reason: "withdrawal" })
    .where("membership_id", "=", m.id)
    .where("revoked_at", "is", null)
    .execute();
  await syncUserPlus(trx, m.user_id, now);
  return { outcome: "applied", effective: now, refundCents };
}

/**
 * The money goes back through payments (a credit note, the ledger); the contract has ended already. A refund that
 * fails stays "failed" on the declaration for the back office to pay by hand.
 */
async function payRefunds(deps: ApiDeps, publicId: string, refunds: Array<{ orderId: number; amount: number }>): Promise<void> {
  for (const refund of refunds) {
    try {
      await refundOrder(deps, { orderId: refund.orderId, amountCents: refund.amount, reason: "withdrawal", staffId: null });
    } catch (error) {
      deps.log.warn({ err: error, order: refund.orderId }, "plus: the withdrawal refund failed; left to the back office");
      await deps.db.updateTable("contract_declarations").set({ refund_status: "failed" }).where("public_id", "=", publicId).execute();
    }
  }
}

/**
 * Records a declaration and applies it to the contract it names, in one transaction; then mails the owner. The
 * answer is the same for every identification (received), so nobody learns whether an address has an account. A
 * withdrawal without login is only recorded: the owner confirms it by the link mailed to the account (ADR 088).
 */
async function declare(deps: ApiDeps, d: Declaration): Promise<ContractReceipt & { outcome: Recorded }> {
  const now = deps.clock.now();
  const byLink = d.action === "withdraw" && d.viewerId === null;
  // Withdrawal ends plus at once and refunds: without login only the account's e-mail address identifies for it.
  const account = d.userId
    ? await deps.db
        .selectFrom("users")
        .select(["id", "username", "email", "language", "user_type"])
        .where("id", "=", d.userId)
        .executeTakeFirst()
    : await accountByIdentifier(deps, d.identifier, byLink);
  const publicId = randomToken(12);
  const confirmToken = byLink && account ? randomToken(32) : null;
  const refunds: Array<{ orderId: number; amount: number }> = [];
  const result = await deps.db.transaction().execute(async (trx) => {
    let outcome: Recorded = "no_contract";
    let effective: number | null = null;
    let refundCents: number | null = null;
    let membershipId: number | null = null;
    const m = account ? await activeMembership(trx, Number(account.id), now) : null;
    if (confirmToken) {
      // Nothing changes before the owner confirms; the contract is looked up again then.
      outcome = "pending";
      membershipId = m?.id ?? null;
    } else if (m) {
      membershipId = m.id;
      if (d.action === "cancel") {
        const earliest = d.kind === "extraordinary" ? now : earliestOrdinaryEnd(m, now);
        const asked = d.requested_end === "earliest" ? earliest : endOfDay(d.requested_end);
        // Never before the earliest lawful end, never past the paid period (ADR 076).
        effective = Math.min(Math.max(asked, earliest), effectiveEnd(m));
        const already = m.status === "cancelled" && m.ends_at !== null && m.ends_at <= effective;
        if (already || (!m.renewable && d.kind === "ordinary")) {
          outcome = "already";
          effective = effectiveEnd(m);
        } else {
          outcome = "applied";
          await trx
            .updateTable("memberships")
            .set({
              status: effective <= now ? "ended" : "cancelled",
              cancel_requested_at: now,
              ends_at: effective,
              period_end: effective <= now ? now : m.period_end,
              updated_at: now,
            })
            .where("id", "=", m.id)
            .execute();
          await syncUserPlus(trx, m.user_id, now);
        }
      } else {
        ({ outcome, effective, refundCents } = await applyWithdrawal(trx, m, now, now, refunds));
      }
    }
    const row: Omit<ContractDeclarationsTable, "id"> = {
      public_id: publicId,
      action: d.action,
      kind: d.kind,
      reason: d.reason,
      name: d.name,
      identifier: d.identifier,
      requested_end: d.requested_end,
      source: d.source,
      language: d.language,
      user_id: account ? Number(account.id) : null,
      membership_id: membershipId,
      outcome,
      effective_end: effective,
      refund_cents: refundCents,
      refund_order_id: refunds[0]?.orderId ?? null,
      refund_status: refunds.length > 0 ? "requested" : null,
      received_at: now,
      confirmation: byLink ? "pending" : null,
      confirm_token_hash: confirmToken ? sha256(confirmToken) : null,
      confirm_expires_at: confirmToken ? now + WITHDRAWAL_CONFIRM_TTL_MS : null,
      confirmed_at: null,
    };
    await trx.insertInto("contract_declarations").values(row).execute();
    return { outcome, effective, refundCents };
  });

  await payRefunds(deps, publicId, refunds);

  const receipt: ContractReceipt = {
    id: publicId,
    action: d.action,
    kind: d.kind,
    reason: d.reason,
    name: d.name,
    identifier: d.identifier,
    contract: "plus",
    requested_end: d.requested_end,
    received_at: now,
    effective_end: null,
    refund_cents: null,
    confirmation: byLink ? "pending" : null,
  };
  if (account && confirmToken) {
    await deps.mailer.send(
      withdrawalConfirmMail({
        to: account.email,
        username: account.username,
        language: d.language,
        receipt,
        link: `${deps.config.publicUrl}/${isLanguage(d.language) ? d.language : DEFAULT_LANGUAGE}/contracts/withdraw/confirm/${confirmToken}`,
        expiresAt: now + WITHDRAWAL_CONFIRM_TTL_MS,
      }),
    );
  } else if (account && result.outcome !== "pending") {
    await deps.mailer.send(
      declarationMail({
        to: account.email,
        username: account.username,
        language: d.language,
        receipt,
        outcome: result.outcome,
        effectiveEnd: result.effective,
        refundCents: result.refundCents,
      }),
    );
  }
  const owner = Boolean(account) && d.viewerId !== null && Number(account!.id) === d.viewerId;
  return {
    ...receipt,
    effective_end: owner ? result.effective : null,
    refund_cents: owner ? result.refundCents : null,
    outcome: result.outcome,
  };
}

/**
 * POST /contracts/withdraw/confirm: the owner opened the mailed link and confirms. The withdrawal takes effect now;
 * whether it was in time and what is refunded count from its submission (received_at). Single use, expiring; an
 * unknown, used or expired link is a 404 and changes nothing. The receipt is mailed as for a signed-in withdrawal.
 */
export async function confirmWithdrawal(deps: ApiDeps, input: WithdrawalConfirmInput): Promise<ContractReceipt> {
  const now = deps.clock.now();
  const hash = sha256(input.token);
  const refunds: Array<{ orderId: number; amount: number }> = [];
  const done = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("contract_declarations")
      .selectAll()
      .where("confirm_token_hash", "=", hash)
      .where("confirmation", "=", "pending")
      .executeTakeFirst();
    if (!row || row.user_id === null || Number(row.confirm_expires_at) <= now) return null;
    // Taken by this request only: a second click finds it confirmed.
    const taken = await trx
      .updateTable("contract_declarations")
      .set({ confirmation: "confirmed", confirmed_at: now })
      .where("id", "=", row.id)
      .where("confirmation", "=", "pending")
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    const declaredAt = Number(row.received_at);
    const m = await activeMembership(trx, Number(row.user_id), now);
    const applied = m
      ? await applyWithdrawal(trx, m, declaredAt, now, refunds)
      : { outcome: "no_contract" as const, effective: null, refundCents: null };
    await trx
      .updateTable("contract_declarations")
      .set({
        outcome: applied.outcome,
        membership_id: m?.id ?? null,
        effective_end: applied.effective,
        refund_cents: applied.refundCents,
        refund_order_id: refunds[0]?.orderId ?? null,
        refund_status: refunds.length > 0 ? "requested" : null,
      })
      .where("id", "=", row.id)
      .execute();
    return { row, applied };
  });
  if (!done) throw fail.notFound(PLUS_ERRORS.withdrawLinkGone);
  const { row, applied } = done;
  await payRefunds(deps, row.public_id, refunds);
  const receipt: ContractReceipt = {
    id: row.public_id,
    action: "withdraw",
    kind: row.kind,
    reason: row.reason,
    name: row.name,
    identifier: row.identifier,
    contract: "plus",
    requested_end: row.requested_end,
    received_at: Number(row.received_at),
    effective_end: applied.effective,
    refund_cents: applied.refundCents,
    confirmation: "confirmed",
  };
  const account = await deps.db.selectFrom("users").select(["email", "username"]).where("id", "=", Number(row.user_id)).executeTakeFirst();
  if (account) {
    await deps.mailer.send(
      declarationMail({
        to: account.email,
        username: account.username,
        language: row.language,
        receipt,
        outcome: applied.outcome,
        effectiveEnd: applied.effective,
        refundCents: applied.refundCents,
      }),
    );
  }
  return receipt;
}

function strip(receipt: ContractReceipt & { outcome?: Recorded }): ContractReceipt {
  const { outcome: _outcome, ...rest } = receipt;
  return rest;
}

/** POST /contracts/cancel (§ 312k BGB button). */
export async function declareCancel(
  deps: ApiDeps,
  viewerId: number | null,
  input: ContractCancelInput,
  language: string,
): Promise<ContractReceipt> {
  return strip(
    await declare(deps, {
      action: "cancel",
      kind: input.kind,
      reason: input.reason === "" ? null : input.reason,
      name: input.name,
      identifier: input.identifier,
      requested_end: input.end === "date" ? input.end_date : "earliest",
      source: "button",
      language,
      viewerId,
    }),
  );
}

/** POST /contracts/withdraw (EU withdrawal function). */
export async function declareWithdraw(
  deps: ApiDeps,
  viewerId: number | null,
  input: ContractWithdrawInput,
  language: string,
): Promise<ContractReceipt> {
  return strip(
    await declare(deps, {
      action: "withdraw",
      kind: "withdrawal",
      reason: null,
      name: input.name,
      identifier: input.identifier,
      requested_end: "now",
      source: "button",
      language,
      viewerId,
    }),
  );
}

/** How long a receipt stays readable by its link (the mail keeps it for good). */
const RECEIPT_DAYS = 90;

/** GET /contracts/receipts/{id}: the saveable confirmation; the end date only for the signed-in owner. */
export async function readReceipt(deps: ApiDeps, publicId: string, viewerId: number | null): Promise<ContractReceipt> {
  const row = await deps.db.selectFrom("contract_declarations").selectAll().where("public_id", "=", publicId).executeTakeFirst();
  if (!row || Number(row.received_at) < deps.clock.now() - RECEIPT_DAYS * DAY_MS) throw fail.notFound();
  const owner = viewerId !== null && row.user_id !== null && Number(row.user_id) === viewerId;
  return {
    id: row.public_id,
    action: row.action,
    kind: row.kind,
    reason: row.reason,
    name: row.name,
    identifier: row.identifier,
    contract: "plus",
    requested_end: row.requested_end,
    received_at: Number(row.received_at),
    effective_end: owner && row.effective_end !== null ? Number(row.effective_end) : null,
    refund_cents: owner ? row.refund_cents : null,
    confirmation: row.confirmation,
  };
}
