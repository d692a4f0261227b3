/**
 * Renewals (issue 26 item 5, ADR 078). A periodic scan turns every renewing membership whose period ends within
 * RENEWAL_LEAD_MS into one `renewals` row (unique membership+period_end: a period is charged at most once, however
 * many scans run) and enqueues charge jobs of CHARGE_BATCH rows each; a worker takes a row by a conditional update
 * (queued → charging) before it charges, so two runners never charge one period twice. The charge goes through the
 * payments module like any payment: createRenewalOrder → the provider's charge with the stored token → the verified
 * outcome through settlePaymentEvent (the plus goods handler extends the period there). A failure starts dunning:
 * past_due, retries on DUNNING_RETRY_DAYS after the period's end, each failure mailing a fresh single-use rebill link;
 * after the last failure the membership ends. Entitlements need nothing from here: users.member_until is the period's
 * end, and nothing but a paid order moves it.
 */
import { sql, type Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { fail, ApiError, errorItem } from "../../api/errors";
import { BILLING_CURRENCY, type PaymentMethod } from "../../contract/billing";
import {
  DUNNING_DAY_MS,
  DUNNING_RETRY_DAYS,
  REBILL_LINK_TTL_MS,
  REBILL_TOKEN_PATTERN,
  RENEWAL_LEAD_MS,
  type RebillInfo,
  type RebillPayment,
  type RebillPayWith,
} from "../../contract/renewals";
import type { Database } from "../../db/schema";
import type { PaymentProvider } from "../../integrations/payments/port";
import { providerFor } from "../../integrations/payments/registry";
import { enqueueJob } from "../../jobs/queue";
import { randomToken, sha256 } from "../../lib/crypto";
import {
  chargeOutcomeOf,
  chargeStoredPayment,
  createRenewalOrder,
  orderChargeOutcome,
  paymentRequestFor as paymentRequest,
  settlePaymentEvent,
  type ChargebackNotice,
  type StoredChargeOutcome,
} from "../payments/index";
import { renewalTermOf } from "../plus/index";
import { mailDate, renewalEndedMail, renewalFailedMail } from "./mails";
import { monthlyShareCents, offerTerms } from "./offers";
import type { RenewalState } from "./schema";

/** Renewals per charge job: large enough that the job table's claim and finish cost little per charge. */
export const CHARGE_BATCH = 100;
/** How often the scan runs (it also runs whenever maintenance passes, every 10 minutes, and after a restart). */
export const SCAN_INTERVAL_MS = 5 * 60 * 1000;
/** How often a charge whose answer comes later by postback is looked at, and when it counts as failed. */
export const CHECK_INTERVAL_MS = 15 * 60 * 1000;
export const CHECK_GIVE_UP_MS = 48 * 60 * 60 * 1000;
/**
 * A renewal this long in `charging` was lost: a charge takes seconds (a provider's own timeout is about a minute), so
 * after 30 minutes no worker is still at it — it died, or the provider never answered. The scan's sweep takes it
 * over (ADR 088).
 */
export const CHARGING_STUCK_MS = 30 * 60 * 1000;

type Executor = ApiDeps["db"] | Transaction<Database>;

interface MembershipRow {
  id: number;
  user_id: number;
  package_id: string;
  status: string;
  renewable: number;
  months: number;
  price_cents: number;
  first_term_end: number;
  period_end: number;
  ends_at: number | null;
  rebill_group: number;
  payment_method: PaymentMethod | null;
  payment_token: string | null;
}

const MEMBERSHIP_COLUMNS = [
  "id",
  "user_id",
  "package_id",
  "status",
  "renewable",
  "months",
  "price_cents",
  "first_term_end",
  "period_end",
  "ends_at",
  "rebill_group",
  "payment_method",
  "payment_token",
] as const;

async function membershipOf(db: Executor, id: number): Promise<MembershipRow | undefined> {
  const row = await db.selectFrom("memberships").select(MEMBERSHIP_COLUMNS).where("id", "=", id).executeTakeFirst();
  return (
    row && {
      ...row,
      period_end: Number(row.period_end),
      first_term_end: Number(row.first_term_end),
      ends_at: row.ends_at === null ? null : Number(row.ends_at),
    }
  );
}

async function renewalOf(db: Executor, id: number) {
  const row = await db.selectFrom("renewals").selectAll().where("id", "=", id).executeTakeFirst();
  return row && { ...row, period_end: Number(row.period_end) };
}

/** The contract still renews this period: not cancelled, preempted, ended or charged back since the scan. */
function stillRenews(membership: MembershipRow | undefined, periodEnd: number): membership is MembershipRow {
  return (
    !!membership &&
    (membership.status === "running" || membership.status === "past_due") &&
    membership.renewable === 1 &&
    membership.ends_at === null &&
    membership.period_end === periodEnd
  );
}

// ————— the scan —————

/**
 * Finds the memberships due for renewal and enqueues their charges, in one transaction: a renewal row exists exactly
 * when its charge job does. Returns how many renewals it created.
 */
export async function scanDueRenewals(deps: ApiDeps): Promise<{ created: number; jobs: number }> {
  const now = deps.clock.now();
  const horizon = now + RENEWAL_LEAD_MS;
  return deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("renewals")
      .columns(["membership_id", "user_id", "period_end", "state", "attempts", "created_at", "updated_at"])
      .expression(
        trx
          .selectFrom("memberships as m")
          .select([
            "m.id",
            "m.user_id",
            "m.period_end",
            sql<string>`${"queued"}`.as("state"),
            sql<number>`${0}`.as("attempts"),
            sql<number>`${now}`.as("created_at"),
            sql<number>`${now}`.as("updated_at"),
          ])
          .where("m.status", "=", "running")
          .where("m.period_end", "<=", horizon)
          .where("m.renewable", "=", 1)
          .where("m.ends_at", "is", null)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("renewals as r")
                  .select("r.id")
                  .whereRef("r.membership_id", "=", "m.id")
                  .whereRef("r.period_end", "=", "m.period_end"),
              ),
            ),
          ),
      )
      // A concurrent scan inserted it first: that scan charges it.
      .onConflict((oc) => oc.columns(["membership_id", "period_end"]).doNothing())
      .returning("id")
      .execute();
    const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
    let jobs = 0;
    for (let start = 0; start < ids.length; start += CHARGE_BATCH) {
      const batch = ids.slice(start, start + CHARGE_BATCH);
      if (await enqueueJob(trx, deps.clock, "renewals.charge", { renewal_ids: batch }, { key: `renewals.charge:${batch[0]}` })) jobs += 1;
    }
    return { created: ids.length, jobs };
  });
}

