// 1,000 fan subscriptions due at once (issue 28 "Measured when done", ADR 094): every one renewed through the ledger
// with 0 double charges, and the ledger's invariants (the reconciliation of bench-ledger.mjs and the ledger office:
// no negative balance, no imbalance, no cached balance off its transfers, the platform identity) still 0 afterwards.
// The product's own path: members subscribe through the fans service (the first month posted with its period row),
// the clock moves a month on, and the renewal run (fan_subscriptions.renew's work) takes them — --runs of them at once, as that
// many job runners in as many instances would, each with --concurrency subscriptions in flight. A share of the fans
// (--poor) hold too little for the second month: their subscription ends (never charged, never twice notified).
//
//   node scripts/bench-fan-renewals.mjs [--db postgres|sqlite] [--fans 1000] [--runs 3] [--concurrency 8] [--poor 0.1]
//
// PostgreSQL (default): a fresh schema in DATABASE_URL_TEST (default the machine's `test` database), dropped at the
// end. SQLite: a fresh file. The last line is
//   fans N: renewed N, ended N, charged twice 0, periods twice 0, invariants 0, S s
import { randomBytes } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";
import { benchDatabase, benchDeps } from "./bench-money-setup.mjs";

register();
const { values } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    fans: { type: "string", default: "1000" },
    runs: { type: "string", default: "3" },
    concurrency: { type: "string", default: "8" },
    poor: { type: "string", default: "0.1" },
    pool: { type: "string", default: "20" },
  },
});
const fanCount = Number(values.fans);
const runs = Number(values.runs);
const concurrency = Number(values.concurrency);
const poorShare = Number(values.poor);

const { loadConfig } = await import("../server/config.ts");
const { openDatabase, migrateToLatest } = await import("../server/db/index.ts");
const { manualClock } = await import("../server/lib/clock.ts");
const { allMigrationsFor } = await import("../server/modules/index.ts");
const { dollarOperations, postOperation } = await import("../server/modules/ledger/index.ts");
const { measureCurrency } = await import("../server/modules/ledger-office/index.ts");
const { renewDueSubscriptions } = await import("../server/modules/fans/index.ts");
const { createTier, subscribeWithDollars } = await import("../server/modules/fans/service.ts");

const { databaseUrl, cleanup } = await benchDatabase(values.db, "fans");
const config = { ...loadConfig({ NODE_ENV: "test", APP_SECRET: "bench-secret" }), databaseUrl, publicUrl: "http://velora.bench" };
const database = openDatabase(databaseUrl, { poolSize: Number(values.pool) });
await migrateToLatest(database, allMigrationsFor);
// The product's dependencies, on a clock of the bench's own: a month passes in one step.
const clock = manualClock(Date.now());
const deps = { ...(await benchDeps(database, config)), clock };

const run = randomBytes(3).toString("hex");
const PRICE = 10;
const userRow = (username, userType) => ({
  username,
  username_key: username,
  email: `${username}@bench.test`,
  email_key: `${username}@bench.test`,
  password_hash: "x",
  user_type: userType,
  gender: userType === 1 ? 1 : 2,
  salutation: userType === 1 ? "mr" : "ms",
  birth_date: "1990-01-15",
  language: "de",
  member_until: null,
  email_verified_at: clock.now(),
  register_completed_step: 10,
  status: "active",
  created_at: clock.now(),
  updated_at: clock.now(),
});
async function insertUsers(rows) {
  const ids = [];
  for (let i = 0; i < rows.length; i += 500)
    ids.push(
      ...(
        await database.db
          .insertInto("users")
          .values(rows.slice(i, i + 500))
          .returning("id")
          .execute()
      ).map((r) => r.id),
    );
  return ids;
}

// Ten creators (escorts) with a listed profile each, one tier of PRICE dollars; the fans spread over them.
const creators = await insertUsers(Array.from({ length: 10 }, (_, i) => userRow(`bench_${run}_creator_${i}`, 2)));
await database.db
  .insertInto("profiles")
  .values(
    creators.map((id, i) => ({
      user_id: id,
      display_name: `Creator ${i}`,
      city_name: "Berlin",
      city_slug: "berlin",
      country_code: "DE",
      region_code: "16",
      lat: 52.52,
      lon: 13.405,
      is_visible: 1,
      updated_at: clock.now(),
    })),
  )
  .execute();
