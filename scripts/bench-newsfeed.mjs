// The newsfeed's page time (issue 28 item 5, ADR 095): the demo seed plus --profiles escorts with --media media items
// among them (a tenth fans-only or pay-per-view, one in fifty scheduled ahead, some logged-in only) and a bundle per
// ten profiles, demo_member keeping --follow of those profiles as favorites, the trending job run once over a week of
// purchases and tips; then GET /api/v2/newsfeed per tab, first page and a page deep, as a guest and as demo_member,
// in process (Hono fetch, validation, service, database; no socket), as scripts/bench-search.mjs measures search.
// --streams live streams join them (ADR 137): ended ones over the 90 days (a third recorded, audiences mixed), a
// twentieth announced ahead and one on air per fiftieth profile, so live items and their locks are on the pages.
//   DATABASE_URL=sqlite:/tmp/newsfeed-bench.sqlite MEDIA_DIR=/tmp/newsfeed-bench-media node scripts/bench-newsfeed.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_newsfeed MEDIA_DIR=/tmp/newsfeed-bench-media node scripts/bench-newsfeed.mjs
// Options: --media 100000 --profiles 2000 --follow 500 --streams 5000 --runs 300 --warmup 30. The database must be empty (a fresh
// file or database): the script seeds it. Prints p50/p95/max and the CPU per request of each scenario.
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

register();
const { values } = parseArgs({
  options: {
    media: { type: "string", default: "100000" },
    profiles: { type: "string", default: "2000" },
    follow: { type: "string", default: "500" },
    streams: { type: "string", default: "5000" },
    runs: { type: "string", default: "300" },
    warmup: { type: "string", default: "30" },
  },
});
const [mediaCount, profileCount, followCount, streamCount, runs, warmup] = [
  values.media,
  values.profiles,
  values.follow,
  values.streams,
  values.runs,
  values.warmup,
].map(Number);
if (!process.env.DATABASE_URL) {
  console.error("set DATABASE_URL to a fresh benchmark database (never the development one)");
  process.exit(2);
}

const { loadConfig } = await import("../server/config.ts");
const { bootstrap } = await import("../server/bootstrap.ts");
const { refreshTrending } = await import("../server/modules/newsfeed/index.ts");
const { refreshPlannerStatistics } = await import("../server/db/index.ts");
const runtime = await bootstrap(loadConfig(), { seed: true });
const db = runtime.database.db;
const now = Date.now();
const HOUR = 3_600_000;
const CHUNK = 500;

async function insertChunks(table, rows, returning) {
  const out = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const query = db.insertInto(table).values(rows.slice(i, i + CHUNK));
    if (returning) out.push(...(await query.returning(returning).execute()));
    else await query.execute();
  }
  return out;
}

const started = Date.now();
const existing = await db
  .selectFrom("users")
  .select((eb) => eb.fn.countAll().as("n"))
  .where("username", "like", "nf_bench_%")
  .executeTakeFirstOrThrow();
