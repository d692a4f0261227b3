/**
 * Affiliate initiators (issue 32 item 6, ADR 135): the rules. A partner's link is checked before the web tier sets the
 * attribution cookie; the sign-up binds the new member to the partner once, inside the sign-up's transaction; the
 * settlement tells us of every paid order, and the member's first one is credited. Credits are a report: no money
 * moves here (a partner's commission is settled by contract outside the product).
 */
import { sql, type Insertable, type Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  AFFILIATE_ERRORS,
  AFFILIATE_REPORT_MONTHS,
  type AffiliateCreateInput,
  type AffiliateItem,
  type AffiliateLink,
  type AffiliateList,
  type AffiliateMonth,
  type AffiliateReport,
} from "../../contract/affiliates";
import type { SettledOrder } from "../../contract/billing";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";
import { recordHit } from "../../lib/rate-limit";
import { recordAudit } from "../audit/index";
import type { AffiliateCreditsTable } from "./schema";

type Trx = Transaction<Database>;

/** Link look-ups per client address: codes are short and printable, so guessing them is throttled. */
export const AFFILIATE_LOOKUP_LIMIT = { windowMs: 10 * 60 * 1000, limit: 30 } as const;

/**
 * GET /affiliates/{code}: a partner's code and whether it is active, or 404 for an unknown code. A deactivated
 * partner's printed links stay valid pages (ADR 139): the web tier welcomes the visitor without attributing them.
 */
export async function affiliateLink(deps: ApiDeps, code: string, clientIp: string): Promise<AffiliateLink> {
  const now = deps.clock.now();
  if ((await recordHit(deps.db, now, { bucket: `affiliate-lookup:${clientIp}`, ...AFFILIATE_LOOKUP_LIMIT })) > AFFILIATE_LOOKUP_LIMIT.limit)
    throw fail.tooMany("exception.affiliates.too_many_attempts");
  const row = await deps.db
    .selectFrom("affiliates")
    .select(["code", "active"])
    .where("code", "=", code.trim().toUpperCase())
    .executeTakeFirst();
  if (!row) throw fail.notFound(AFFILIATE_ERRORS.unknown);
  return { code: row.code, active: Number(row.active) === 1 };
}

function activeAffiliate(db: DB | Trx, code: string) {
  return db
    .selectFrom("affiliates")
    .select(["id", "code", "email_key"])
    .where("code", "=", code.trim().toUpperCase())
    .where("active", "=", 1)
    .executeTakeFirst();
}

/**
 * Binds a member who just signed up to the partner whose link they followed, and credits the sign-up — inside the
 * sign-up's transaction, so an account and its binding exist together or not at all. An unknown or inactive code, or
 * the partner's own contact address (self-referral), binds nothing and does not stop the sign-up. Bound once: a
 * member already bound keeps their partner (the unique user_id; a repeated call changes nothing).
 */
export async function bindReferral(trx: Trx, member: { id: number; email: string }, code: string, now: number): Promise<boolean> {
  const affiliate = await activeAffiliate(trx, code);
  if (!affiliate || affiliate.email_key === member.email.trim().toLowerCase()) return false;
  const bound = await trx
    .insertInto("affiliate_referrals")
    .values({ affiliate_id: affiliate.id, user_id: member.id, created_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!bound) return false;
  await credit(trx, { affiliate_id: affiliate.id, user_id: member.id, kind: "sign_up", order_id: null, amount_cents: 0, created_at: now });
  return true;
}

/**
 * The settlement's paid event (manifest `orderPaid`): a referred member's first paid order is credited to their
 * partner. Idempotent by the unique (user_id, kind): a retried settlement or two orders paid at once credit once; the
 * first to commit is the member's first payment.
 */
export async function creditFirstPayment(trx: Trx, deps: ApiDeps, order: SettledOrder): Promise<void> {
  const referral = await trx
    .selectFrom("affiliate_referrals")
    .select("affiliate_id")
    .where("user_id", "=", order.user_id)
    .executeTakeFirst();
  if (!referral) return;
  await credit(trx, {
    affiliate_id: referral.affiliate_id,
    user_id: order.user_id,
    kind: "first_payment",
    order_id: order.id,
    amount_cents: Number(order.gross_cents),
    created_at: deps.clock.now(),
  });
}

async function credit(trx: Trx, row: Insertable<AffiliateCreditsTable>): Promise<void> {
  await trx
    .insertInto("affiliate_credits")
    .values(row)
    .onConflict((oc) => oc.columns(["user_id", "kind"]).doNothing())
    .execute();
}

/** A partner's own columns: selected and grouped by in the report (its credits are summed beside them). */
const PARTNER_COLUMNS = [
  "affiliates.id",
  "affiliates.code",
  "affiliates.name",
  "affiliates.email",
  "affiliates.active",
  "affiliates.deactivated_at",
  "affiliates.created_at",
] as const;

const totals = (db: DB) =>
  db
    .selectFrom("affiliates")
    .leftJoin("affiliate_credits", "affiliate_credits.affiliate_id", "affiliates.id")
    .select([
      ...PARTNER_COLUMNS,
      sql<number>`coalesce(sum(case when affiliate_credits.kind = 'sign_up' then 1 else 0 end), 0)`.as("sign_ups"),
      sql<number>`coalesce(sum(case when affiliate_credits.kind = 'first_payment' then 1 else 0 end), 0)`.as("first_payments"),
      sql<number>`coalesce(sum(case when affiliate_credits.kind = 'first_payment' then affiliate_credits.amount_cents else 0 end), 0)`.as(
        "first_payment_cents",
      ),
    ])
    .groupBy([...PARTNER_COLUMNS]);

type TotalsRow = Awaited<ReturnType<ReturnType<typeof totals>["execute"]>>[number];

function itemOf(row: TotalsRow): AffiliateItem {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    email: row.email,
    active: Number(row.active) === 1,
    deactivated_at: row.deactivated_at === null ? null : Number(row.deactivated_at),
    created_at: Number(row.created_at),
    sign_ups: Number(row.sign_ups),
    first_payments: Number(row.first_payments),
    first_payment_cents: Number(row.first_payment_cents),
  };
}

