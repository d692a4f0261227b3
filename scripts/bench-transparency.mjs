// The transparency report's counts for a year of 1,000,000 decisions on PostgreSQL (issue 30 item 4, ADR 114): a fresh
// schema on the test server, migrated; 10,000 members (20 of them trusted flaggers for the first half-year);
// --notices notices over 2025 (70 % acted on, each with its statement of reasons; 30 % no action, a tenth of those
// manifestly unfounded) and own-initiative statements up to --decisions; a year of active months; then
// computeTransparency for 2025 (the job's work) --runs times. The rows are written by INSERT … SELECT over
// generate_series, one statement per table: the seed takes a minute or two, not tens.
//   node scripts/bench-transparency.mjs [--decisions 1000000] [--notices 1000000] [--runs 3] [--keep]
// DATABASE_URL_TEST names the server (default postgres://postgres@127.0.0.1:5432/test, as the tests use).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { register } from "tsx/esm/api";

register();
const { values } = parseArgs({
  options: {
    decisions: { type: "string", default: "1000000" },
    notices: { type: "string", default: "1000000" },
    runs: { type: "string", default: "3" },
    keep: { type: "boolean", default: false },
  },
});
const decisions = Number(values.decisions);
const notices = Number(values.notices);
const runs = Number(values.runs);
const acted = Math.floor(notices * 0.7);
if (acted > decisions) throw new Error("--decisions must be at least 70 % of --notices");