/** The scan job: due renewals, lost charges, chargeback reclaims, renewals of contracts that ended; then the next scan. */
export async function runRenewalScan(deps: ApiDeps): Promise<void> {
  await scanDueRenewals(deps);
  await sweepStuckCharges(deps);
  await recordChargebackReclaims(deps);
  await skipEndedContracts(deps);
  await scheduleRenewalScan(deps, deps.clock.now() + SCAN_INTERVAL_MS);
}

/** Enqueues the scan of the slot `at` falls in (a no-op when it is queued already); maintenance calls it too. */
export async function scheduleRenewalScan(deps: Pick<ApiDeps, "db" | "clock">, at = deps.clock.now()): Promise<void> {
  const slot = Math.floor(at / SCAN_INTERVAL_MS);
  await enqueueJob(deps.db, deps.clock, "renewals.scan", {}, { key: `renewals.scan:${slot}`, runAt: Math.max(at, deps.clock.now()) });
}

// ————— charging —————

/** Charges each renewal of a batch; one that fails unexpectedly does not stop the others (its row says why). */
export async function chargeBatch(deps: ApiDeps, renewalIds: readonly number[]): Promise<void> {
  for (const id of renewalIds) {
    try {
      await chargeRenewal(deps, id, ["queued"]);
    } catch (err) {
      deps.log.error({ renewalId: id, err }, "renewal charge failed unexpectedly");
      await deps.db
        .updateTable("renewals")
        .set({ state: "dunning", last_error: String(err instanceof Error ? err.message : err).slice(0, 500), updated_at: deps.clock.now() })
        .where("id", "=", id)
        .where("state", "=", "charging")
        .execute();
    }
  }
}

