/**
 * The activity tracker's rules (issue 32 item 2, ADR 132): who may add events, what one line must be, the append-only
 * store, and the rollup that turns raw events into the dashboard's per-day counts.
 *
 * Identity never comes from the body: a member is the session's, and counts only while their consent
 * (ACTIVITY_CONSENT) stands; a browser that says "do not track" (DNT, Sec-GPC) is not read at all. A visitor is
 * stored as a keyed hash of (day, profile, visitor) — the same mark ADR 033 kept for views — so the raw rows name
 * nobody, cannot be linked across days or profiles, and are deleted after ACTIVITY_RAW_DAYS_KEPT days.
 */
import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { ApiDeps } from "../../api/types";
import { ACTIVITY_KINDS, ACTIVITY_LINE_MAX_BYTES, type ActivityEvent, type ActivityKind } from "../../contract/activity";
import { CHART_USER_TYPES, chartDayOf, chartDaysEnding } from "../../contract/dashboard";
import { STAFF_USER_TYPES } from "../../contract/users";
import { ACTIVITY_CONSENT } from "../../contract/consents";
import { LOCK_SPACES } from "../../db/locks";
import type { Database } from "../../db/schema/index";
import { enqueueJob } from "../../jobs/queue";
import type { Window } from "../../lib/rate-limit";
import { activityRateCounter } from "./rate";
import { parseActivityEvent } from "./parse";

/** Raw events of today and yesterday stay (late batches, the rollup's recount of a day); older days are deleted. */
export const ACTIVITY_RAW_DAYS_KEPT = 2;
/** How often the rollup runs: the dashboard's today lags by at most this. */
export const ACTIVITY_ROLLUP_INTERVAL_MS = 5 * 60 * 1000;
/** Rows per INSERT: one statement for a whole batch (SQLite's and PostgreSQL's parameter limits allow far more). */
const INSERT_CHUNK_ROWS = 1000;

/**
 * Batches per visitor (member or address) a minute: the tracker sends at most one per maxTime plus a heartbeat
 * (about 27 a minute); twice that leaves room for several tabs, and a script hammering the endpoint is stopped.
 */
export const ACTIVITY_RATE_WINDOW: Omit<Window, "bucket"> = { windowMs: 60_000, limit: 60 };

/** What a batch came to: stored events, refused lines (malformed or not countable), and why nothing was read. */
export interface IngestOutcome {
  accepted: number;
  rejected: number;
}

/** The caller as the API knows it (never as the body says). */
export interface ActivityVisitor {
  userId: number | null;
  userType: number;
  ip: string;
  userAgent: string;
}

/** A visitor's key for a profile and day: a member by account, a guest by address and browser (ADR 033's mark). */
export function visitorKey(
  secret: string,
  day: string,
  profileId: number,
  visitor: Pick<ActivityVisitor, "userId" | "ip" | "userAgent">,
): string {
  const who = visitor.userId !== null ? `member:${visitor.userId}` : `guest:${visitor.ip}|${visitor.userAgent}`;
  // Domain-separated from the product's other HMACs; 128 bits tell a day's visitors of one profile apart. The same
  // value as lib/crypto's hmac(secret, …), with the key object made once per secret instead of once per event.
  return createHmac("sha256", keyOf(secret)).update(`profile-view|${day}|${profileId}|${who}`).digest("base64url").slice(0, 22);
}

let visitorHmacKey: { secret: string; key: KeyObject } | null = null;
const keyOf = (secret: string): KeyObject => {
  if (visitorHmacKey?.secret !== secret) visitorHmacKey = { secret, key: createSecretKey(Buffer.from(secret, "utf8")) };
  return visitorHmacKey.key;
};

/**
 * Counts the batch against the visitor's minute; true when it is over the limit. The counter is this process's
 * (rate.ts, ADR 146): a database round trip per batch was a fifth of the endpoint's statements, and with n API
 * instances a visitor gets at most n times the limit — still a bound on a script, which is all this limit is for.
 */
export function overActivityRate(deps: Pick<ApiDeps, "db" | "clock">, visitor: ActivityVisitor): boolean {
  const who = visitor.userId !== null ? `u:${visitor.userId}` : `ip:${visitor.ip}`;
  return activityRateCounter(deps.db, ACTIVITY_RATE_WINDOW).hit(`activity:${who}`, deps.clock.now()) > ACTIVITY_RATE_WINDOW.limit;
}

/** Whether this caller's events may be stored at all: a member, not staff (their consent is read with the INSERT). */
export function mayTrack(visitor: ActivityVisitor): boolean {
  return visitor.userId !== null && !STAFF_USER_TYPES.includes(visitor.userType);
}

/**
 * Splits a body into its events: each line parsed and checked alone (parse.ts: the hand check of
 * activityEventSchema), so one bad line costs only itself.
 */
