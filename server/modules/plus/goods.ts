/**
 * Plus as a good the checkout sells (issue 26, ADR 076): the packages this buyer may choose, and the membership a paid
 * order starts or extends — in the checkout's transaction, together with users.is_member and member_until, which the
 * entitlements kernel reads (ADR 061); the users triggers carry both into search_profiles in the same statement.
 *
 * One contract per member at a time: a purchase while a contract runs appends its term after the paid period (the
 * same row, its package switched to the one bought); a renewal order (kind renewal, membership_id) adds the renewal
 * term (contract-rules renewalTermOf); a preempt (sku + ":preempt") buys that renewal term early.
 */
import type { Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { INVOICE_ITEM_TYPES, type GoodsQuote, type RevocationReason, type SettledOrder } from "../../contract/billing";
import {
  packageSetOfRebillGroup,
  plusAudienceOf,
  plusPackage,
  plusPackagesFor,
  plusPackageTitleKey,
  PREEMPT_SUFFIX,
  type PlusPackage,
} from "../../contract/plus-packages";
import type { Database } from "../../db/schema";
import type { GoodsHandler } from "../manifest";
import { addMonths, renewalTermOf } from "./contract-rules";
import { activeMembership, effectiveEnd, syncUserPlus } from "./memberships";

function quoteOf(pkg: PlusPackage, sku = pkg.id, override?: { months: number; gross_cents: number; renewable: boolean }): GoodsQuote {
  const months = override?.months ?? pkg.months;
  const renewable = override?.renewable ?? pkg.renewable;
  return {
    goods: "membership",
    sku,
    gross_cents: override?.gross_cents ?? pkg.gross_cents,
    item_type: renewable ? INVOICE_ITEM_TYPES.renewable_membership : INVOICE_ITEM_TYPES.non_renewable_membership,
    renewable,
    months,
    title_key: plusPackageTitleKey({ months, renewable }),
    digital_content: false,
  };
}

async function buyerOf(deps: ApiDeps, buyerId: number) {
  const row = await deps.db.selectFrom("users").select(["user_type"]).where("id", "=", buyerId).executeTakeFirst();
  return row ? plusAudienceOf(row.user_type) : null;
}

export const membershipGoods: GoodsHandler = {
  async catalogue(deps, buyerId) {
    const audience = await buyerOf(deps, buyerId);
    if (!audience) return [];
    const running = await activeMembership(deps.db, buyerId, deps.clock.now());
    return plusPackagesFor(audience, packageSetOfRebillGroup(running?.rebill_group ?? 0)).map((pkg) => quoteOf(pkg));
  },

  async quote(deps, buyerId, sku) {
    const audience = await buyerOf(deps, buyerId);
    if (!audience) return null;
    const preempt = sku.endsWith(PREEMPT_SUFFIX);
    const pkg = plusPackage(preempt ? sku.slice(0, -PREEMPT_SUFFIX.length) : sku);
    // A package of another kind of member is never sold to this one.
    if (!pkg || pkg.audience !== audience) return null;
    const running = await activeMembership(deps.db, buyerId, deps.clock.now());
    if (preempt) {
      // The running contract's next period, early: its renewal term at its price as bought.
      if (!running || running.package_id !== pkg.id || !running.renewable) return null;
      const term = renewalTermOf(running);
      return quoteOf(pkg, sku, { ...term, renewable: true });
    }
    // The cancellation offer is for a member with a contract who is about to leave (or has given notice).
    if (pkg.set === "cancellation" && !running) return null;
    return quoteOf(pkg);
  },

  fulfil: fulfilMembership,
  revoke: revokeMembership,
};

export async function fulfilMembership(trx: Transaction<Database>, deps: ApiDeps, order: SettledOrder): Promise<void> {
  // Called once per order; a second call changes nothing all the same (one period per order).
  const done = await trx.selectFrom("membership_periods").select("id").where("order_id", "=", order.id).executeTakeFirst();
  if (done) return;
  const preempt = order.sku.endsWith(PREEMPT_SUFFIX);
  const pkg = plusPackage(preempt ? order.sku.slice(0, -PREEMPT_SUFFIX.length) : order.sku);
  if (!pkg) throw new Error(`plus: unknown package ${order.sku} on order ${order.id}`);
  const at = order.paid_at;
  const now = deps.clock.now();
  const method = await trx.selectFrom("orders").select("method").where("id", "=", order.id).executeTakeFirst();

  const renewed =
    order.kind === "renewal" && order.membership_id !== null
      ? await trx
          .selectFrom("memberships")
          .selectAll()
          .where("id", "=", order.membership_id)
          .where("user_id", "=", order.user_id)
          .executeTakeFirst()
      : undefined;
  const running = renewed ?? (await activeMembership(trx, order.user_id, at));

  let membershipId: number;
  let start: number;
  let end: number;
  if (running) {
    // Appended after the paid period (or from the payment, when a late renewal comes after the period ended).
    start = Math.max(running.period_end, at);
    if (renewed || preempt) {
      end = addMonths(start, renewalTermOf(running).months);
      await trx
        .updateTable("memberships")
        .set({
          status: running.status === "past_due" ? "running" : running.status,
          period_start: renewed ? start : running.period_start,
          period_end: end,
          last_order_id: order.id,
          updated_at: now,
        })
        .where("id", "=", running.id)
        .execute();
    } else {
      // A new package bought while one runs: the contract continues with it (a new term, so a new first term).
      end = addMonths(start, pkg.months);
      await trx
        .updateTable("memberships")
        .set({
          package_id: pkg.id,
          status: "running",
          renewable: pkg.renewable ? 1 : 0,
          months: pkg.months,
          price_cents: order.gross_cents,
          first_term_end: end,
          period_end: end,
          cancel_requested_at: null,
          ends_at: pkg.renewable ? null : end,
          payment_method: method?.method ?? running.payment_method,
          last_order_id: order.id,
          updated_at: now,
        })
        .where("id", "=", running.id)
        .execute();
    }
    membershipId = running.id;
  } else {
    start = at;
    end = addMonths(at, pkg.months);
    const row = await trx
      .insertInto("memberships")
      .values({
        user_id: order.user_id,
        package_id: pkg.id,
        status: "running",
        renewable: pkg.renewable ? 1 : 0,
        months: pkg.months,
        price_cents: order.gross_cents,
        started_at: at,
        first_term_end: end,
        period_start: at,
        period_end: end,
        cancel_requested_at: null,
        ends_at: pkg.renewable ? null : end,
        rebill_group: 0,
        payment_method: method?.method ?? null,
        payment_token: null,
        last_order_id: order.id,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    membershipId = Number(row.id);
  }
  await trx
    .insertInto("membership_periods")
    .values({
      membership_id: membershipId,
      order_id: order.id,
      user_id: order.user_id,
      starts_at: start,
      ends_at: end,
      gross_cents: order.gross_cents,
      revoked_at: null,
      revoke_reason: null,
      created_at: now,
    })
    .execute();
  // The checkout's order names the contract it started (orders.membership_id: "or the one a membership order created").
  await trx
    .updateTable("orders")
    .set({ membership_id: membershipId })
    .where("id", "=", order.id)
    .where("membership_id", "is", null)
    .execute();
  await syncUserPlus(trx, order.user_id, now);
}

const ENDED_BY: Record<RevocationReason, "ended" | "charged_back" | "withdrawn"> = {
  refund: "ended",
  chargeback: "charged_back",
  withdrawal: "withdrawn",
};

/**
 * Takes back the span an order bought. A span not begun yet (a preempted or appended period) is cut out and the
 * contract keeps running to its earlier end; a running span ends the contract at once (refund, chargeback,
 * withdrawal — the pro-rata money is the refund's business, not the membership's). Idempotent.
 */
export async function revokeMembership(
  trx: Transaction<Database>,
  deps: ApiDeps,
  order: SettledOrder,
  reason: RevocationReason,
): Promise<void> {
  const now = deps.clock.now();
  const span = await trx
    .selectFrom("membership_periods")
    .selectAll()
    .where("order_id", "=", order.id)
    .where("user_id", "=", order.user_id)
    .executeTakeFirst();
  if (!span || span.revoked_at !== null) return;
  const m = await trx.selectFrom("memberships").selectAll().where("id", "=", span.membership_id).executeTakeFirstOrThrow();
  const over = m.status === "ended" || m.status === "charged_back" || m.status === "withdrawn";
  if (!over && Number(span.starts_at) > now && reason !== "chargeback") {
    const length = Number(span.ends_at) - Number(span.starts_at);
    const periodEnd = Number(m.period_end) - length;
    await trx
      .updateTable("memberships")
      .set({ period_end: periodEnd, ends_at: m.ends_at === null ? null : Math.min(Number(m.ends_at), periodEnd), updated_at: now })
      .where("id", "=", m.id)
      .execute();
    // Later spans move back by the removed one's length.
    const later = await trx
      .selectFrom("membership_periods")
      .select(["id", "starts_at", "ends_at"])
      .where("membership_id", "=", m.id)
      .where("starts_at", ">=", span.ends_at)
      .where("revoked_at", "is", null)
      .execute();
    for (const next of later) {
      await trx
        .updateTable("membership_periods")
        .set({ starts_at: Number(next.starts_at) - length, ends_at: Number(next.ends_at) - length })
        .where("id", "=", next.id)
        .execute();
    }
  } else if (!over) {
    await trx
      .updateTable("memberships")
      .set({ status: ENDED_BY[reason], period_end: Math.min(Number(m.period_end), now), ends_at: now, updated_at: now })
      .where("id", "=", m.id)
      .execute();
  }
  await trx.updateTable("membership_periods").set({ revoked_at: now, revoke_reason: reason }).where("id", "=", span.id).execute();
  await syncUserPlus(trx, order.user_id, now);
}

export { effectiveEnd };