/** Takes a renewal for one charge (a conditional update: one worker wins) and answers it, or undefined. */
async function takeRenewal(deps: ApiDeps, id: number, from: readonly RenewalState[]) {
  const row = await deps.db
    .updateTable("renewals")
    .set((eb) => ({ state: "charging", attempts: eb("attempts", "+", 1), updated_at: deps.clock.now() }))
    .where("id", "=", id)
    .where("state", "in", from)
    .returningAll()
    .executeTakeFirst();
  return row && { ...row, period_end: Number(row.period_end) };
}

/**
 * § 309 Nr. 9 BGB: after the first term a longer plan renews for one month at a time, at the 1-month share of the price
 * it was bought at (plus's renewalTermOf, ADR 076, the one rule; it applies it to every contract). Written into the
 * contract's terms before the order is made, so payments' createRenewalOrder charges exactly what plus's fulfil adds.
 */
async function statutoryTerms(deps: ApiDeps, membership: MembershipRow): Promise<void> {
  const term = renewalTermOf(membership);
  if (term.months === membership.months && term.gross_cents === membership.price_cents) return;
  await deps.db
    .updateTable("memberships")
    .set({ months: term.months, price_cents: term.gross_cents, updated_at: deps.clock.now() })
    .where("id", "=", membership.id)
    .where("months", "=", membership.months)
    .execute();
  membership.months = term.months;
  membership.price_cents = term.gross_cents;
}

/** Where a member lands who looks at a renewal's payment later. */
const RETURN_PATH = "user/membership";

const paymentRequestFor = (deps: ApiDeps, orderId: number, provider: PaymentProvider, method: PaymentMethod) =>
  paymentRequest(deps, orderId, provider, method, RETURN_PATH);

type ChargeOutcome = StoredChargeOutcome;
const outcomeOf = chargeOutcomeOf;
const orderOutcome = orderChargeOutcome;

/** Charges the membership's stored method for the order (payments' one stored-payment charge). */
const chargeStored = (deps: ApiDeps, membership: MembershipRow, orderId: number): Promise<ChargeOutcome> =>
  chargeStoredPayment(deps, { orderId, method: membership.payment_method, token: membership.payment_token, returnPath: RETURN_PATH });

/** One charge of one renewal (the first one or a dunning retry); `from` are the states it may be taken in. */
export async function chargeRenewal(deps: ApiDeps, renewalId: number, from: readonly RenewalState[]): Promise<void> {
  const renewal = await takeRenewal(deps, renewalId, from);
  if (!renewal) return;
  const membership = await membershipOf(deps.db, renewal.membership_id);
  if (!stillRenews(membership, renewal.period_end)) {
    await setRenewal(deps.db, renewalId, { state: "skipped", next_attempt_at: null }, deps.clock.now());
    await revokeLinks(deps.db, renewalId, deps.clock.now());
    return;
  }
  await statutoryTerms(deps, membership);
  const order = await createRenewalOrder(deps, membership.id);
  // (The renewal learns its order with the outcome: one write fewer per charge; a worker dying here leaves it
  // `charging`, and the order's own state tells what happened.)
  const outcome = await chargeStored(deps, membership, order.orderId);
  await settleRenewal(deps, renewalId, order.orderId, outcome, { mail: true, attempts: renewal.attempts });
}