const base = process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test";
const schema = `bench_transparency_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const url = new URL(base);
url.searchParams.set("options", `-c search_path=${schema}`);

const { openDatabase, migrateToLatest } = await import("../server/db/index.ts");
const { allMigrationsFor } = await import("../server/modules/index.ts");
const { computeTransparency } = await import("../server/modules/transparency/index.ts");
const { periodOf } = await import("../server/contract/transparency.ts");
const { REPORT_TYPE_KEYS } = await import("../server/contract/reports.ts");
const { sql } = await import("kysely");

const database = openDatabase(url.toString(), { poolSize: 8 });
const db = database.db;
const ms = (start) => Math.round(performance.now() - start);
try {
  await migrateToLatest(database, allMigrationsFor);
  const year = Date.UTC(2025, 0, 1);
  const yearMs = Date.UTC(2026, 0, 1) - year;
  const types = `ARRAY[${REPORT_TYPE_KEYS.map((t) => `'${t}'`).join(",")}]`;
  const kinds = "ARRAY['profile','media','message','blog','comment','event','review','date','live','recording','page']";

  let start = performance.now();
  await sql`INSERT INTO users (username, username_key, email, email_key, password_hash, user_type, gender, salutation, birth_date,
      language, email_verified_at, register_completed_step, status, created_at, updated_at)
    SELECT 'bench_' || i, 'bench_' || i, 'bench_' || i || '@example.test', 'bench_' || i || '@example.test', 'x', 1 + i % 3, 1,
      'mr', '1990-01-15', 'de', ${year}, 10, 'active', ${year}, ${year}
    FROM generate_series(1, 10000) AS i`.execute(db);
  const first = Number((await sql`SELECT min(id) AS id FROM users`.execute(db)).rows[0].id);
  await sql`INSERT INTO trusted_flaggers (user_id, organisation, coordinator_reference, starts_at, ends_at, created_by, created_at)
    SELECT ${first} + i, 'Org ' || i, 'DSC-' || i, ${year}, ${Date.UTC(2025, 6, 1)}, ${first}, ${year} FROM generate_series(0, 19) AS i`.execute(
    db,
  );
  const usersMs = ms(start);

  // Notices: spread evenly over the year; the reporter one of the members (every 50th a guest); decided within
  // 0–72 hours; i % 10 < 7 acted on.
  start = performance.now();
  await sql`INSERT INTO reports (user_id, reporter_key, object_kind, object_id, url, object_ref, object_checked, target_user_id, type,
      priority, text, language, state, created_at, outcome, statement, decided_by, decided_at, manifestly_unfounded)
    SELECT CASE WHEN i % 50 = 0 THEN NULL ELSE ${first} + i % 10000 END,
      CASE WHEN i % 50 = 0 THEN NULL ELSE 'u:' || (${first} + i % 10000) END,
      (${sql.raw(kinds)})[1 + i % 11], i, NULL, 'bench:' || i, 0, ${first} + (i * 7) % 10000,
      (${sql.raw(types)})[1 + i % ${REPORT_TYPE_KEYS.length}], 1 + i % 4, NULL, 'de', 'decided',
      ${year} + (i::bigint * ${Math.floor(yearMs / notices)}), CASE WHEN i % 10 < 7 THEN 'content_removed' ELSE 'no_action' END,
      'Decided.', ${first}, ${year} + (i::bigint * ${Math.floor(yearMs / notices)}) + (i % 259200) * 1000,
      CASE WHEN i % 10 = 9 AND i % 100 < 10 THEN 1 ELSE 0 END
    FROM generate_series(1, ${notices}) AS i`.execute(db);
  const reportsMs = ms(start);

  // Statements: one per acted-on notice (its time, its source), then own-initiative ones up to --decisions.
  start = performance.now();
  await sql`INSERT INTO statements (user_id, subject_kind, subject_id, restriction, ground, ground_reference, facts, source, report_id,
      language, decided_by, created_at, reversed_at)
    SELECT r.target_user_id, r.object_kind, r.id::text, 'content_removed', CASE WHEN r.id % 3 = 0 THEN 'illegal' ELSE 'terms' END,
      'AGB § 7', 'Bench.', CASE WHEN r.user_id BETWEEN ${first} AND ${first + 19} AND r.created_at < ${Date.UTC(2025, 6, 1)} THEN 'trusted_flagger' ELSE 'notice' END,
      r.id, 'de', ${first}, r.decided_at, CASE WHEN r.id % 200 = 0 THEN r.decided_at + 86400000 ELSE NULL END
    FROM reports r WHERE r.outcome = 'content_removed'`.execute(db);
  const own = decisions - acted;
  await sql`INSERT INTO statements (user_id, subject_kind, subject_id, restriction, ground, ground_reference, facts, source, language,
      decided_by, created_at)
    SELECT ${first} + i % 10000, 'media', i::text, (ARRAY['content_removed','content_disabled','content_demoted','account_suspended'])[1 + i % 4],
      CASE WHEN i % 4 = 0 THEN 'illegal' ELSE 'terms' END, 'AGB § 7', 'Bench.', 'own_initiative', 'de', ${first},
      ${year} + (i::bigint * ${Math.floor(yearMs / Math.max(own, 1))})
    FROM generate_series(1, ${own}) AS i`.execute(db);
  const statementsMs = ms(start);

  start = performance.now();
  await sql`INSERT INTO active_months (month, user_id)
    SELECT 202500 + m, ${first} + u FROM generate_series(1, 12) AS m, generate_series(0, 9999) AS u WHERE (u + m) % 3 <> 0`.execute(db);
  await sql`ANALYZE`.execute(db);
  const restMs = ms(start);
  const counts = (await sql`SELECT (SELECT count(*) FROM reports) AS reports, (SELECT count(*) FROM statements) AS statements`.execute(db))
    .rows[0];
  console.info(
    `seeded ${counts.reports} notices, ${counts.statements} statements: users ${usersMs} ms, notices ${reportsMs} ms, statements ${statementsMs} ms, active months + ANALYZE ${restMs} ms`,
  );

  const period = periodOf("2025");
  const times = [];
  let result;
  for (let i = 0; i < runs; i++) {
    start = performance.now();
    result = await computeTransparency(db, "postgres", period);
    times.push(ms(start));
  }
  console.info(`computeTransparency(2025) over ${runs} runs: ${times.join(" ms, ")} ms (best ${Math.min(...times)} ms)`);
  console.info(
    JSON.stringify({
      received: result.notices.received,
      decided: result.notices.decided,
      median_decision_ms: result.notices.median_decision_ms,
      decisions: result.decisions.total,
      by_source: result.decisions.by_source,
      reversed: result.appeals.reversed,
      mar: result.monthly_active_recipients.average,
    }),
  );
} finally {
  await database.close();
  if (!values.keep) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  else console.info(`kept schema ${schema}`);
  await admin.end();
}