/** GET /backoffice/affiliates: every partner with its totals, newest first (a short list: partners are contracts). */
export async function listAffiliates(deps: ApiDeps): Promise<AffiliateList> {
  const rows = await totals(deps.db).orderBy("affiliates.id", "desc").execute();
  return { items: rows.map(itemOf) };
}

async function affiliateItem(db: DB, id: number): Promise<AffiliateItem | null> {
  const row = await totals(db).where("affiliates.id", "=", id).executeTakeFirst();
  return row ? itemOf(row) : null;
}

const codeTaken = () => new ApiError(409, [errorItem(409, AFFILIATE_ERRORS.codeTaken, "code")]);

/** POST /backoffice/affiliates: a new partner; its audit row in the same transaction. */
export async function createAffiliate(deps: ApiDeps, staffId: number, body: AffiliateCreateInput): Promise<AffiliateItem> {
  const taken = () => deps.db.selectFrom("affiliates").select("id").where("code", "=", body.code).executeTakeFirst();
  if (await taken()) throw codeTaken();
  const now = deps.clock.now();
  const values = { code: body.code, name: body.name, email: body.email, email_key: body.email.toLowerCase() };
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto("affiliates")
        .values({ ...values, active: 1, created_by: staffId, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        {
          actorId: staffId,
          action: "affiliate.create",
          subjectType: "affiliate",
          subjectId: String(row.id),
          reason: null,
          before: null,
          after: { code: values.code, name: values.name },
        },
        now,
      );
      return row.id;
    })
    .catch(async (err: unknown) => {
      // The unique code said no between the check and the insert: the same answer as the check.
      if (await taken()) throw codeTaken();
      throw err;
    });
  return (await affiliateItem(deps.db, id))!;
}

/**
 * POST /backoffice/affiliates/{id}/state (ADR 139): switches a partner off or on, with one audit row per change
 * (`affiliate.deactivate`, `affiliate.reactivate`); asking for the state it already has changes and records nothing.
 * Off, its link binds nobody new (bindReferral looks for active partners); members bound while it was on stay bound
 * and their first payment is still credited: the partner brought them under its contract.
 */
export async function setAffiliateState(
  deps: ApiDeps,
  staffId: number,
  id: number,
  input: { active: boolean; reason?: string | undefined },
): Promise<AffiliateItem> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("affiliates").select(["id", "active", "deactivated_at"]).where("id", "=", id).executeTakeFirst();
    if (!before) throw fail.notFound(AFFILIATE_ERRORS.unknown);
    if ((Number(before.active) === 1) === input.active) return;
    const after = { active: input.active ? 1 : 0, deactivated_at: input.active ? null : now };
    // The state in the condition: of two staff pressing at once, one changes it and writes the audit row.
    const changed = await trx
      .updateTable("affiliates")
      .set(after)
      .where("id", "=", id)
      .where("active", "=", Number(before.active))
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: input.active ? "affiliate.reactivate" : "affiliate.deactivate",
        subjectType: "affiliate",
        subjectId: String(id),
        reason: input.reason ? input.reason : null,
        before: { active: Number(before.active), deactivated_at: before.deactivated_at === null ? null : Number(before.deactivated_at) },
        after,
      },
      now,
    );
  });
  return (await affiliateItem(deps.db, id))!;
}

const berlinMonth = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit" });
/** "2026-12": the calendar month in Europe/Berlin (the accounting's time zone). */
export function monthOf(at: number): string {
  return berlinMonth.format(at);
}

/** GET /backoffice/affiliates/{id}: totals and the last AFFILIATE_REPORT_MONTHS months that had credits, newest first. */
export async function affiliateReport(deps: ApiDeps, id: number): Promise<AffiliateReport> {
  const affiliate = await affiliateItem(deps.db, id);
  if (!affiliate) throw fail.notFound(AFFILIATE_ERRORS.unknown);
  // Enough days back to cover the months shown (a month has at most 31 days), then grouped here by Berlin month.
  const since = deps.clock.now() - (AFFILIATE_REPORT_MONTHS + 1) * 31 * 86_400_000;
  const credits = await deps.db
    .selectFrom("affiliate_credits")
    .select(["kind", "amount_cents", "created_at"])
    .where("affiliate_id", "=", id)
    .where("created_at", ">=", since)
    .execute();
  const months = new Map<string, AffiliateMonth>();
  for (const row of credits) {
    const month = monthOf(Number(row.created_at));
    const entry = months.get(month) ?? { month, sign_ups: 0, first_payments: 0, first_payment_cents: 0 };
    if (row.kind === "sign_up") entry.sign_ups += 1;
    else {
      entry.first_payments += 1;
      entry.first_payment_cents += Number(row.amount_cents);
    }
    months.set(month, entry);
  }
  const newestFirst = [...months.values()].sort((a, b) => b.month.localeCompare(a.month)).slice(0, AFFILIATE_REPORT_MONTHS);
  return { affiliate, months: newestFirst };
}
