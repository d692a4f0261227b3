// 10,000 memberships due for renewal at the same minute (issue 26 "Measured when done", ADR 078): every one must be
// charged or moved to dunning within 60 s on SQLite on this machine. The product's own path end to end: the
// renewals.scan job finds them, renewals.charge jobs (100 renewals each) run on the real job runner, each charge makes
// its renewal order (payments), the in-app fake provider answers at once (a stored token ending "_fail" is declined:
// --fail sets the share), the settlement takes the answer (order, plus's period, the invoice, the ledger), and a
// declined one starts dunning (past_due, the retry job, the mail with its rebill link).
//
//   node scripts/bench-renewals.mjs [--db sqlite|postgres] [--members 10000] [--fail 0.1] [--runners 1]
//
// SQLite: a fresh file under the system's temp folder (WAL, as the product runs). PostgreSQL: a fresh schema in
// DATABASE_URL_TEST (default the machine's `test` database), dropped at the end; --runners > 1 runs that many job
// runners at once, as that many instances would. The last line is
//   renewals N: paid N, dunning N, other 0, charged twice 0, S s (R/s)
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";
import { benchDatabase, benchDeps } from "./bench-money-setup.mjs";

register();
const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    members: { type: "string", default: "10000" },
    fail: { type: "string", default: "0.1" },
    runners: { type: "string", default: "1" },
    pool: { type: "string", default: "10" },
  },
});
const memberCount = Number(values.members);
const failShare = Number(values.fail);
const runnerCount = Number(values.runners);

const { loadConfig } = await import("../server/config.ts");
const { openDatabase, migrateToLatest } = await import("../server/db/index.ts");
const { allMigrationsFor } = await import("../server/modules/index.ts");
const { jobHandlersFor } = await import("../server/jobs/handlers.ts");
const { createJobRunner, enqueueJob } = await import("../server/jobs/queue.ts");
const { FAKE_FAILING_TOKEN_SUFFIX } = await import("../server/integrations/payments/fake.ts");

const { databaseUrl, cleanup } = await benchDatabase(values.db, "renewals");
const config = { ...loadConfig({ NODE_ENV: "test", APP_SECRET: "bench-secret" }), databaseUrl, publicUrl: "http://velora.bench" };
// BENCH_QUERIES=1: the statements that took the most time in all, at the end.
const queryTimes = new Map();
const database = openDatabase(databaseUrl, {
  poolSize: Number(values.pool),
  ...(process.env.BENCH_QUERIES
    ? { log: (event) => queryTimes.set(event.query.sql, (queryTimes.get(event.query.sql) ?? 0) + event.queryDurationMillis) }
    : {}),
});
await migrateToLatest(database, allMigrationsFor);
const deps = await benchDeps(database, config);
const { clock, log, bus } = deps;

