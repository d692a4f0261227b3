/**
 * The transparency report (DSA Arts. 15 and 24(1), ADR 114): the counts of one period, computed by SQL aggregates
 * (a year of a million decisions is a handful of grouped scans over time indexes), stored as one published row and
 * read by the public page and its downloads. Art. 24(2)'s average monthly active recipients come with it.
 */
import { sql, type RawBuilder } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { REPORT_OBJECT_KINDS, REPORT_TYPE_KEYS } from "../../contract/reports";
import { STATEMENT_GROUNDS, STATEMENT_RESTRICTIONS, STATEMENT_SOURCES } from "../../contract/statements";
import {
  ACTIVE_RECIPIENT_MONTHS,
  monthNumberOf,
  NOTICE_SOURCES,
  PERIOD_NOT_ENDED,
  periodOf,
  SCHEDULED_RUN_DELAY_MS,
  type MonthlyActiveRecipients,
  type Period,
  type TransparencyAppeals,
  type TransparencyCounts,
  type TransparencyIndex,
  type TransparencyPublished,
  type TransparencyReport,
} from "../../contract/transparency";
import type { DB, Dialect } from "../../db/index";
import { enqueueJob } from "../../jobs/queue";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import { filedByTrustedFlagger } from "./flaggers";
import type {} from "./schema";

/**
 * Where the internal complaints (Art. 20) are stored, for the appeals' counts: the appeals module's table (migration
 * 0099), `created_at` when filed and `decided_at` (null while open), times in epoch ms. Null would count reversals only.
 */
export const APPEALS_SOURCE: { table: string; filedAt: string; decidedAt: string } | null = {
  table: "appeals",
  filedAt: "created_at",
  decidedAt: "decided_at",
};

/** Zero for every key, so a count that found no row still appears (and the CSV's rows stay the same). */
function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

function fill<K extends string>(keys: readonly K[], rows: Array<{ key: string | null; n: number | string | bigint }>): Record<K, number> {
  const counts = zeros(keys);
  for (const row of rows) if (row.key !== null && row.key in counts) counts[row.key as K] += Number(row.n);
  return counts;
}

/**
 * The median of `value` over the rows of `from` (a FROM … WHERE … fragment). PostgreSQL has percentile_cont; SQLite
 * counts, then reads the one or two middle values in order (an index on the filter keeps it one range scan).
 */
async function median(db: DB, dialect: Dialect, value: RawBuilder<unknown>, from: RawBuilder<unknown>): Promise<number | null> {
  if (dialect === "postgres") {
    const row = await sql<{ m: number | string | null }>`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ${value}) AS m ${from}`.execute(
      db,
    );
    const m = row.rows[0]?.m;
    return m === null || m === undefined ? null : Math.round(Number(m));
  }
  const count = await sql<{ n: number }>`SELECT count(*) AS n ${from}`.execute(db);
  const n = Number(count.rows[0]?.n ?? 0);
  if (n === 0) return null;
  const middle = await sql<{
    v: number;
  }>`SELECT ${value} AS v ${from} ORDER BY 1 LIMIT ${n % 2 === 0 ? 2 : 1} OFFSET ${Math.floor((n - 1) / 2)}`.execute(db);
  const values = middle.rows.map((row) => Number(row.v));
  return Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);
}