async function setRenewal(
  db: Executor,
  id: number,
  values: Partial<{ state: RenewalState; order_id: number; next_attempt_at: number | null; last_error: string | null }>,
  now: number,
): Promise<void> {
  await db
    .updateTable("renewals")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/**
 * What a charge's outcome does to the renewal: paid → done (plus is running again); paying → look again later;
 * failed → the next dunning step (`mail`: tell the member; a failed try on the rebill page does not advance dunning).
 */
async function settleRenewal(
  deps: ApiDeps,
  renewalId: number,
  orderId: number,
  outcome: ChargeOutcome,
  options: { mail: boolean; attempts?: number },
): Promise<void> {
  const now = deps.clock.now();
  if (outcome === "paid" && options.attempts === 1) {
    // The first charge of a running contract: no dunning to undo, no link to revoke (plus's handler extended it).
    await setRenewal(deps.db, renewalId, { state: "paid", order_id: orderId, next_attempt_at: null, last_error: null }, now);
    return;
  }
  await setRenewal(deps.db, renewalId, { order_id: orderId }, now);
  const renewal = (await renewalOf(deps.db, renewalId))!;
  if (outcome === "paid") {
    await deps.db.transaction().execute(async (trx) => {
      await setRenewal(trx, renewalId, { state: "paid", next_attempt_at: null, last_error: null }, now);
      await trx
        .updateTable("memberships")
        .set({ status: "running", updated_at: now })
        .where("id", "=", renewal.membership_id)
        .where("status", "=", "past_due")
        .execute();
      await revokeLinks(trx, renewalId, now);
    });
    return;
  }
  if (outcome === "paying") {
    await deps.db.transaction().execute(async (trx) => {
      await setRenewal(trx, renewalId, { state: "waiting" }, now);
      await enqueueJob(
        trx,
        deps.clock,
        "renewals.check",
        { renewal_id: renewalId, order_id: orderId, since: now },
        { key: `renewals.check:${renewalId}:${orderId}`, runAt: now + CHECK_INTERVAL_MS },
      );
    });
    return;
  }
  if (!options.mail) {
    // The member's own try failed: dunning goes on as scheduled (its retry job is still queued).
    await setRenewal(deps.db, renewalId, { state: "dunning" }, now);
    return;
  }
  await dunningStep(deps, renewalId);
}

/** A charge failed: past_due and the next retry with a fresh link, or, after the last retry, the end. */
async function dunningStep(deps: ApiDeps, renewalId: number): Promise<void> {
  const now = deps.clock.now();
  const renewal = (await renewalOf(deps.db, renewalId))!;
  const retryDay = DUNNING_RETRY_DAYS[renewal.attempts - 1];
  const user = await deps.db
    .selectFrom("users")
    .select(["username", "email", "language"])
    .where("id", "=", renewal.user_id)
    .executeTakeFirstOrThrow();
  if (retryDay === undefined) {
    await deps.db.transaction().execute(async (trx) => {
      await setRenewal(trx, renewalId, { state: "failed", next_attempt_at: null }, now);
      await trx
        .updateTable("memberships")
        .set({ status: "ended", ends_at: renewal.period_end, updated_at: now })
        .where("id", "=", renewal.membership_id)
        .where("status", "in", ["past_due", "running"])
        .where("period_end", "=", renewal.period_end)
        .execute();
      await revokeLinks(trx, renewalId, now);
    });
    await deps.mailer.send(
      renewalEndedMail({
        to: user.email,
        username: user.username,
        language: user.language,
        link: `${deps.config.publicUrl}/${user.language}/join/benefits`,
        periodEnd: mailDate(renewal.period_end, user.language),
      }),
    );
    return;
  }
  // Never before the period's end plus the day, never in the past (a late run retries within the minute).
  const nextAt = Math.max(renewal.period_end + retryDay * DUNNING_DAY_MS, now + 60_000);
  const token = await deps.db.transaction().execute(async (trx) => {
    await setRenewal(trx, renewalId, { state: "dunning", next_attempt_at: nextAt }, now);
    await trx
      .updateTable("memberships")
      .set({ status: "past_due", updated_at: now })
      .where("id", "=", renewal.membership_id)
      .where("status", "=", "running")
      .where("period_end", "=", renewal.period_end)
      .execute();
    await enqueueJob(
      trx,
      deps.clock,
      "renewals.retry",
      { renewal_id: renewalId, attempt: renewal.attempts + 1 },
      { key: `renewals.retry:${renewalId}:${renewal.attempts + 1}`, runAt: nextAt },
    );
    return issueRebillLink(trx, deps, renewalId);
  });
  await deps.mailer.send(
    renewalFailedMail({
      to: user.email,
      username: user.username,
      language: user.language,
      link: rebillUrl(deps, user.language, token),
      periodEnd: mailDate(renewal.period_end, user.language),
      nextAttempt: mailDate(nextAt, user.language),
    }),
  );
}

/** A dunning retry: charges again unless the member paid meanwhile or the contract changed. */
export async function retryRenewal(deps: ApiDeps, renewalId: number, attempt: number): Promise<void> {
  const renewal = await renewalOf(deps.db, renewalId);
  // A stale job (a newer attempt ran already).
  if (!renewal || renewal.attempts + 1 !== attempt) return;
  await chargeRenewal(deps, renewalId, ["dunning"]);
}

/** A charge whose answer comes by postback: settled now, or looked at again; after CHECK_GIVE_UP_MS it failed. */
export async function checkRenewal(deps: ApiDeps, payload: { renewal_id: number; order_id: number; since: number }): Promise<void> {
  const renewal = await renewalOf(deps.db, payload.renewal_id);
  if (!renewal || renewal.state !== "waiting" || renewal.order_id !== payload.order_id) return;
  let outcome = await orderOutcome(deps, payload.order_id);
  if (outcome === "paying" && deps.clock.now() - payload.since < CHECK_GIVE_UP_MS) {
    await enqueueJob(deps.db, deps.clock, "renewals.check", payload, {
      key: `renewals.check:${payload.renewal_id}:${payload.order_id}:${deps.clock.now()}`,
      runAt: deps.clock.now() + CHECK_INTERVAL_MS,
    });
    return;
  }
  if (outcome === "paying") outcome = "failed";
  const taken = await deps.db
    .updateTable("renewals")
    .set({ state: "charging", updated_at: deps.clock.now() })
    .where("id", "=", renewal.id)
    .where("state", "=", "waiting")
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return;
  // A failed answer to the member's own payment on the rebill page leaves dunning as scheduled, unless its time passed.
  const scheduledRetryPassed = renewal.next_attempt_at !== null && Number(renewal.next_attempt_at) <= deps.clock.now();
  await settleRenewal(deps, renewal.id, payload.order_id, outcome, { mail: renewal.next_attempt_at === null || scheduledRetryPassed });
}

// ————— charges that never answered —————

/**
 * Renewals left in `charging` for longer than CHARGING_STUCK_MS (ADR 088), at most CHARGE_BATCH per scan. Each is
 * claimed by a conditional update of its timestamp (one sweep per renewal), then: no order yet → the charge never
 * started, the renewal goes back to where it was taken from, with a job to charge it; an order that was settled
 * meanwhile → its outcome; an order still paying → the provider is asked what it knows of the charge under the
 * order's ref (its event is settled; "none" → charged again under the same ref, which a provider answers with the
 * first charge if it did receive one); a provider that cannot say → `waiting` for its postback, as any late answer.
 */
export async function sweepStuckCharges(deps: ApiDeps): Promise<number> {
  const stuck = await deps.db
    .selectFrom("renewals")
    .selectAll()
    .where("state", "=", "charging")
    .where("updated_at", "<", deps.clock.now() - CHARGING_STUCK_MS)
    .orderBy("id")
    .limit(CHARGE_BATCH)
    .execute();
  let recovered = 0;
  for (const renewal of stuck) {
    try {
      const times = {
        updated_at: Number(renewal.updated_at),
        next_attempt_at: renewal.next_attempt_at === null ? null : Number(renewal.next_attempt_at),
      };
      if (await recoverCharge(deps, { ...renewal, ...times })) recovered += 1;
    } catch (err) {
      deps.log.error({ renewalId: renewal.id, err }, "renewals: a stuck charge could not be recovered");
    }
  }
  return recovered;
}

/** The order a renewal's charge made: the one it names, else the renewal order created since it was taken. */
async function orderOfCharge(deps: ApiDeps, renewal: { order_id: number | null; membership_id: number; updated_at: number }) {
  let query = deps.db.selectFrom("orders").select(["id", "public_id", "status", "method"]);
  query =
    renewal.order_id !== null
      ? query.where("id", "=", renewal.order_id)
      : query
          .where("membership_id", "=", renewal.membership_id)
          .where("kind", "=", "renewal")
          .where("created_at", ">=", renewal.updated_at);
  return query.orderBy("id", "desc").executeTakeFirst();
}

async function recoverCharge(
  deps: ApiDeps,
  renewal: {
    id: number;
    membership_id: number;
    attempts: number;
    order_id: number | null;
    next_attempt_at: number | null;
    updated_at: number;
  },
): Promise<boolean> {
  const now = deps.clock.now();
  const claimed = await deps.db
    .updateTable("renewals")
    .set({ updated_at: now })
    .where("id", "=", renewal.id)
    .where("state", "=", "charging")
    .where("updated_at", "=", renewal.updated_at)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const order = await orderOfCharge(deps, renewal);
  if (!order) {
    await returnToRetry(deps, renewal, now);
    return true;
  }
  let outcome = outcomeOf(order.status);
  if (outcome === "paying") {
    const membership = await membershipOf(deps.db, renewal.membership_id);
    const provider = order.method ? providerFor(deps, order.method) : null;
    const known = provider?.chargeStatus ? await provider.chargeStatus(order.public_id) : "unknown";
    if (known === "none" && membership) outcome = await chargeStored(deps, membership, order.id);
    else if (known !== "none" && known !== "unknown") outcome = outcomeOf((await settlePaymentEvent(deps, known)).orderStatus);
  }
  deps.log.warn({ renewalId: renewal.id, orderId: order.id, outcome }, "renewals: a stuck charge was recovered");
  await settleRenewal(deps, renewal.id, order.id, outcome, { mail: true, attempts: renewal.attempts });
  return true;
}

/** A charge that never started: the renewal is queued or dunning again (the attempt not counted), with its job. */
async function returnToRetry(deps: ApiDeps, renewal: { id: number; attempts: number; next_attempt_at: number | null }, now: number) {
  const attempts = Math.max(0, renewal.attempts - 1);
  // A dunning renewal has its next attempt's time; a first charge has none.
  const state: RenewalState = renewal.next_attempt_at === null ? "queued" : "dunning";
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("renewals")
      .set({ state, attempts, updated_at: now })
      .where("id", "=", renewal.id)
      .where("state", "=", "charging")
      .execute();
    if (state === "queued")
      await enqueueJob(
        trx,
        deps.clock,
        "renewals.charge",
        { renewal_ids: [renewal.id] },
        { key: `renewals.charge:recovered:${renewal.id}:${now}` },
      );
    else
      await enqueueJob(
        trx,
        deps.clock,
        "renewals.retry",
        { renewal_id: renewal.id, attempt: attempts + 1 },
        { key: `renewals.retry:${renewal.id}:${attempts + 1}:recovered:${now}` },
      );
  });
}