if (Number(existing.n) > 0) {
  console.error("this database already holds a benchmark's data: start from a fresh one");
  process.exit(2);
}
const users = await insertChunks(
  "users",
  Array.from({ length: profileCount }, (_, i) => ({
    username: `nf_bench_${i}`,
    username_key: `nf_bench_${i}`,
    email: `nf_bench_${i}@bench.invalid`,
    email_key: `nf_bench_${i}@bench.invalid`,
    password_hash: "!",
    user_type: 2,
    gender: 2,
    salutation: "ms",
    birth_date: "1995-05-05",
    language: "de",
    member_until: null,
    email_verified_at: now,
    register_completed_step: 10,
    status: "active",
    created_at: now - 400 * 24 * HOUR,
    updated_at: now,
    last_login_at: null,
  })),
  ["id"],
);
const ids = users.map((u) => u.id);
await insertChunks(
  "profiles",
  ids.map((id, i) => ({
    user_id: id,
    display_name: `Bench ${i}`,
    city_name: "Berlin",
    city_slug: "berlin",
    country_code: "DE",
    region_code: "16",
    lat: 52.52,
    lon: 13.405,
    is_visible: 1,
    updated_at: now,
  })),
);
// Media spread over the profiles and over the last 90 days, newest last.
const span = 90 * 24 * HOUR;
const media = await insertChunks(
  "media",
  Array.from({ length: mediaCount }, (_, i) => {
    const access = i % 20 === 0 ? "ppv" : i % 20 === 1 ? "fans" : "open";
    return {
      user_id: ids[i % ids.length],
      kind: "photo",
      visibility: i % 7 === 0 ? "logged_in" : "public",
      status: 1,
      storage_key: `bench/newsfeed/${i}`,
      mime_type: "image/jpeg",
      width: 800,
      height: 1066,
      bytes: 50_000,
      position: i,
      created_at: now - span + Math.floor((i / mediaCount) * span),
      variant_widths: "160,320,640",
      duration_ms: null,
      watermark: null,
      access,
      price: access === "ppv" ? 5 : null,
      // One in fifty is scheduled a day ahead: the feed must skip it.
      publish_at: i % 50 === 0 ? now + 24 * HOUR : null,
    };
  }),
  ["id", "user_id"],
);
const bundles = await insertChunks(
  "bundles",
  ids
    .filter((_, i) => i % 10 === 0)
    .map((id, i) => ({
      creator_id: id,
      title: `Bench bundle ${i}`,
      price: 10,
      status: 3,
      is_active: 1,
      created_at: now - span + i * HOUR,
      updated_at: now,
      published_at: now - span + i * HOUR,
      decided_at: now - span + i * HOUR + 60_000,
    })),
  ["id", "creator_id"],
);
// Live streams (ADR 137): ended ones spread over the span, every 20th announced a day ahead, and one on air for every
// 50th profile (one live stream per creator); audiences mixed so the page's locks are asked.
const AUDIENCES = ["logged_in", "logged_in", "plus", "fans", "paid"];
await insertChunks(
  "live_streams",
  Array.from({ length: streamCount }, (_, i) => {
    const creator = ids[i % ids.length];
    const onAir = i < ids.length && i % 50 === 0;
    const announced = !onAir && i % 20 === 1;
    const at = now - span + Math.floor((i / streamCount) * span);
    const audience = AUDIENCES[i % AUDIENCES.length];
    return {
      creator_id: creator,
      title: `Bench stream ${i}`,
      category: "chat",
      audience,
      price: audience === "paid" ? 5 : null,
      ingest: "browser",
      state: onAir ? "live" : announced ? "scheduled" : "ended",
      end_reason: onAir || announced ? null : "creator",
      record: i % 3 === 0 ? 1 : 0,
      city_id: null,
      scheduled_at: announced ? now + 24 * HOUR : null,
      started_at: onAir ? now - HOUR : announced ? null : at,
      ended_at: onAir || announced ? null : at + HOUR,
      producer_seen_at: null,
      created_at: onAir ? now - HOUR : at,
      updated_at: now,
    };
  }),
);
const member = await db.selectFrom("users").select("id").where("username", "=", "demo_member").executeTakeFirstOrThrow();
const buyers = await db.selectFrom("users").select("id").where("user_type", "=", 1).limit(50).execute();
const day = new Date(now).toISOString().slice(0, 10);
await insertChunks(
  "favorites",
  ids.slice(0, followCount).map((id) => ({ user_id: member.id, target_id: id, created_at: now - HOUR, created_day: day })),
);
// A week of sales and tips for the trending job: a purchase on every 40th medium, a tip on every 30th of the newest.
// Their rows reference a ledger operation (a foreign key): one placeholder operation stands for all (the feed reads
// the purchases, never the ledger).
const recent = media.slice(-20_000);
const placeholder = await db
  .insertInto("ledger_operations")
  .values({
    idempotency_key: "nf-bench-placeholder",
    fingerprint: "-",
    kind: "GRANT",
    status: "succeeded",
    actor_user_id: null,
    reference: null,
    created_at: now,
  })
  .returning("id")
  .executeTakeFirstOrThrow();