export function parseActivityLines(text: string): { events: ActivityEvent[]; malformed: number } {
  const events: ActivityEvent[] = [];
  let malformed = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const trimmed = text.slice(start, end).trim();
    start = end + 1;
    if (trimmed === "") continue;
    if (trimmed.length > ACTIVITY_LINE_MAX_BYTES) {
      malformed += 1;
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      malformed += 1;
      continue;
    }
    const event = parseActivityEvent(value);
    if (event) events.push(event);
    else malformed += 1;
  }
  return { events, malformed };
}

/**
 * Stores the countable events of one batch in one statement (per INSERT_CHUNK_ROWS): events about profiles that have
 * no dashboard, or about the visitor's own profile, are refused like malformed lines. The profiles' user types (and,
 * for the browser's events, the member's consent) are read by the INSERT itself — one round trip per batch, not three
 * (ADR 146): `INSERT … SELECT` from the batch's VALUES joined to users, under `EXISTS` on the consent.
 */
export async function storeActivity(
  deps: ApiDeps,
  visitor: ActivityVisitor,
  events: readonly Pick<ActivityEvent, "object" | "title">[],
  source: "browser" | "server",
): Promise<number> {
  const own = visitor.userId;
  const mine = own === null ? events : events.filter((event) => event.object !== own);
  if (mine.length === 0) return 0;
  const now = deps.clock.now();
  const day = chartDayOf(now);
  const secret = deps.config.appSecret;
  // The consent is the member's own and only the browser's events need it (server-side views follow ADR 033's rules).
  const consent =
    source === "browser"
      ? sql`WHERE EXISTS (SELECT 1 FROM consents WHERE consents.user_id = ${own ?? 0} AND consents.purpose = ${ACTIVITY_CONSENT} AND consents.withdrawn_at IS NULL)`
      : sql``;
  let stored = 0;
  for (let i = 0; i < mine.length; i += INSERT_CHUNK_ROWS) {
    const rows = mine
      .slice(i, i + INSERT_CHUNK_ROWS)
      .map(
        (event) =>
          sql`(CAST(${event.object} AS integer), CAST(${event.title} AS text), CAST(${visitorKey(secret, day, event.object, visitor)} AS text))`,
      );
    const result = await sql`INSERT INTO activity_events (user_id, kind, day, visitor, source, received_at)
      SELECT e.column1, e.column2, CAST(${day} AS text), e.column3, CAST(${source} AS text), CAST(${now} AS bigint)
      FROM (VALUES ${sql.join(rows)}) AS e
      JOIN users ON users.id = e.column1 AND users.user_type IN (${sql.join([...CHART_USER_TYPES])})
      ${consent}`.execute(deps.db);
    stored += Number(result.numAffectedRows ?? 0n);
  }
  return stored;
}

/** One batch from the browser, after the route has read (and inflated) its body. */
export async function ingestActivity(deps: ApiDeps, visitor: ActivityVisitor, text: string): Promise<IngestOutcome> {
  const { events, malformed } = parseActivityLines(text);
  if (events.length === 0) return { accepted: 0, rejected: malformed };
  if (!mayTrack(visitor)) return { accepted: 0, rejected: malformed + events.length };
  const accepted = await storeActivity(deps, visitor, events, "browser");
  return { accepted, rejected: malformed + events.length - accepted };
}

const ROLLUP_NAME = "dashboard";

/**
 * The rollup (job "activity.rollup"): every day that received events since the last run is counted again from its raw
 * rows — distinct visitors per profile and kind — into profile_view_days (views, ADR 033) and profile_click_days. A
 * recount of whole days keeps it idempotent: a run that dies half-way, or two runs, write the same numbers. Then the
 * raw rows of days past ACTIVITY_RAW_DAYS_KEPT that were counted are deleted.
 */