// ————— the rebill link —————

function rebillUrl(deps: ApiDeps, language: string, token: string): string {
  return `${deps.config.publicUrl}/${language}/paywall/rebill/${token}`;
}

/** A fresh single-use link for the renewal; the older ones stop working. Returns the token (only its hash is stored). */
async function issueRebillLink(trx: Transaction<Database>, deps: ApiDeps, renewalId: number): Promise<string> {
  const now = deps.clock.now();
  const renewal = (await renewalOf(trx, renewalId))!;
  const membership = await trx
    .selectFrom("memberships")
    .select("rebill_group")
    .where("id", "=", renewal.membership_id)
    .executeTakeFirstOrThrow();
  await revokeLinks(trx, renewalId, now);
  const token = randomToken();
  await trx
    .insertInto("rebill_tokens")
    .values({
      token_hash: sha256(token),
      renewal_id: renewalId,
      membership_id: renewal.membership_id,
      user_id: renewal.user_id,
      rebill_group: membership.rebill_group,
      created_at: now,
      expires_at: now + REBILL_LINK_TTL_MS,
      used_at: null,
      revoked_at: null,
    })
    .execute();
  return token;
}

async function revokeLinks(db: Executor, renewalId: number, now: number): Promise<void> {
  await db
    .updateTable("rebill_tokens")
    .set({ revoked_at: now })
    .where("renewal_id", "=", renewalId)
    .where("revoked_at", "is", null)
    .execute();
}

