// The event and blog searches (issue 29 "Measured when done", ADR 104): the demo seed plus --events events (a year
// back to half a year ahead, so about a third upcoming; nine in ten accepted) and --posts blog posts (two years of
// them, nine in ten public) by the demo's listed members; then GET /api/v2/community/events/search and
// /api/v2/community/blogs/search — the default search of each (no filter, first page), as a guest and as demo_member
// (blocks checked), plus a category, a sort and a deeper page — in process (Hono fetch, validation, service, database;
// no socket), as scripts/bench-newsfeed.mjs measures the newsfeed.
//   DATABASE_URL=sqlite:/tmp/community-bench.sqlite MEDIA_DIR=/tmp/community-bench-media node scripts/bench-community-search.mjs
// Options: --events 100000 --posts 200000 --runs 300 --warmup 30. The database must be empty (a fresh file or
// database): the script seeds it. Prints p50/p95/max and the CPU per request of each scenario.
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

register();
const { values } = parseArgs({
  options: {
    events: { type: "string", default: "100000" },
    posts: { type: "string", default: "200000" },
    runs: { type: "string", default: "300" },
    warmup: { type: "string", default: "30" },
  },
});
const [eventCount, postCount, runs, warmup] = [values.events, values.posts, values.runs, values.warmup].map(Number);
if (!process.env.DATABASE_URL) {
  console.error("set DATABASE_URL to a fresh benchmark database (never the development one)");
  process.exit(2);
}

const { loadConfig } = await import("../server/config.ts");
const { bootstrap } = await import("../server/bootstrap.ts");
const { refreshPlannerStatistics } = await import("../server/db/index.ts");
const { EVENT_CATEGORIES, EVENT_STATUS } = await import("../server/contract/events.ts");
const { BLOG_CATEGORIES, BLOG_STATE } = await import("../server/contract/blogs.ts");
const { SEED_CITIES } = await import("../server/db/seed/cities.ts");
const runtime = await bootstrap(loadConfig(), { seed: true });
const db = runtime.database.db;
const now = Date.now();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHUNK = 500;

const existing = await db
  .selectFrom("events")
  .select((eb) => eb.fn.countAll().as("n"))
  .executeTakeFirstOrThrow();
if (Number(existing.n) > 100) {
  console.error("this database already holds a benchmark's data: start from a fresh one");
  process.exit(2);
}

// A small deterministic generator: the same data on every run.
let state = 20261206;
const random = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = (list) => list[Math.floor(random() * list.length)];

async function insertChunks(table, count, row) {
  for (let start = 0; start < count; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) rows.push(row(i));
    await db.insertInto(table).values(rows).execute();
  }
}

const members = (
  await db.selectFrom("users").select("id").where("status", "=", "active").where("user_type", "in", [1, 2, 3]).execute()
).map((row) => row.id);
const started = Date.now();
const countries = ["DE", "DE", "DE", "DE", "AT", "CH"];
await insertChunks("events", eventCount, (i) => {
  const city = pick(SEED_CITIES);
  const startsAt = now + Math.floor((random() * 545 - 365) * DAY);
  const created = startsAt - Math.floor(random() * 60 * DAY);
  return {
    organizer_id: pick(members),
    category: pick(EVENT_CATEGORIES),
    slug: `bench-event-${i}`,
    title: `Bench event ${i}`,
    description: "A benchmark event.",
    status: random() < 0.9 ? EVENT_STATUS.accepted : pick([EVENT_STATUS.pending, EVENT_STATUS.rejected, EVENT_STATUS.cancelled]),
    starts_at: startsAt,
    ends_at: startsAt + 5 * HOUR,
    time_zone: "Europe/Berlin",
    city_id: city.geonameId,
    city_slug: city.slug,
    city_name: city.name,
    country_code: pick(countries),
    lat: city.lat,
    lon: city.lon,
    price: Math.floor(random() * 700),
    created_at: created,
    updated_at: created,
    submitted_at: created,
  };
});
const eventsDone = Date.now();
await insertChunks("blogs", postCount, (i) => {
  const publishedAt = now - Math.floor(random() * 730 * DAY);
  const isPublic = random() < 0.9;
  const city = pick(SEED_CITIES);
  return {
    author_id: pick(members),
    category: pick(BLOG_CATEGORIES),
    slug: `bench-post-${i}`,
    title: `Bench post ${i}`,
    body: JSON.stringify([{ type: "paragraph", spans: [{ text: "A benchmark post." }] }]),
    excerpt: "A benchmark post.",
    state: isPublic
      ? pick([BLOG_STATE.published, BLOG_STATE.published, BLOG_STATE.post_check, BLOG_STATE.approved])
      : pick([BLOG_STATE.pending, BLOG_STATE.draft, BLOG_STATE.rejected]),
    lat: city.lat,
    lon: city.lon,
    cover_media_id: random() < 0.3 ? 1 : null,
    like_count: Math.floor(random() * random() * 60),
    comment_count: Math.floor(random() * random() * 25),
    created_at: publishedAt,
    updated_at: publishedAt,
    published_at: isPublic ? publishedAt : null,
  };
});
await refreshPlannerStatistics(db, { afterBulkLoad: true });
console.info(
  `database ${runtime.database.dialect}: ${eventCount} events in ${((eventsDone - started) / 1000).toFixed(1)} s, ${postCount} posts in ${((Date.now() - eventsDone) / 1000).toFixed(1)} s, ${members.length} members writing`,
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

const scenarios = [
  { name: "events: default search, guest", path: "/api/v2/community/events/search" },
  { name: "events: default search, demo_member", path: "/api/v2/community/events/search", token },
  { name: "events: category motto-party, guest", path: "/api/v2/community/events/search?category=motto-party" },
  { name: "events: list view, page 5, guest", path: "/api/v2/community/events/search?view=list&page=5" },
  { name: "events: sort distance, demo_member", path: "/api/v2/community/events/search?sort=distance", token },
  { name: "blogs: default search, guest", path: "/api/v2/community/blogs/search" },
  { name: "blogs: default search, demo_member", path: "/api/v2/community/blogs/search", token },
  { name: "blogs: category everyday-life, guest", path: "/api/v2/community/blogs/search?category=everyday-life" },
  { name: "blogs: default sort, page 5, guest", path: "/api/v2/community/blogs/search?page=5" },
  { name: "blogs: sort likes, guest", path: "/api/v2/community/blogs/search?sort=likes" },
];

for (const scenario of scenarios) {
  // The first call of a scenario pays for what a minute's cache keeps (the event facets): shown as "first".
  const first0 = process.hrtime.bigint();
  let sample = await call(scenario.path, scenario.token);
  const firstMs = Number(process.hrtime.bigint() - first0) / 1e6;
  for (let i = 1; i < warmup; i++) sample = await call(scenario.path, scenario.token);
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
    `${scenario.name}\n  runs ${runs}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms  cpu ${((cpu.user + cpu.system) / 1000 / runs).toFixed(1)} ms/request  first ${firstMs.toFixed(1)} ms  items ${sample.items.length}${sample.has_more ? " (more)" : ""}`,
  );
}
await runtime.database.close();
process.exit(0);