const tiers = [];
for (const creator of creators)
  tiers.push((await createTier(deps, creator, { name: "Fan", price: PRICE, benefits: "", is_active: true })).tiers[0].id);

const fans = await insertUsers(Array.from({ length: fanCount }, (_, i) => userRow(`bench_${run}_fan_${i}`, 1)));
const poor = new Set(fans.filter((_, i) => i < Math.round(fanCount * poorShare)));
const setupStart = Date.now();
async function subscribeFan(fan, i) {
  // Enough for the first month; the rich ones for the second too.
  const grant = dollarOperations.grant(fan, poor.has(fan) ? PRICE : PRICE * 3);
  await postOperation(deps, {
    key: `bench-grant-${run}-${fan}`,
    kind: grant.kind,
    currency: "dollar",
    actorId: null,
    transfers: grant.transfers,
  });
  await subscribeWithDollars(deps, fan, tiers[i % tiers.length]);
}
for (let i = 0; i < fans.length; i += concurrency)
  await Promise.all(fans.slice(i, i + concurrency).map((fan, j) => subscribeFan(fan, i + j)));
console.info(
  `${values.db}: ${fanCount} fans subscribed in ${((Date.now() - setupStart) / 1000).toFixed(1)} s; ` +
    `${runs} runs at once × ${concurrency} in flight; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} on ${cpus().length} cores`,
);

// A month on: every subscription is due at the same moment.
clock.advance(31 * 24 * 60 * 60 * 1000);
const start = Date.now();
const outcomes = await Promise.all(Array.from({ length: runs }, () => renewDueSubscriptions(deps, { concurrency })));
const seconds = (Date.now() - start) / 1000;
// A further run finds nothing left to do.
const after = await renewDueSubscriptions(deps, { concurrency });

const sum = (key) => outcomes.reduce((total, o) => total + o[key], 0);
const count = async (query) => Number((await query.executeTakeFirst())?.n ?? 0);
const subscriptions = await count(database.db.selectFrom("fan_subscriptions").select((eb) => eb.fn.countAll().as("n")));
const renewed = await count(
  database.db
    .selectFrom("fan_subscriptions")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("periods_paid", "=", 2)
    .where("ended_at", "is", null),
);
const ended = await count(
  database.db
    .selectFrom("fan_subscriptions")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("ended_at", "is not", null),
);
// A charge per (subscription, period): the succeeded ledger operations whose reference names the period.
const charges = await database.db
  .selectFrom("ledger_operations")
  .select(["reference", (eb) => eb.fn.countAll().as("n")])
  .where("reference", "like", "fans:%")
  .where("status", "=", "succeeded")
  .groupBy("reference")
  .execute();
const chargedTwice = charges.filter((c) => Number(c.n) > 1).length;
const expectedCharges = fanCount + renewed;
const periods = await count(database.db.selectFrom("fan_subscription_periods").select((eb) => eb.fn.countAll().as("n")));
const periodsTwice = periods - expectedCharges;
const chargesOff = charges.length - expectedCharges;
// Each ended fan was told once, and their creator once.
const endNotices = await count(
  database.db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("event", "in", ["fan_renewal_failed", "fan_subscription_lost"]),
);
const measured = await measureCurrency(deps, "dollar");
const invariants =
  measured.report.negative + measured.report.mismatched + Math.abs(measured.report.imbalance) + Math.abs(measured.identityDifference ?? 0);

console.info(
  `runs: renewed ${sum("renewed")}, failed ${sum("failed")}, skipped ${sum("skipped")}, pending ${sum("pending")}; ` +
    `a later run: renewed ${after.renewed}, failed ${after.failed}; end notices ${endNotices} (expected ${ended * 2}); charges off ${chargesOff}`,
);
console.info(
  `fans ${subscriptions}: renewed ${renewed}, ended ${ended} (expected ${poor.size}), charged twice ${chargedTwice}, periods twice ${periodsTwice}, ` +
    `invariants ${invariants}, ${seconds.toFixed(1)} s (${(fanCount / seconds).toFixed(0)}/s)`,
);
deps.presence.close();
await deps.bus.close();
await database.close();
await cleanup();
const ok =
  chargedTwice === 0 &&
  periodsTwice === 0 &&
  chargesOff === 0 &&
  invariants === 0 &&
  ended === poor.size &&
  renewed === fanCount - poor.size &&
  endNotices === ended * 2;
process.exit(ok ? 0 : 1);