const linkGone = (key: string) => new ApiError(410, [errorItem(410, key)]);

/** The link's row for this caller: unknown, malformed or another member's → 404; used, replaced or expired → 410. */
async function openLink(deps: ApiDeps, token: string, callerId: number | null) {
  if (!REBILL_TOKEN_PATTERN.test(token)) throw fail.notFound("exception.rebill.link_unknown");
  const link = await deps.db.selectFrom("rebill_tokens").selectAll().where("token_hash", "=", sha256(token)).executeTakeFirst();
  // Signed in as someone else: answered as if it did not exist, so a link never tells whose it is.
  if (!link || (callerId !== null && callerId !== link.user_id)) throw fail.notFound("exception.rebill.link_unknown");
  if (link.used_at !== null) throw linkGone("exception.rebill.link_used");
  if (link.revoked_at !== null || Number(link.expires_at) <= deps.clock.now()) throw linkGone("exception.rebill.link_expired");
  return link;
}

async function offerOf(deps: ApiDeps, link: { membership_id: number; rebill_group: number }) {
  const membership = await membershipOf(deps.db, link.membership_id);
  if (!membership || !["running", "past_due"].includes(membership.status) || membership.ends_at !== null) {
    throw linkGone("exception.rebill.link_expired");
  }
  // After the first term the contract renews monthly anyway (§ 309 Nr. 9): the offer starts from those terms.
  const term = renewalTermOf(membership);
  const contract = { months: term.months, priceCents: term.gross_cents };
  const terms = offerTerms(link.rebill_group, contract);
  const regular = terms.months === contract.months ? contract.priceCents : monthlyShareCents(contract.priceCents, contract.months);
  return { membership, terms, regular };
}

