// The ledger under load (issue 27 "Measured when done", ADR 073, 087): W concurrent workers each post N random
// operations of every kind of issue 27 item 1 (purchase, refund, refund reversal, tip, consume, unlock, boost, rise-up,
// promotion, gift, resume gift, grant, reward, migrated, correction, freeze, defrost, release, payout request, payout,
// payout returned, chargeback as reclaim plus loss), and each operation is
// retried at random with its idempotency key. At the end the reconciliation report must show no negative balance,
// no imbalance and no cached balance that differs from its transfers, and every retry must have answered its first
// attempt's operation (else it counts as a duplicate).
//
//   node scripts/bench-ledger.mjs [--db sqlite|postgres] [--workers 50] [--ops 2000] [--members 200] [--pool <workers>]
//   taskset -c 1 node scripts/bench-ledger.mjs --db postgres     (the client on one core, PostgreSQL on the other)
//
// SQLite: a fresh file under the system's temp folder. PostgreSQL: a fresh schema in DATABASE_URL_TEST (default the
// machine's `test` database), dropped at the end. The last line is
//   ops N, failed N, negative 0, imbalance 0, duplicates 0, p95 X ms
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { register } from "tsx/esm/api";

register();
const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    workers: { type: "string", default: "50" },
    ops: { type: "string", default: "2000" },
    members: { type: "string", default: "200" },
    pool: { type: "string" },
    seed: { type: "string", default: "1" },
  },
});
const workers = Number(values.workers);
const opsPerWorker = Number(values.ops);
const memberCount = Number(values.members);

const { openDatabase, migrateToLatest } = await import("../server/db/index.ts");
const { systemClock } = await import("../server/lib/clock.ts");
const { allMigrationsFor } = await import("../server/modules/index.ts");
const { dollarOperations, postOperation } = await import("../server/modules/ledger/index.ts");
const { measureCurrency } = await import("../server/modules/ledger-office/index.ts");

// A small seeded generator: a run can be repeated.
let state = Number(values.seed) >>> 0 || 1;
const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const pick = (n) => Math.floor(random() * n);

let databaseUrl;
let cleanup = () => {};
if (values.db === "postgres") {
  const base = process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test";
  const schema = `bench_ledger_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const settings = await admin.query(
    "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method', 'max_connections') ORDER BY name",
  );
  console.info(`postgres ${settings.rows.map((r) => `${r.name}=${r.setting}`).join(" ")}`);
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${schema}`);
  databaseUrl = url.toString();
  cleanup = async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  };
} else {
  const dir = mkdtempSync(join(tmpdir(), "bench-ledger-"));
  databaseUrl = `sqlite:${join(dir, "ledger.sqlite")}`;
  cleanup = () => rmSync(dir, { recursive: true, force: true });
}