await insertChunks(
  "medium_purchases",
  recent
    .filter((_, i) => i % 40 === 0)
    .map((m, i) => ({
      medium_id: m.id,
      buyer_id: buyers[i % buyers.length].id,
      creator_id: m.user_id,
      price: 5,
      operation_id: placeholder.id,
      idempotency_key: `nf-bench-mp-${i}`,
      created_at: now - (i % 168) * HOUR,
    })),
);
await insertChunks(
  "bundle_purchases",
  bundles.map((b, i) => ({
    bundle_id: b.id,
    buyer_id: buyers[i % buyers.length].id,
    creator_id: b.creator_id,
    price: 10,
    operation_id: placeholder.id,
    idempotency_key: `nf-bench-bp-${i}`,
    created_at: now - (i % 168) * HOUR,
  })),
);
await insertChunks(
  "tips",
  recent
    .filter((_, i) => i % 30 === 0)
    .map((m, i) => ({
      idempotency_key: `nf-bench-tip-${i}`,
      payer_id: buyers[i % buyers.length].id,
      receiver_id: m.user_id,
      target_kind: "medium",
      target_id: m.id,
      amount: 5,
      status: "succeeded",
      operation_id: placeholder.id,
      month: day.slice(0, 7),
      created_at: now - (i % 168) * HOUR,
    })),
);
const trendingStarted = performance.now();
const trending = await refreshTrending({ db, clock: { now: () => Date.now() } });
const trendingMs = performance.now() - trendingStarted;
// After a bulk load (PostgreSQL: ANALYZE; autovacuum would do it in a while, the benchmark does not wait for it).
await refreshPlannerStatistics(db, { afterBulkLoad: true });
console.info(
  `database ${runtime.database.dialect}: ${profileCount} profiles, ${mediaCount} media, ${bundles.length} bundles, demo_member keeps ${followCount}; ` +
    `data in ${((Date.now() - started) / 1000).toFixed(1)} s; trending job ${trendingMs.toFixed(0)} ms for ${trending} items`,
);

async function call(path, token) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const response = await runtime.api.fetch(new Request(`http://bench.local${path}`, { headers }), { remoteAddress: "127.0.0.1" });
  const json = await response.json();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}
const login = await runtime.api.fetch(
  new Request("http://bench.local/oauth/v2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username: "demo_member", password: "demo-pass-2026" }).toString(),
  }),
  { remoteAddress: "127.0.0.1" },
);
const token = (await login.json()).access_token;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const scenarios = [];
for (const [who, auth] of [
  ["guest", undefined],
  ["demo_member", token],
]) {
  for (const tab of ["all", "favorites", "exclusive", "trending_now"]) {
    if (tab === "favorites" && !auth) continue;
    scenarios.push({ name: `${tab}, first page, ${who}`, path: `/api/v2/newsfeed?tab=${tab}`, token: auth });
  }
}
// A page deep: the cursor of the fifth page of the member's all and favorites tabs.
for (const tab of ["all", "favorites"]) {
  let cursor = null;
  for (let i = 0; i < 4; i++) cursor = (await call(`/api/v2/newsfeed?tab=${tab}${cursor ? `&cursor=${cursor}` : ""}`, token)).next_cursor;
  scenarios.push({ name: `${tab}, fifth page, demo_member`, path: `/api/v2/newsfeed?tab=${tab}&cursor=${cursor}`, token });
}

for (const scenario of scenarios) {
  let sample;
  for (let i = 0; i < warmup; i++) sample = await call(scenario.path, scenario.token);
  const times = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await call(scenario.path, scenario.token);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  console.info(
    `${scenario.name}\n  runs ${runs}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms  cpu ${((cpu.user + cpu.system) / 1000 / runs).toFixed(1)} ms/request  items ${sample.items.length}${sample.next_cursor ? " (more)" : ""}`,
  );
}
await runtime.database.close();
process.exit(0);