/** GET /paywall/rebill/{token}: the offer, the period's end and whether the stored method can pay in one step. */
export async function rebillInfo(deps: ApiDeps, token: string, callerId: number | null): Promise<RebillInfo> {
  const link = await openLink(deps, token, callerId);
  const { membership, terms, regular } = await offerOf(deps, link);
  return {
    offer: {
      kind: terms.rule.kind,
      rebill_group: link.rebill_group,
      package_id: membership.package_id,
      months: terms.months,
      price_cents: terms.priceCents,
      regular_price_cents: regular,
      discount_percent: terms.rule.discountPercent,
      currency: BILLING_CURRENCY,
    },
    period_end: membership.period_end,
    expires_at: Number(link.expires_at),
    stored_method: membership.payment_method && membership.payment_token ? membership.payment_method : null,
  };
}

/**
 * POST /paywall/rebill/{token}/pay: the offer becomes the contract's terms and is charged in one step — the stored
 * method at once, or a new one on the provider's page. The link is taken first (single use); a refused charge gives
 * it back, so the member may try another method.
 */
export async function payRebill(deps: ApiDeps, token: string, callerId: number | null, payWith: RebillPayWith): Promise<RebillPayment> {
  const link = await openLink(deps, token, callerId);
  const { membership, terms } = await offerOf(deps, link);
  if (payWith === "stored" && !(membership.payment_method && membership.payment_token))
    throw fail.badRequest("validation.rebill.no_stored_method", "pay_with");
  const now = deps.clock.now();
  const claimed = await deps.db
    .updateTable("rebill_tokens")
    .set({ used_at: now })
    .where("id", "=", link.id)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw linkGone("exception.rebill.link_used");
  const release = () =>
    deps.db.updateTable("rebill_tokens").set({ used_at: null }).where("id", "=", link.id).where("revoked_at", "is", null).execute();
  // The renewal is ours now: a dunning retry running this minute waits for the next one.
  if (!(await takeRenewal(deps, link.renewal_id, ["dunning", "queued"]))) {
    await release();
    throw fail.conflict("exception.rebill.busy");
  }
  await deps.db
    .updateTable("memberships")
    .set({ months: terms.months, price_cents: terms.priceCents, updated_at: now })
    .where("id", "=", membership.id)
    .execute();
  const order = await createRenewalOrder(deps, membership.id);
  await setRenewal(deps.db, link.renewal_id, { order_id: order.orderId }, now);
  if (payWith === "stored") {
    const outcome = await chargeStored(deps, membership, order.orderId);
    await settleRenewal(deps, link.renewal_id, order.orderId, outcome, { mail: false });
    if (outcome === "failed") await release();
    return { status: outcome, order_ref: order.orderRef, redirect_url: null };
  }
  const method: PaymentMethod = membership.payment_method && membership.payment_method !== "TR" ? membership.payment_method : "CC";
  const provider = providerFor(deps, method);
  if (!provider) {
    await setRenewal(deps.db, link.renewal_id, { state: "dunning" }, now);
    await release();
    throw fail.badRequest("validation.rebill.no_method", "pay_with");
  }
  const started = await provider.start(await paymentRequestFor(deps, order.orderId, provider, method));
  await settleRenewal(deps, link.renewal_id, order.orderId, "paying", { mail: false });
  return {
    status: started.kind === "redirect" ? "redirect" : "paying",
    order_ref: order.orderRef,
    redirect_url: started.kind === "redirect" ? started.url : null,
  };
}