// One connection per worker by default: a worker never waits for a connection, so the p95 is the operation's own.
const database = openDatabase(databaseUrl, { poolSize: Number(values.pool ?? workers) });
await migrateToLatest(database, allMigrationsFor);
const deps = { db: database.db, dialect: database.dialect, clock: systemClock };
const now = Date.now();
const run = randomBytes(3).toString("hex");
const members = [];
for (let start = 0; start < memberCount; start += 500) {
  const rows = Array.from({ length: Math.min(500, memberCount - start) }, (_, i) => {
    const username = `bench_${run}_${start + i}`;
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
      member_until: null,
      email_verified_at: now,
      register_completed_step: 10,
      status: "active",
      created_at: now,
      updated_at: now,
      last_login_at: null,
    };
  });
  members.push(...(await database.db.insertInto("users").values(rows).returning("id").execute()).map((r) => r.id));
}
console.info(
  `${values.db}: ${workers} workers × ${opsPerWorker} operations, ${members.length} members, pool ${values.pool ?? workers}; ` +
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} on ${cpus().length} cores`,
);

const SPENDS = ["CONSUME", "FIRST_CONTACT_UNLOCK", "MESSAGE_BOOST", "RISE_UP", "PROMOTION_PROFILE"];
const AMOUNTS = [5, 10, 100, 150, 200];
function randomOperation() {
  const a = members[pick(members.length)];
  let b = members[pick(members.length)];
  if (b === a) b = members[(members.indexOf(a) + 1) % members.length];
  const amount = random() < 0.7 ? AMOUNTS[pick(AMOUNTS.length)] : 1 + pick(250);
  const roll = pick(100);
  if (roll < 22) return { actor: a, steps: [dollarOperations.purchase(a, amount * 2)] };
  if (roll < 38) return { actor: a, steps: [dollarOperations.tip(a, b, amount)] };
  if (roll < 50) return { actor: a, steps: [dollarOperations.spend(a, 5, SPENDS[pick(SPENDS.length)])] };
  if (roll < 56) return { actor: a, steps: [dollarOperations.gift(a, b, amount)] };
  if (roll < 58) return { actor: a, steps: [dollarOperations.resumeGift(a, b, amount)] };
  if (roll < 62) return { actor: a, steps: [dollarOperations.grant(a, 10, ["GRANT", "REWARD", "MIGRATED"][pick(3)])] };
  if (roll < 64) return { actor: a, steps: [dollarOperations.correction(a, 5)] };
  if (roll < 67) return { actor: a, steps: [dollarOperations.freeze(a, amount)] };
  if (roll < 70) return { actor: a, steps: [dollarOperations.defrost(a, amount)] };
  if (roll < 77) return { actor: a, steps: [dollarOperations.release(a, amount)] };
  if (roll < 83) return { actor: a, steps: [dollarOperations.payoutRequest(a, 100)] };
  if (roll < 87) return { actor: a, steps: [dollarOperations.payoutSucceeded(a, 100)] };
  if (roll < 89) return { actor: a, steps: [dollarOperations.payoutReturned(a, 100)] };
  if (roll < 94) return { actor: a, steps: [dollarOperations.refund(a, amount)] };
  if (roll < 96) return { actor: a, steps: [dollarOperations.refundReversal(a, amount)] };
  return { actor: a, chargeback: amount * 2 };
}

let posted = 0;
let failed = 0;
let duplicates = 0;
const latencies = [];

async function once(key, actor, operation) {
  return postOperation(deps, { key, currency: "dollar", actorId: actor, ...operation });
}

/** One operation: posted, then with a chance of 1 in 4 retried with the same key (a client that did not see the answer). */
async function perform(key, job) {
  const started = performance.now();
  if (job.chargeback) {
    const reclaim = await once(`${key}:r`, job.actor, dollarOperations.reclaim(job.actor, job.chargeback));
    if (reclaim.moved < job.chargeback) await once(`${key}:l`, null, dollarOperations.chargebackLoss(job.chargeback - reclaim.moved));
    if (random() < 0.25) {
      const again = await once(`${key}:r`, job.actor, dollarOperations.reclaim(job.actor, job.chargeback));
      if (again.operationId !== reclaim.operationId || !again.replayed || again.moved !== reclaim.moved) duplicates += 1;
    }
  } else {
    const first = await once(key, job.actor, job.steps[0]);
    if (random() < 0.25) {
      const again = await once(key, job.actor, job.steps[0]);
      if (again.operationId !== first.operationId || !again.replayed || again.status !== first.status) duplicates += 1;
    }
  }
  latencies.push(performance.now() - started);
}

const started = performance.now();
await Promise.all(
  Array.from({ length: workers }, async (_, w) => {
    for (let i = 0; i < opsPerWorker; i += 1) {
      try {
        await perform(`${run}:${w}:${i}`, randomOperation());
        posted += 1;
      } catch (error) {
        failed += 1;
        if (failed <= 5) console.error(error);
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
// The daily reconciliation's measurement: the invariants and the dollar identity (ADR 087).
const measured = await measureCurrency(deps, "dollar");
const report = measured.report;
const imbalance = Math.abs(report.imbalance) + report.mismatched + Math.abs(measured.identityDifference ?? 0);
const keys = await database.db
  .selectFrom("ledger_operations")
  .select((eb) => eb.fn.countAll().as("n"))
  .executeTakeFirstOrThrow();
latencies.sort((x, y) => x - y);
const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
console.info(
  `${(posted / seconds).toFixed(0)} operations/s, ${(report.transfers / seconds).toFixed(0)} transfers/s over ${seconds.toFixed(1)} s; ` +
    `${keys.n} operations recorded, ${report.transfers} transfers, ${report.accounts} accounts; platform ${JSON.stringify(report.platform)}; ` +
    `identity ${JSON.stringify(measured.identity)} = liabilities ${measured.liabilities}`,
);
await database.close();
await cleanup();
console.info(
  `ops ${posted}, failed ${failed}, negative ${report.negative}, imbalance ${imbalance}, duplicates ${duplicates}, p95 ${p95.toFixed(1)} ms`,
);
process.exit(failed + report.negative + imbalance + duplicates === 0 ? 0 : 1);