// The members: each with a paid first order and a running, renewing 1-month contract whose period ends in
// 23 h 59 min 30 s — all inside the renewal lead time at once, the same minute for all.
const now = Date.now();
const periodEnd = now + 24 * 60 * 60 * 1000 - 30_000;
const periodStart = periodEnd - 30 * 24 * 60 * 60 * 1000;
const run = randomBytes(3).toString("hex");
let failing = 0;
const CHUNK = 500;
for (let start = 0; start < memberCount; start += CHUNK) {
  const size = Math.min(CHUNK, memberCount - start);
  const users = await database.db
    .insertInto("users")
    .values(
      Array.from({ length: size }, (_, i) => {
        const username = `renew_${run}_${start + i}`;
        return {
          username,
          username_key: username,
          email: `${username}@bench.test`,
          email_key: `${username}@bench.test`,
          password_hash: "x",
          user_type: 1,
          gender: 1,
          salutation: "mr",
          birth_date: "1990-01-15",
          language: "de",
          is_member: 1,
          member_until: periodEnd,
          email_verified_at: now,
          register_completed_step: 10,
          status: "active",
          created_at: now,
          updated_at: now,
          last_login_at: null,
        };
      }),
    )
    .returning("id")
    .execute();
  const orders = await database.db
    .insertInto("orders")
    .values(
      users.map((user, i) => ({
        public_id: `bench_${run}_${start + i}`,
        user_id: user.id,
        kind: "normal",
        status: "paid",
        paying_code: 1,
        step: "vat",
        goods: "membership",
        sku: "plus_client_1m",
        item_type: 1,
        months: 1,
        renewable: 1,
        method: "CC",
        currency: "EUR",
        list_gross_cents: 2990,
        discount_cents: 0,
        net_cents: 2513,
        vat_cents: 477,
        gross_cents: 2990,
        vat_rate_bp: 1900,
        vat_country: "DE",
        reverse_charge: 0,
        promo_code_id: null,
        customer: JSON.stringify({
          name: `Member ${start + i}`,
          company: null,
          street: "Hauptstr. 1",
          postal_code: "10115",
          city: "Berlin",
          country: "DE",
          email: `renew_${run}_${start + i}@bench.test`,
          vat_id: null,
        }),
        evidence: JSON.stringify({ billing_country: "DE", ip_country: "DE", payment_country: "DE" }),
        language: "de",
        digital_consent_at: null,
        membership_id: null,
        provider: "fake",
        provider_reference: null,
        created_at: periodStart,
        updated_at: periodStart,
        paid_at: periodStart,
      })),
    )
    .returning("id")
    .execute();
  await database.db
    .insertInto("memberships")
    .values(
      users.map((user, i) => {
        // Spread evenly: every 1/failShare-th member's card is declined.
        const fails = failShare > 0 && Math.floor((start + i + 1) * failShare) > Math.floor((start + i) * failShare);
        if (fails) failing += 1;
        return {
          user_id: user.id,
          package_id: "plus_client_1m",
          status: "running",
          renewable: 1,
          months: 1,
          price_cents: 2990,
          started_at: periodStart,
          first_term_end: periodEnd,
          period_start: periodStart,
          period_end: periodEnd,
          cancel_requested_at: null,
          ends_at: null,
          rebill_group: (start + i) % 6,
          payment_method: "CC",
          payment_token: `tok_${start + i}${fails ? FAKE_FAILING_TOKEN_SUFFIX : ""}`,
          last_order_id: orders[i].id,
          created_at: periodStart,
          updated_at: periodStart,
        };
      }),
    )
    .execute();
}
console.info(`${values.db}: ${memberCount} memberships due in the same minute, ${failing} with a declined card, ${runnerCount} runner(s)`);

const handlers = jobHandlersFor(deps);
const runner = (kinds) =>
  createJobRunner({
    db: database.db,
    dialect: database.dialect,
    clock,
    log,
    handlers: Object.fromEntries(kinds.map((k) => [k, handlers[k]])),
    batchSize: 1,
  });
const scanner = runner(["renewals.scan"]);
const runners = Array.from({ length: runnerCount }, () => runner(["renewals.charge"]));
const started = performance.now();
await enqueueJob(database.db, clock, "renewals.scan", {}, { key: "renewals.scan:bench" });
// The scan first (it enqueues the charge jobs), then every runner drains them at once, as that many instances would.
await scanner.runDue();
await Promise.all(runners.map((r) => r.runDue()));
const seconds = (performance.now() - started) / 1000;

const states = await database.db
  .selectFrom("renewals")
  .select(["state", (eb) => eb.fn.countAll().as("n")])
  .groupBy("state")
  .execute();
const count = (state) => Number(states.find((row) => row.state === state)?.n ?? 0);
const twice = await database.db
  .selectFrom("orders")
  .select("membership_id")
  .where("kind", "=", "renewal")
  .where("status", "=", "paid")
  .groupBy("membership_id")
  .having((eb) => eb.fn.countAll(), ">", 1)
  .execute();
const total = states.reduce((sum, row) => sum + Number(row.n), 0);
const other = total - count("paid") - count("dunning");
const pastDue = await database.db
  .selectFrom("memberships")
  .select((eb) => eb.fn.countAll().as("n"))
  .where("status", "=", "past_due")
  .executeTakeFirst();
console.info(`memberships past_due ${Number(pastDue?.n ?? 0)}; renewal states ${states.map((row) => `${row.state}=${row.n}`).join(" ")}`);
console.info(
  `renewals ${total}: paid ${count("paid")}, dunning ${count("dunning")}, other ${other}, charged twice ${twice.length}, ${seconds.toFixed(1)} s (${Math.round(total / seconds)}/s)`,
);
for (const [statement, ms] of [...queryTimes].sort((a, b) => b[1] - a[1]).slice(0, 8))
  console.info(`${ms.toFixed(0)} ms  ${statement.slice(0, 220)}`);
deps.presence.close();
await bus.close();
await database.close();
await cleanup();
process.exit(total === memberCount && other === 0 && twice.length === 0 && seconds <= 60 ? 0 : 1);