async function noticeCounts(db: DB, dialect: Dialect, period: Period): Promise<TransparencyCounts["notices"]> {
  const { startsAt: from, endsAt: to } = period;
  const filed = db.selectFrom("reports as r").where("r.created_at", ">=", from).where("r.created_at", "<", to);
  const source = sql<string>`CASE WHEN ${filedByTrustedFlagger("r")} THEN 'trusted_flagger' WHEN r.reporter_key LIKE 'u:%' THEN 'member' ELSE 'guest' END`;
  const [byType, byKind, bySource, decided] = await Promise.all([
    filed
      .select(["r.type as key", sql<number>`count(*)`.as("n")])
      .groupBy("r.type")
      .execute(),
    filed
      .select(["r.object_kind as key", sql<number>`count(*)`.as("n")])
      .groupBy("r.object_kind")
      .execute(),
    db
      .selectFrom(filed.select(source.as("src")).as("s"))
      .select(["s.src as key", sql<number>`count(*)`.as("n")])
      .groupBy("s.src")
      .execute(),
    db
      .selectFrom("reports as r")
      .select([
        sql<number>`count(*)`.as("decided"),
        sql<number>`coalesce(sum(CASE WHEN r.outcome = 'no_action' THEN 1 ELSE 0 END), 0)`.as("no_action"),
        sql<number>`coalesce(sum(r.manifestly_unfounded), 0)`.as("unfounded"),
      ])
      .where("r.decided_at", ">=", from)
      .where("r.decided_at", "<", to)
      .executeTakeFirstOrThrow(),
  ]);
  const decidedIn = sql`FROM reports r WHERE r.decided_at >= ${from} AND r.decided_at < ${to}`;
  const elapsed = sql`r.decided_at - r.created_at`;
  const [medianAll, medianTrusted] = await Promise.all([
    median(db, dialect, elapsed, decidedIn),
    median(db, dialect, elapsed, sql`${decidedIn} AND ${filedByTrustedFlagger("r")}`),
  ]);
  const received = byType.reduce((sum, row) => sum + Number(row.n), 0);
  const decidedCount = Number(decided.decided);
  const noAction = Number(decided.no_action);
  return {
    received,
    by_type: fill(REPORT_TYPE_KEYS, byType),
    by_kind: fill(REPORT_OBJECT_KINDS, byKind),
    by_source: fill(NOTICE_SOURCES, bySource),
    decided: decidedCount,
    acted_on: decidedCount - noAction,
    no_action: noAction,
    manifestly_unfounded: Number(decided.unfounded),
    median_decision_ms: medianAll,
    median_decision_ms_trusted_flagger: medianTrusted,
  };
}

async function decisionCounts(db: DB, period: Period): Promise<TransparencyCounts["decisions"]> {
  const written = db.selectFrom("statements").where("created_at", ">=", period.startsAt).where("created_at", "<", period.endsAt);
  // One grouped scan: restriction × ground × source, summed per dimension below.
  const rows = await written
    .select([
      "restriction",
      "ground",
      "source",
      sql<number>`count(*)`.as("n"),
      sql<number>`sum(automated_detection)`.as("detected"),
      sql<number>`sum(automated_decision)`.as("decided"),
    ])
    .groupBy(["restriction", "ground", "source"])
    .execute();
  const per = (pick: (row: (typeof rows)[number]) => string) => rows.map((row) => ({ key: pick(row), n: row.n }));
  return {
    total: rows.reduce((sum, row) => sum + Number(row.n), 0),
    by_restriction: fill(
      STATEMENT_RESTRICTIONS,
      per((row) => row.restriction),
    ),
    by_ground: fill(
      STATEMENT_GROUNDS,
      per((row) => row.ground),
    ),
    by_source: fill(
      STATEMENT_SOURCES,
      per((row) => row.source),
    ),
    automated_detection: rows.reduce((sum, row) => sum + Number(row.detected ?? 0), 0),
    automated_decision: rows.reduce((sum, row) => sum + Number(row.decided ?? 0), 0),
  };
}

async function appealCounts(db: DB, dialect: Dialect, period: Period): Promise<TransparencyAppeals> {
  const reversed = await db
    .selectFrom("statements")
    .select(sql<number>`count(*)`.as("n"))
    .where("reversed_at", ">=", period.startsAt)
    .where("reversed_at", "<", period.endsAt)
    .executeTakeFirstOrThrow();
  if (!APPEALS_SOURCE) return { received: null, decided: null, reversed: Number(reversed.n), median_decision_ms: null };
  const table = sql.table(APPEALS_SOURCE.table);
  const filedAt = sql.ref(APPEALS_SOURCE.filedAt);
  const decidedAt = sql.ref(APPEALS_SOURCE.decidedAt);
  const [received, decided] = await Promise.all([
    sql<{ n: number }>`SELECT count(*) AS n FROM ${table} WHERE ${filedAt} >= ${period.startsAt} AND ${filedAt} < ${period.endsAt}`.execute(
      db,
    ),
    sql<{
      n: number;
    }>`SELECT count(*) AS n FROM ${table} WHERE ${decidedAt} >= ${period.startsAt} AND ${decidedAt} < ${period.endsAt}`.execute(db),
  ]);
  return {
    received: Number(received.rows[0]?.n ?? 0),
    decided: Number(decided.rows[0]?.n ?? 0),
    reversed: Number(reversed.n),
    median_decision_ms: await median(
      db,
      dialect,
      sql`${decidedAt} - ${filedAt}`,
      sql`FROM ${table} WHERE ${decidedAt} >= ${period.startsAt} AND ${decidedAt} < ${period.endsAt}`,
    ),
  };
}