// ————— chargebacks —————

/**
 * What a charged-back membership order leaves to reclaim (the wallet issue processes `reclaims`): one pending row per
 * order, its gross amount. The payments module ends the membership (plus's revoke) and flags the account; this reads
 * the orders' state, so it needs no hook in the settlement and is idempotent (unique order_id).
 */
export async function recordChargebackReclaims(deps: Pick<ApiDeps, "db" | "clock">): Promise<number> {
  const now = deps.clock.now();
  const rows = await deps.db
    .insertInto("reclaims")
    .columns(["order_id", "user_id", "membership_id", "amount_cents", "reason", "status", "created_at"])
    .expression(
      deps.db
        .selectFrom("orders as o")
        .select([
          "o.id",
          "o.user_id",
          "o.membership_id",
          "o.gross_cents",
          sql<string>`${"chargeback"}`.as("reason"),
          sql<string>`${"pending"}`.as("status"),
          sql<number>`${now}`.as("created_at"),
        ])
        .where("o.goods", "=", "membership")
        .where("o.status", "=", "charged_back")
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("reclaims as r").select("r.id").whereRef("r.order_id", "=", "o.id"))),
        ),
    )
    .onConflict((oc) => oc.column("order_id").doNothing())
    .returning("id")
    .execute();
  return rows.length;
}

/** The chargeback hook (payments' onChargeback): the reclaim is recorded in the settlement's own transaction. */
export async function reclaimOnChargeback(trx: Transaction<Database>, deps: ApiDeps, notice: ChargebackNotice): Promise<void> {
  if (notice.order.goods !== "membership") return;
  await trx
    .insertInto("reclaims")
    .values({
      order_id: notice.order.id,
      user_id: notice.order.user_id,
      membership_id: notice.order.membership_id,
      amount_cents: notice.amountCents,
      reason: "chargeback",
      status: "pending",
      created_at: notice.at,
    })
    .onConflict((oc) => oc.column("order_id").doNothing())
    .execute();
}

/** Renewals of contracts that ended meanwhile (charged back, withdrawn, cancelled) stop, and their links with them. */
async function skipEndedContracts(deps: ApiDeps): Promise<void> {
  const now = deps.clock.now();
  const stale = await deps.db
    .selectFrom("renewals as r")
    .innerJoin("memberships as m", "m.id", "r.membership_id")
    .select("r.id")
    .where("r.state", "in", ["queued", "dunning"])
    .where((eb) => eb.or([eb("m.status", "in", ["ended", "charged_back", "withdrawn", "cancelled"]), eb("m.ends_at", "is not", null)]))
    .execute();
  for (const { id } of stale) {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("renewals")
        .set({ state: "skipped", next_attempt_at: null, updated_at: now })
        .where("id", "=", id)
        .where("state", "in", ["queued", "dunning"])
        .execute();
      await revokeLinks(trx, id, now);
    });
  }
}