export async function rollupActivity(deps: Pick<ApiDeps, "db" | "dialect" | "clock">): Promise<{ days: string[]; pruned: number }> {
  return deps.db.transaction().execute(async (trx) => {
    // One rollup at a time across processes (PostgreSQL); SQLite's writer lock already serializes the transaction.
    if (deps.dialect === "postgres") {
      const { rows } = await sql<{
        locked: boolean;
      }>`SELECT pg_try_advisory_xact_lock(${LOCK_SPACES.activityRollup}::integer, 0) AS locked`.execute(trx);
      if (!rows[0]?.locked) return { days: [], pruned: 0 };
    }
    const cursor = await trx.selectFrom("activity_rollup").select("last_id").where("name", "=", ROLLUP_NAME).executeTakeFirst();
    const lastId = Number(cursor?.last_id ?? 0);
    const newest = await trx
      .selectFrom("activity_events")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    const upTo = Number(newest?.id ?? 0);
    const touched =
      upTo > lastId
        ? (await trx.selectFrom("activity_events").select("day").distinct().where("id", ">", lastId).where("id", "<=", upTo).execute()).map(
            (row) => row.day,
          )
        : [];
    for (const day of touched) {
      const counts = await trx
        .selectFrom("activity_events")
        .select(["user_id", "kind", (eb) => eb.fn.count<string>("visitor").distinct().as("visitors")])
        .where("day", "=", day)
        .groupBy(["user_id", "kind"])
        .execute();
      const views = counts
        .filter((row) => row.kind === "profile_view")
        .map((row) => ({ user_id: row.user_id, day, views: Number(row.visitors) }));
      const clicks = counts
        .filter((row) => row.kind !== "profile_view")
        .map((row) => ({ user_id: row.user_id, day, kind: row.kind, clicks: Number(row.visitors) }));
      // Deleted accounts' rows may still be in the raw store: the foreign key of the counts would refuse them.
      const living = await livingUsers(trx, [...new Set(counts.map((row) => row.user_id))]);
      for (const row of views.filter((r) => living.has(r.user_id)))
        await trx
          .insertInto("profile_view_days")
          .values(row)
          .onConflict((oc) => oc.columns(["user_id", "day"]).doUpdateSet({ views: row.views }))
          .execute();
      for (const row of clicks.filter((r) => living.has(r.user_id)))
        await trx
          .insertInto("profile_click_days")
          .values(row)
          .onConflict((oc) => oc.columns(["user_id", "day", "kind"]).doUpdateSet({ clicks: row.clicks }))
          .execute();
    }
    if (upTo > lastId)
      await trx
        .insertInto("activity_rollup")
        .values({ name: ROLLUP_NAME, last_id: upTo })
        .onConflict((oc) => oc.column("name").doUpdateSet({ last_id: upTo }))
        .execute();
    const oldestKept = chartDaysEnding(chartDayOf(deps.clock.now()), ACTIVITY_RAW_DAYS_KEPT)[0]!;
    const pruned = await trx.deleteFrom("activity_events").where("day", "<", oldestKept).where("id", "<=", upTo).executeTakeFirst();
    return { days: touched.sort(), pruned: Number(pruned.numDeletedRows) };
  });
}

async function livingUsers(trx: Kysely<Database> | Transaction<Database>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set<number>();
  const rows = await trx.selectFrom("users").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * A profile's views and clicks per day (distinct visitors), as the dashboard charts them: the rollup's counts, and for
 * the days whose raw events are all still kept (the last ACTIVITY_RAW_DAYS_KEPT, today included) a count of this
 * profile's raw rows — the same number the next rollup writes, so today's visits show at once. One indexed read of
 * one profile's rows instead of a platform-wide recount on a page view.
 */
export async function activityPerDay(
  deps: Pick<ApiDeps, "db" | "clock">,
  userId: number,
  from: string,
  to: string,
): Promise<Map<ActivityKind, Map<string, number>>> {
  const byKind = new Map<ActivityKind, Map<string, number>>(ACTIVITY_KINDS.map((kind) => [kind, new Map()]));
  const views = await deps.db
    .selectFrom("profile_view_days")
    .select(["day", "views"])
    .where("user_id", "=", userId)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
  for (const row of views) byKind.get("profile_view")!.set(row.day, Number(row.views));
  const clicks = await deps.db
    .selectFrom("profile_click_days")
    .select(["day", "kind", "clicks"])
    .where("user_id", "=", userId)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
  for (const row of clicks) byKind.get(row.kind)?.set(row.day, Number(row.clicks));
  const rawFrom = chartDaysEnding(chartDayOf(deps.clock.now()), ACTIVITY_RAW_DAYS_KEPT)[0]!;
  const live = await deps.db
    .selectFrom("activity_events")
    .select(["day", "kind", (eb) => eb.fn.count<string>("visitor").distinct().as("visitors")])
    .where("day", ">=", rawFrom > from ? rawFrom : from)
    .where("day", "<=", to)
    .where("user_id", "=", userId)
    .groupBy(["day", "kind"])
    .execute();
  for (const row of live) byKind.get(row.kind)?.set(row.day, Number(row.visitors));
  return byKind;
}

/** The rollup's slot for an instant (one run per ACTIVITY_ROLLUP_INTERVAL_MS). */
const rollupSlotOf = (at: number) => Math.floor(at / ACTIVITY_ROLLUP_INTERVAL_MS);

/** Enqueues the rollup of the slot `at` falls in (a no-op when it is queued already); maintenance calls it after a restart. */
export async function scheduleActivityRollup(deps: Pick<ApiDeps, "db" | "clock">, at = deps.clock.now()): Promise<void> {
  await enqueueJob(
    deps.db,
    deps.clock,
    "activity.rollup",
    {},
    { key: `activity.rollup:${rollupSlotOf(at)}`, runAt: Math.max(at, deps.clock.now()) },
  );
}

/** The job: one rollup, then the next one's slot. */
export async function runActivityRollup(deps: Pick<ApiDeps, "db" | "dialect" | "clock">): Promise<void> {
  await rollupActivity(deps);
  await scheduleActivityRollup(deps, (rollupSlotOf(deps.clock.now()) + 1) * ACTIVITY_ROLLUP_INTERVAL_MS);
}