async function misuseCounts(db: DB, period: Period): Promise<TransparencyCounts["misuse"]> {
  const rows = await db
    .selectFrom("misuse_actions")
    .select(["rule", "action", sql<number>`count(*)`.as("n")])
    .where("created_at", ">=", period.startsAt)
    .where("created_at", "<", period.endsAt)
    .groupBy(["rule", "action"])
    .execute();
  const of = (action: string) =>
    fill(
      ["illegal_content", "unfounded_notices"] as const,
      rows.filter((row) => row.action === action).map((row) => ({ key: row.rule, n: row.n })),
    );
  return { warnings: of("warning"), suspensions: of("suspension") };
}

/** The months (202607…202612) of the last ACTIVE_RECIPIENT_MONTHS before `endsAt`. */
function lastMonths(endsAt: number): number[] {
  const end = new Date(endsAt);
  return Array.from({ length: ACTIVE_RECIPIENT_MONTHS }, (_, i) =>
    monthNumberOf(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - ACTIVE_RECIPIENT_MONTHS + i, 1)),
  );
}

/** Art. 24(2): distinct signed-in members per month over the period's last six months, and their mean. */
export async function monthlyActiveRecipients(db: DB, endsAt: number): Promise<MonthlyActiveRecipients> {
  const months = lastMonths(endsAt);
  const rows = await db
    .selectFrom("active_months")
    .select(["month", sql<number>`count(*)`.as("n")])
    .where("month", "in", months)
    .groupBy("month")
    .execute();
  const byMonth = new Map(rows.map((row) => [Number(row.month), Number(row.n)]));
  const list = months.map((month) => ({
    month: `${Math.floor(month / 100)}-${String(month % 100).padStart(2, "0")}`,
    recipients: byMonth.get(month) ?? 0,
  }));
  const average = Math.floor(list.reduce((sum, item) => sum + item.recipients, 0) / list.length);
  return { average, months: list, counts_guests: false };
}

/** Every count of one period (the job, the backend's run and the benchmark call this). */
export async function computeTransparency(db: DB, dialect: Dialect, period: Period): Promise<TransparencyCounts> {
  const [notices, decisions, appeals, misuse, mar] = await Promise.all([
    noticeCounts(db, dialect, period),
    decisionCounts(db, period),
    appealCounts(db, dialect, period),
    misuseCounts(db, period),
    monthlyActiveRecipients(db, period.endsAt),
  ]);
  return {
    notices,
    decisions,
    appeals,
    misuse,
    // None received; the fields are there so a first order is counted where it belongs (Art. 15(1)(a)).
    authority_orders: { act_against_content: 0, provide_information: 0 },
    out_of_court_disputes: 0,
    monthly_active_recipients: mar,
  };
}

