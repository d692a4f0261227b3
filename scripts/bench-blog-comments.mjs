// A blog post with --comments comments (issue 29, ADR 103): the demo seed, one published post of demo_member with
// that many comments by 50 members (a fifth of them replies, a few deleted), then GET /api/v2/blogs/{slug}/comments
// (the first page: 20 threads with their replies, the counts, the viewer's like) as a guest and as demo_client, in
// process (Hono fetch, validation, service, database; no socket), as scripts/bench-newsfeed.mjs measures.
//   DATABASE_URL=sqlite:/tmp/comments-bench.sqlite MEDIA_DIR=/tmp/comments-bench-media node scripts/bench-blog-comments.mjs
// Options: --comments 1000 --runs 300 --warmup 30. The database must be empty: the script seeds it.
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

register();
const { values } = parseArgs({
  options: {
    comments: { type: "string", default: "1000" },
    runs: { type: "string", default: "300" },
    warmup: { type: "string", default: "30" },
  },
});
const [commentCount, runs, warmup] = [values.comments, values.runs, values.warmup].map(Number);
if (!process.env.DATABASE_URL) {
  console.error("set DATABASE_URL to a fresh benchmark database (never the development one)");
  process.exit(2);
}

const { loadConfig } = await import("../server/config.ts");
const { bootstrap } = await import("../server/bootstrap.ts");
const { refreshPlannerStatistics } = await import("../server/db/index.ts");
const runtime = await bootstrap(loadConfig(), { seed: true });
const db = runtime.database.db;
const now = Date.now();

const members = await db.selectFrom("users").select("id").where("status", "=", "active").orderBy("id").limit(50).execute();
const author = await db.selectFrom("users").select("id").where("username", "=", "demo_member").executeTakeFirstOrThrow();
const slug = `bench-comments-${now.toString(36)}`;
const post = await db
  .insertInto("blogs")
  .values({
    author_id: author.id,
    category: "everyday-life",
    slug,
    title: "Bench",
    body: "[]",
    state: 10,
    created_at: now,
    updated_at: now,
    published_at: now,
  })
  .returning("id")
  .executeTakeFirstOrThrow();
const threads = [];
let alive = 0;
for (let i = 0; i < commentCount; i++) {
  const reply = i % 5 === 4 && threads.length > 0;
  const deleted = i % 97 === 0;
  const row = await db
    .insertInto("blog_comments")
    .values({
      blog_id: post.id,
      author_id: members[i % members.length].id,
      parent_id: reply ? threads[(i * 7) % threads.length] : null,
      body: `Kommentar ${i}: ${"Ein Satz über den Abend. ".repeat(1 + (i % 6))}`,
      created_at: now + i,
      edited_at: null,
      deleted_at: deleted ? now + i : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (!reply) threads.push(row.id);
  if (!deleted) alive++;
}
await db.updateTable("blogs").set({ comment_count: alive }).where("id", "=", post.id).execute();
await refreshPlannerStatistics(db, { afterBulkLoad: true });

async function call(path, token) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const response = await runtime.api.fetch(new Request(`http://bench.local${path}`, { headers }), { remoteAddress: "127.0.0.1" });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}
const login = await runtime.api.fetch(
  new Request("http://bench.local/oauth/v2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=password&username=demo_client&password=demo-pass-2026",
  }),
  { remoteAddress: "127.0.0.1" },
);
const token = (await login.json()).access_token;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

for (const [who, auth] of [
  ["guest", undefined],
  ["demo_client", token],
]) {
  const path = `/api/v2/blogs/${slug}/comments`;
  let sample;
  for (let i = 0; i < warmup; i++) sample = await call(path, auth);
  const times = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call(path, auth);
    times.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const replies = sample.items.reduce((n, t) => n + t.replies.length, 0);
  console.info(
    `first page of ${commentCount} comments, ${who}\n  runs ${runs}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms  cpu ${((cpu.user + cpu.system) / 1000 / runs).toFixed(1)} ms/request  threads ${sample.items.length} of ${sample.total}, replies ${replies}`,
  );
}
await runtime.close?.();
process.exit(0);