/** Computes and stores (replacing an earlier run of the same period) the report of an ended period. */
async function publish(deps: ApiDeps, period: Period, staffId: number | null): Promise<TransparencyPublished> {
  const now = deps.clock.now();
  if (period.endsAt > now) throw fail.badRequest(PERIOD_NOT_ENDED, "period");
  const counts = JSON.stringify(await computeTransparency(deps.db, deps.dialect, period));
  await deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("transparency_reports").select(["computed_at"]).where("period", "=", period.key).executeTakeFirst();
    const values = { starts_at: period.startsAt, ends_at: period.endsAt, counts, computed_at: now, published_by: staffId };
    await trx
      .insertInto("transparency_reports")
      .values({ period: period.key, ...values })
      .onConflict((oc) => oc.column("period").doUpdateSet(values))
      .execute();
    if (staffId !== null)
      await recordAudit(
        trx,
        {
          actorId: staffId,
          action: "transparency.publish",
          subjectType: "transparency_report",
          subjectId: period.key,
          reason: null,
          before: before ? { computed_at: Number(before.computed_at) } : null,
          after: { computed_at: now },
        },
        now,
      );
  });
  return { period: period.key, computed_at: now };
}

/** POST /backoffice/transparency/publish: backend staff run it by hand (audit.read). */
export async function publishTransparency(deps: ApiDeps, staffId: number, periodKey: string): Promise<TransparencyPublished> {
  await requireStaffPermission(deps, staffId, "audit.read");
  return publish(deps, periodOf(periodKey)!, staffId);
}

function reportOf(row: { period: string; starts_at: number; ends_at: number; counts: string; computed_at: number }): TransparencyReport {
  const period = periodOf(row.period)!;
  return {
    period: row.period,
    kind: period.kind,
    starts_at: Number(row.starts_at),
    ends_at: Number(row.ends_at),
    computed_at: Number(row.computed_at),
    counts: JSON.parse(row.counts) as TransparencyCounts,
  };
}

/** GET /transparency: public. Newest period first; years before their halves. */
export async function transparencyIndex(deps: ApiDeps): Promise<TransparencyIndex> {
  const rows = await deps.db
    .selectFrom("transparency_reports")
    .select(["period", "starts_at", "ends_at", "computed_at"])
    .orderBy("ends_at", "desc")
    .orderBy("starts_at")
    .execute();
  const latest = rows[0] ? await transparencyReport(deps, rows[0].period) : null;
  return {
    periods: rows.map((row) => ({ period: row.period, kind: periodOf(row.period)!.kind, computed_at: Number(row.computed_at) })),
    latest,
  };
}

/** GET /transparency/{period}: public; 404 for a period never published. */
export async function transparencyReport(deps: ApiDeps, periodKey: string): Promise<TransparencyReport> {
  const row = periodOf(periodKey)
    ? await deps.db.selectFrom("transparency_reports").selectAll().where("period", "=", periodKey).executeTakeFirst()
    : undefined;
  if (!row) throw fail.notFound("exception.transparency.report_not_found");
  return reportOf(row);
}

/**
 * The scheduled runs: on the day after each half-year ends, the half-year (with its average monthly active
 * recipients, Art. 24(2)); in January also the calendar year (Art. 15, 24(1): at least once a year). The job publishes
 * and enqueues the next; maintenance calls `scheduleTransparencyReports` so a restart or a lost job starts it again.
 */
export async function runScheduledTransparency(deps: ApiDeps, boundary: number): Promise<void> {
  const end = new Date(boundary);
  const year = end.getUTCMonth() === 0 ? end.getUTCFullYear() - 1 : end.getUTCFullYear();
  const half = end.getUTCMonth() === 0 ? "H2" : "H1";
  await publish(deps, periodOf(`${year}-${half}`)!, null);
  if (half === "H2") await publish(deps, periodOf(String(year))!, null);
  await scheduleTransparencyReports(deps);
}

/** Enqueues the run after the next half-year boundary (a no-op when it is queued already). */
export async function scheduleTransparencyReports(deps: Pick<ApiDeps, "db" | "clock">): Promise<void> {
  const now = deps.clock.now();
  const today = new Date(now - SCHEDULED_RUN_DELAY_MS);
  const nextBoundary = today.getUTCMonth() < 6 ? Date.UTC(today.getUTCFullYear(), 6, 1) : Date.UTC(today.getUTCFullYear() + 1, 0, 1);
  await enqueueJob(
    deps.db,
    deps.clock,
    "transparency.publish",
    { boundary: nextBoundary },
    { key: `transparency.publish:${nextBoundary}`, runAt: nextBoundary + SCHEDULED_RUN_DELAY_MS },
  );
}
