// Realtime delivery under failure (issue 12 "Measured when done"; ADR 042; results in docs/performance.md).
//
//   npm run build   # once: the harness starts build/server.js
//   node scripts/bench-realtime.mjs [--members 200] [--messages 10000] [--rate 200] [--adapter bus|messenger]
//                                    [--drop-every-ms 200] [--kill-at 0.4] [--down-ms 3000] [--ports 3721,3722]
//                                    [--no-resync]   (proves the checker: losses must be reported; clients load
//                                                     their conversations once and never resync after that)
//                                    [--profile-dir DIR]   (a V8 CPU profile per instance)
//                                    [--timeline]   (latency p50/p95/max per second of the run)
//                                    [--proxy 8445]   (through Debian's haproxy on that TLS port, ADR 141: every send,
//                                                     resync and socket goes through it; haproxy spreads the sockets)
//
// Two app instances on one PostgreSQL database and one Redis (logical database 15, flushed first), N members
// each holding a socket to one of them through the real browser client (app/features/realtime, bundled
// with esbuild): reconnect with jittered backoff and a resync from the last seen id after every connect.
// Messages go out at a steady rate while random sockets are cut and one instance is killed (SIGKILL) and
// restarted. Then every client resyncs once more and the checker compares what every sender had acknowledged
// with what every recipient holds: lost, duplicated, order per conversation; plus the delivery latency from
// send to the recipient's socket (messages that arrived live; the rest came by resync).
//
// Adapters (send(from, to, text) → acknowledged id; history(member, partner, afterId) → stored messages):
//  - bus: the bench plays the messenger. Its "database" is an array in this process (ids in commit order);
//    it publishes each committed message with the bus adapter's own command (XADD MAXLEN ~ on the stream the
//    instances read), carrying the message. This measures stream → both instances → hub → sockets → client.
//  - messenger: the real path. POST /api/v2/messenger/send/:username (201 with the stored message: the ack),
//    GET /api/v2/messenger/messages/:username?after_id= (the resync). The socket event carries the message as the
//    conversation GET shows it to that member and the id of the message before it ({type:"message", prev_id,
//    message}, ADR 052): the client store applies it when it holds the thread up to prev_id, and otherwise (a gap)
//    fetches that conversation after its cursor, as after every reconnect. The
//    contact rules apply, so a setup step seeds what they let through, in the database (not what is measured):
//    every member is plus with a verified address and a listed Berlin profile, and every pair of partners already
//    has a conversation (thread, both members' views, one message two days old, outside every rolling window);
//    so no send is a first contact. Senders take turns (message i from member i mod N): 10,000 messages over 200
//    members are 50 each, under the overall limit of 60 an hour per sender (ADR 043).
//
// Latency: from the start of the send request to the message in the recipient's store, for every message whose event
// reached the recipient's socket: at once when the event applied, or when the resync its gap caused brought it (an
// event may beat the sender's 201; both are matched at the end). Messages whose event never arrived (a cut socket,
// the killed instance) come by a reconnect's resync and are counted apart. Steady rate without chaos:
// --drop-every-ms 0 --kill-at 2.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { Redis } from "ioredis";
import pg from "pg";
import WebSocket from "ws";
import { startHaproxy } from "./cluster/haproxy.mjs";

const { values: args } = parseArgs({
  options: {
    members: { type: "string", default: "200" },
    messages: { type: "string", default: "10000" },
    rate: { type: "string", default: "200" },
    adapter: { type: "string", default: "bus" },
    "drop-every-ms": { type: "string", default: "200" },
    "kill-at": { type: "string", default: "0.4" },
    "down-ms": { type: "string", default: "3000" },
    ports: { type: "string", default: "3721,3722" },
    "partners-per-member": { type: "string", default: "4" },
    // The checker's own check: without resync, the cut sockets and the killed instance must show losses.
    "no-resync": { type: "boolean", default: false },
    "database-url": {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/velora_bench_realtime",
    },
    "redis-url": { type: "string", default: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/15" },
    // The messenger's sends take this long at most before they count as refused (a killed instance's requests).
    "send-timeout-ms": { type: "string", default: "10000" },
    // A V8 CPU profile of every instance into this directory (written when the instance exits).
    "profile-dir": { type: "string", default: "" },
    // Delivery latency per second of the run (when the message was sent): where in time the tail comes from.
    timeline: { type: "boolean", default: false },
    // A TLS port: haproxy (scripts/cluster/haproxy.mjs) in front of the instances, and every client goes through it.
    proxy: { type: "string", default: "" },
  },
});
const MEMBERS = Number(args.members);
const MESSAGES = Number(args.messages);
const RATE = Number(args.rate);
const DROP_EVERY_MS = Number(args["drop-every-ms"]);
const KILL_AT = Number(args["kill-at"]);
const DOWN_MS = Number(args["down-ms"]);
const PORTS = args.ports.split(",").map(Number);
const PARTNERS = Number(args["partners-per-member"]);
const DATABASE_URL = args["database-url"];
const REDIS_URL = args["redis-url"];
const SEND_TIMEOUT_MS = Number(args["send-timeout-ms"]);
const MESSENGER = args.adapter === "messenger";
const PROXY_PORT = args.proxy ? Number(args.proxy) : 0;
const STREAM_KEY = "velora:realtime";
const STREAM_MAXLEN = 10_000;
/** MESSENGER_CONVERSATION_PAGE_SIZE: a resync page with after_id holds at most this many. */
const MESSENGER_PAGE_SIZE = 30;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (...parts) => console.info(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);

if (!existsSync("build/server.js")) {
  console.error("build/server.js is missing: run `npm run build` first");
  process.exit(2);
}

// ---- the real browser client, bundled for Node ----
const work = mkdtempSync(join(tmpdir(), "bench-realtime-"));
await build({
  stdin: {
    contents: `export { createRealtimeClient } from "./app/features/realtime/client.ts";
               export { createRealtimeStore } from "./app/features/realtime/store.ts";
               export { resyncStore } from "./app/features/realtime/RealtimeProvider.tsx";
               export { SEND_RETRIES, retryDelay } from "./app/features/messenger/live/sender.ts";`,
    resolveDir: process.cwd(),
    loader: "ts",
  },
  outfile: join(work, "client.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  jsx: "automatic",
  alias: { "#server": "./server", "~": "./app" },
  logLevel: "warning",
});
const { createRealtimeClient, createRealtimeStore, resyncStore, SEND_RETRIES, retryDelay } = await import(
  pathToFileURL(join(work, "client.mjs")).href
);

// ---- a fresh database and stream ----
async function freshDatabase() {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: "/postgres" }).href });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}
await freshDatabase();
const redis = new Redis(REDIS_URL);
await redis.flushdb();

// ---- two app instances ----
// CPU seconds per instance process (user + system, from /proc), sampled: a killed process keeps its last sample.
const cpuOf = new Map();
const TICKS_PER_SECOND = 100;
function sampleCpu() {
  for (const child of cpuOf.keys()) {
    try {
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
      cpuOf.set(child, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // gone: its last sample stands
    }
  }
  return [...cpuOf.values()].reduce((a, b) => a + b, 0);
}
function procCpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}
/**
 * CPU of the PostgreSQL backends serving the bench database (same machine): their pids from pg_stat_activity, CPU
 * from /proc; a backend that ended keeps its last sample. What it took before the load is subtracted.
 */
function databaseCpuMeter() {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  const seen = new Map(); // pid → { first, last }
  let ready = client.connect();
  const sample = async () => {
    await ready;
    const { rows } = await client.query("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    for (const { pid } of rows) {
      try {
        const cpu = procCpuSeconds(pid);
        const entry = seen.get(pid);
        if (entry) entry.last = cpu;
        else seen.set(pid, { first: cpu, last: cpu });
      } catch {
        // ended between the query and the read
      }
    }
  };
  return {
    async start() {
      await sample();
      // Backends alive now count from here; backends that start later count from 0.
      for (const entry of seen.values()) entry.base = entry.first;
    },
    sample,
    total: () => [...seen.values()].reduce((sum, e) => sum + e.last - (e.base ?? 0), 0),
    close: () => client.end(),
  };
}
const instances = PORTS.map((port, index) => ({ port, index, child: null, up: false }));
function startInstance(instance) {
  const profile = args["profile-dir"] ? ["--cpu-prof", `--cpu-prof-dir=${args["profile-dir"]}`] : [];
  const child = spawn(process.execPath, [...profile, "build/server.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(instance.port),
      DATABASE_URL,
      REDIS_URL,
      SEED_ON_EMPTY: "0",
      MAX_EVENT_LOOP_LAG_MS: "0",
      METRICS_PORT: "0",
      LOG_LEVEL: "warn",
      APP_SECRET: "bench-secret",
      MEDIA_DIR: join(work, `media-${instance.index}`),
      PUBLIC_URL: `http://127.0.0.1:${instance.port}`,
    },
  });
  instance.child = child;
  cpuOf.set(child, 0);
  child.on("exit", () => {
    if (instance.child === child) instance.up = false;
  });
}
async function waitHealthy(instance, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${instance.port}/healthz`);
      if (res.ok) return void (instance.up = true);
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`instance on ${instance.port} did not become healthy`);
}
// A bench stopped from outside (timeout, ^C) must not leave instances holding the ports for the next run.
process.on("exit", () => instances.forEach((i) => i.child?.kill("SIGKILL")));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
// One after the other: the first migrates the empty database.
for (const instance of instances) {
  startInstance(instance);
  await waitHealthy(instance);
}
log(`instances up on ${PORTS.join(", ")}`);
// --proxy: haproxy in front (its certificate is this machine's own: the clients do not verify it).
const proxy = PROXY_PORT
  ? await startHaproxy({
      dir: join(work, "haproxy"),
      port: PROXY_PORT,
      servers: instances.map((i) => ({ name: `app${i.index + 1}`, port: i.port })),
    })
  : null;
if (proxy) {
  process.on("exit", () => proxy.child.kill("SIGKILL"));
  for (const instance of instances) await proxy.waitStatus(`app${instance.index + 1}`, (s) => s.status === "UP");
  log(`haproxy on https://127.0.0.1:${PROXY_PORT} in front of them`);
}

// ---- members (inserted directly: registration is not what is measured) ----
const db = new pg.Client({ connectionString: DATABASE_URL });
await db.connect();
const members = [];
for (let i = 0; i < MEMBERS; i++) {
  const username = `bench_${i}_${randomBytes(2).toString("hex")}`;
  const now = Date.now();
  const { rows } = await db.query(
    `INSERT INTO users (username, username_key, email, email_key, password_hash, user_type, gender, salutation, birth_date, language,
       member_until, is_member, email_verified_at, register_completed_step, status, created_at, updated_at, last_login_at)
     VALUES ($1, $2, $3, $4, 'x', $5, 1, 'mr', '1990-01-15', 'de', $6, 1, $7, 10, 'active', $7, $7, NULL) RETURNING id`,
    [username, username, `${username}@bench.test`, `${username}@bench.test`, i % 2 ? 1 : 2, now + 86_400_000 * 30, now],
  );
  const token = randomBytes(32).toString("base64url");
  await db.query(
    `INSERT INTO access_tokens (user_id, token_hash, refresh_hash, created_at, expires_at, refresh_expires_at, revoked_at, client_ip, idle_expires_at, family_id, rotated_at)
     VALUES ($1, $2, $3, $4, $5, $5, NULL, NULL, NULL, $6, NULL)`,
    [
      rows[0].id,
      createHash("sha256").update(token).digest("hex"),
      createHash("sha256").update(randomBytes(8)).digest("hex"),
      now,
      now + 86_400_000 * 30,
      randomBytes(8).toString("hex"),
    ],
  );
  await db.query(
    `INSERT INTO profiles (user_id, display_name, city_name, city_slug, country_code, region_code, lat, lon, is_visible, updated_at)
     VALUES ($1, $2, 'Berlin', 'berlin', 'DE', '16', 52.52, 13.405, 1, $3)`,
    [rows[0].id, `Bench ${i}`, now],
  );
  members.push({ index: i, id: rows[0].id, username, token, partners: new Set() });
}
// Conversations: each member talks to a few others (both directions).
for (const member of members) {
  while (member.partners.size < PARTNERS) {
    const other = members[Math.floor(Math.random() * MEMBERS)];
    if (other === member) continue;
    member.partners.add(other.index);
    other.partners.add(member.index);
  }
}
const conversationOf = (a, b) => `${Math.min(a, b)}-${Math.max(a, b)}`;
log(`${MEMBERS} members, ${members.reduce((n, m) => n + m.partners.size, 0) / 2} conversations`);

// ---- messenger setup: the conversations exist before the run (the contact rules let no stranger write 50 times) ----
const threadPairs = new Map(); // server thread id → [member index, member index]
if (MESSENGER) {
  const seededAt = Date.now() - 2 * 86_400_000;
  for (const member of members) {
    for (const partnerIndex of member.partners) {
      if (partnerIndex < member.index) continue;
      const other = members[partnerIndex];
      const [low, high] = member.id < other.id ? [member.id, other.id] : [other.id, member.id];
      const { rows: thread } = await db.query(
        `INSERT INTO messenger_threads (pair_key, starter_id, other_id, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [`${low}:${high}`, member.id, other.id, seededAt],
      );
      const threadId = thread[0].id;
      const { rows: message } = await db.query(
        `INSERT INTO messenger_messages (thread_id, sender_id, recipient_id, body, action_type, photo_count, created_at)
         VALUES ($1, $2, $3, 'Hallo', 0, 0, $4) RETURNING id`,
        [threadId, member.id, other.id, seededAt],
      );
      const messageId = message[0].id;
      await db.query(`UPDATE messenger_threads SET last_message_id = $1 WHERE id = $2`, [messageId, threadId]);
      for (const [self, partner] of [
        [member.id, other.id],
        [other.id, member.id],
      ]) {
        await db.query(
          `INSERT INTO messenger_thread_members (thread_id, member_id, partner_id, last_read_id, last_visible_id, updated_at)
           VALUES ($1, $2, $3, $4, $4, $5)`,
          [threadId, self, partner, messageId, seededAt],
        );
      }
      threadPairs.set(threadId, [member.index, partnerIndex]);
    }
  }
  log(`seeded ${threadPairs.size} conversations (one message each, two days old)`);
}
await db.end();

// ---- adapters ----
function busAdapter() {
  const writer = new Redis(REDIS_URL, { enableOfflineQueue: false });
  const record = []; // the "database": messages in commit order; the id is the position
  return {
    name: "bus",
    eventType: "bench.message",
    async send(from, to, text, sentAt) {
      const message = { id: record.length + 1, from: from.id, to: to.id, thread: conversationOf(from.index, to.index), text, sentAt };
      record.push(message); // committed
      await writer
        .xadd(
          STREAM_KEY,
          "MAXLEN",
          "~",
          STREAM_MAXLEN,
          "*",
          "e",
          JSON.stringify({ to: [to.id], event: { type: "bench.message", message } }),
        )
        .catch(() => undefined); // the record stands; the client's resync repairs a lost hint
      return message.id;
    },
    /** Stored messages to `member` after `afterId` in the thread (a page of 50, oldest first). */
    async history(member, thread, afterId) {
      const page = record.filter((m) => m.to === member.id && m.thread === thread && m.id > afterId).slice(0, 51);
      return { messages: page.slice(0, 50).map(toIncoming), more: page.length > 50 };
    },
    fromEvent: (event) => toIncoming(event.message),
    close: () => writer.quit(),
  };
  function toIncoming(m) {
    return { id: m.id, thread: m.thread, senderId: m.from, text: m.text, sentAt: m.sentAt };
  }
}

/**
 * A deadline for a request and its body. An AbortController held by its own timer, not AbortSignal.timeout():
 * a bench run stalled on a few sends that never settled with the latter (its signal is only weakly held).
 */
async function withDeadline(run) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("deadline")), SEND_TIMEOUT_MS);
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The members' HTTP requests through node:http with kept-alive connections. The bench's process shares the
 * machine's two cores with the instances and the database, and with fetch (undici's WHATWG layer) it needed
 * 1.9 ms of CPU per message at 200/s against 1.0 ms now (docs/performance.md, "Prepared statements…"): the members'
 * phones are not on the server, so their requests should cost it as little as they can.
 */
const httpAgent = proxy ? new https.Agent({ keepAlive: true, rejectUnauthorized: false }) : new http.Agent({ keepAlive: true });
const transport = proxy ? https : http;
function request(url, { method = "GET", headers = {}, body, signal }) {
  return new Promise((resolve, reject) => {
    // As a browser asks: the server compresses what is large enough (a resync page), never the small answers.
    const req = transport.request(
      url,
      { method, headers: { "accept-encoding": "br, gzip", ...headers }, agent: httpAgent, signal },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          const body = encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode, text: body.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function messengerAdapter() {
  let next = 0;
  const base = () => {
    if (proxy) return `https://127.0.0.1:${PROXY_PORT}/api/v2`;
    const live = instances.filter((i) => i.up);
    return `http://127.0.0.1:${live[next++ % live.length].port}/api/v2`;
  };
  return {
    name: "messenger",
    eventType: "message",
    /**
     * As the live client sends (app/features/messenger/live/sender.ts): one client key per message for every try, and
     * what may pass on a later try — a network error, a timeout, a 5xx such as the admission control's 503 while one
     * instance carries the load of both — is tried again after the client's own growing, jittered delay, up to its
     * SEND_RETRIES. A try whose answer was lost after the commit is answered with the stored message (ADR 048), so
     * retries must never show as duplicates; the checker would count them.
     */
    async send(from, to, text) {
      const clientKey = randomBytes(12).toString("base64url");
      for (let tries = 0; ; tries++) {
        let status = 0;
        try {
          const res = await withDeadline((signal) =>
            request(`${base()}/messenger/send/${to.username}?client_key=${clientKey}`, {
              signal,
              method: "POST",
              headers: { authorization: `Bearer ${from.token}`, "content-type": "application/json" },
              body: JSON.stringify({ body: text }),
            }),
          );
          // { code, data: SendResult { outcome, message: Message, thread_id } }
          if (res.status === 201) return JSON.parse(res.text).data.message.id;
          status = res.status;
          const retryable = status >= 500 || status === 408;
          if (!retryable || tries >= SEND_RETRIES) throw Object.assign(new Error(`send ${status}: ${res.text}`), { final: true });
        } catch (err) {
          if (err?.final || tries >= SEND_RETRIES) throw err;
        }
        sendRetries += 1;
        await sleep(retryDelay(tries + 1, Math.random));
      }
    },
    history(member, thread, afterId, partner) {
      return withDeadline(async (signal) => {
        const res = await request(`${base()}/messenger/messages/${partner.username}?after_id=${afterId}`, {
          signal,
          headers: { authorization: `Bearer ${member.token}` },
        });
        if (res.status !== 200) throw new Error(`history ${res.status}`);
        // { code, data: Conversation { messages: Message[] (oldest first; after_id: up to a page) } }
        const all = JSON.parse(res.text).data.messages ?? [];
        return { messages: all.map((m) => incomingOf(m, member, partner, thread)), more: all.length >= MESSENGER_PAGE_SIZE };
      });
    },
    close: async () => {},
  };
}
/** A Message (contract/messenger) as the member's store keeps it; both directions (the checker counts the partner's). */
function incomingOf(m, member, partner, thread) {
  return { id: m.id, thread, senderId: m.mine ? member.id : partner.id, text: m.body, sentAt: m.created_at };
}
const adapter = args.adapter === "messenger" ? messengerAdapter() : busAdapter();

// ---- clients ----
const sentAt = new Map(); // message id → { send time, recipient index }
const arrivals = new Map(); // "message id:member index" → when the message reached that member's store after its event
let rawDuplicates = 0;
let appliedLive = 0; // messenger: events the store applied at once (contiguous)
let gapResyncs = 0; // messenger: events behind a gap, which made their conversation resync
const sockets = new Map(); // member index → current ws
let firstSyncs = 0; // clients whose first resync (after their first hello) is done
const clients = members.map((member) => {
  const store = createRealtimeStore({ userId: member.id });
  const seenLive = new Set();
  let connects = 0;
  const partners = [...member.partners].map((i) => members[i]);
  const resyncThread = async (partner) => {
    const thread = conversationOf(member.index, partner.index);
    await resyncStore(store, (afterId) => adapter.history(member, thread, afterId, partner), thread);
    settleAwaiting(partner);
  };
  const resyncAll = async () => {
    for (const partner of partners) await resyncThread(partner);
    if (!member.synced) {
      member.synced = true;
      firstSyncs += 1;
    }
  };
  const delivered = (id) => {
    const key = `${id}:${member.index}`;
    if (!arrivals.has(key)) arrivals.set(key, performance.now());
  };
  // Messages whose event came behind a gap, by conversation: delivered when a resync of it brings them.
  const awaiting = new Map(); // partner index → Set of message ids
  const settleAwaiting = (partner) => {
    const ids = awaiting.get(partner.index);
    if (!ids) return;
    const held = new Set((store.getState().messages[conversationOf(member.index, partner.index)] ?? []).map((m) => m.id));
    for (const id of ids) {
      if (!held.has(id)) continue;
      delivered(id);
      ids.delete(id);
    }
  };
  // A gap fetches its conversation only: one fetch running per conversation, one more queued behind it.
  const syncing = new Map();
  const syncThread = (partner) => {
    const key = partner.index;
    const entry = syncing.get(key);
    if (entry) return void (entry.again = true);
    const state = { again: false };
    syncing.set(key, state);
    void (async () => {
      do {
        state.again = false;
        await resyncThread(partner).catch(() => undefined); // the next gap or reconnect retries
      } while (state.again);
      syncing.delete(key);
    })();
  };
  const onMessageEvent = (event) => {
    const pair = threadPairs.get(event.message.thread_id);
    if (!pair) return void client.resyncNow();
    const partner = members[pair[0] === member.index ? pair[1] : pair[0]];
    const incoming = incomingOf(event.message, member, partner, conversationOf(member.index, partner.index));
    const outcome = store.getState().next(incoming, event.prev_id);
    if (outcome === "applied") {
      appliedLive += 1;
      delivered(incoming.id);
    } else if (outcome === "gap") {
      gapResyncs += 1;
      const ids = awaiting.get(partner.index) ?? new Set();
      awaiting.set(partner.index, ids.add(incoming.id));
      if (!args["no-resync"]) syncThread(partner);
    }
  };
  const client = createRealtimeClient({
    url: "ws://unused",
    backoff: { baseMs: 250, maxMs: 4_000 },
    createSocket: () => {
      if (proxy) {
        // haproxy picks the instance (least connections): the members spread over both, and a reconnect after the
        // kill lands on whichever is up.
        const ws = new WebSocket(`wss://127.0.0.1:${PROXY_PORT}/ws?access_token=${member.token}`, { rejectUnauthorized: false });
        ws.on("error", () => {});
        sockets.set(member.index, ws);
        return ws;
      }
      // The load balancer: the member's home instance, the other one on every second attempt or when it is down.
      const live = instances.filter((i) => i.up);
      const home = instances[(member.index + connects++) % instances.length];
      const target = home.up || live.length === 0 ? home : live[0];
      const ws = new WebSocket(`ws://127.0.0.1:${target.port}/ws?access_token=${member.token}`);
      ws.on("error", () => {});
      sockets.set(member.index, ws);
      return ws;
    },
    onFrame: (frame) => {
      if (frame.type !== "event" || frame.event.type !== adapter.eventType) return;
      const id = frame.event.message.id;
      if (seenLive.has(id)) rawDuplicates += 1;
      seenLive.add(id);
      if (MESSENGER) return onMessageEvent(frame.event);
      store.getState().receive([adapter.fromEvent(frame.event)]);
      delivered(id);
    },
    // --no-resync: the first load only (a page's server render), never after a reconnect or a gap.
    resync: args["no-resync"] ? async () => (member.synced ? undefined : resyncAll()) : resyncAll,
  });
  return { member, store, client, resyncAll };
});
for (const { client } of clients) client.start();
{
  const deadline = Date.now() + 30_000;
  while (clients.some((c) => c.client.state !== "open") && Date.now() < deadline) await sleep(100);
  log(`${clients.filter((c) => c.client.state === "open").length}/${MEMBERS} sockets open`);
  // The load starts once every client has loaded its conversations: a page load is not what is measured, and
  // with the messenger 200 first resyncs (one request per conversation) would queue ahead of the first sends.
  const syncDeadline = Date.now() + 60_000;
  while (firstSyncs < MEMBERS && Date.now() < syncDeadline) await sleep(200);
  log(`${firstSyncs}/${MEMBERS} clients synced`);
  if (proxy) log(`sockets per instance (haproxy): ${(await proxy.servers()).map((s) => `${s.name} ${s.sessions}`).join(", ")}`);
}

// ---- load with chaos ----
const acked = []; // { id, from, to, thread, order }
let sendErrors = 0;
let sendRetries = 0; // tries after a first one failed for a reason that may pass (the messenger adapter)
const refusals = new Set(); // a few distinct reasons, for the report
let drops = 0;
const chaos =
  DROP_EVERY_MS > 0
    ? setInterval(() => {
        const ws = sockets.get(Math.floor(Math.random() * MEMBERS));
        if (ws && ws.readyState === WebSocket.OPEN) {
          ws.terminate();
          drops += 1;
        }
      }, DROP_EVERY_MS)
    : null;
let killed = false;
const victim = instances[instances.length - 1];
const dbCpu = databaseCpuMeter();
await dbCpu.start();
const cpuSampler = setInterval(() => {
  sampleCpu();
  dbCpu.sample().catch(() => undefined);
}, 250);
const cpuAtStart = sampleCpu();
const benchCpuAtStart = process.cpuUsage();
const started = performance.now();
// The bench's own event loop: a stall here delays every arrival it timestamps (--timeline shows it per second).
const benchStalls = new Map(); // second of the run → the longest late tick of a 20 ms timer
if (args.timeline) {
  let expected = performance.now() + 20;
  const ticker = setInterval(() => {
    const now = performance.now();
    const second = Math.floor((now - started) / 1000);
    benchStalls.set(second, Math.max(benchStalls.get(second) ?? 0, now - expected));
    expected = now + 20;
    if (now - started > (MESSAGES / RATE) * 1000 + 5000) clearInterval(ticker);
  }, 20);
}
const inFlight = new Set();
for (let i = 0; i < MESSAGES; i++) {
  // Steady rate: message i leaves at i / RATE seconds.
  const due = started + (i * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 1) await sleep(wait);
  if (!killed && KILL_AT < 1 && i >= MESSAGES * KILL_AT) {
    killed = true;
    log(`killing the instance on ${victim.port} (SIGKILL) at message ${i}`);
    victim.up = false;
    victim.child.kill("SIGKILL");
    setTimeout(() => {
      log(`restarting the instance on ${victim.port}`);
      startInstance(victim);
      waitHealthy(victim).then(() => log(`instance on ${victim.port} healthy again`));
    }, DOWN_MS);
  }
  if (i > 0 && i % Math.max(1, Math.floor(MESSAGES / 10)) === 0)
    log(`${i} sent, ${acked.length} acknowledged, ${sendErrors} refused, ${inFlight.size} in flight`);
  // The messenger counts every sender's messages per hour: senders take turns there.
  const from = MESSENGER ? members[i % MEMBERS] : members[Math.floor(Math.random() * MEMBERS)];
  const partnerList = [...from.partners];
  const to = members[partnerList[Math.floor(Math.random() * partnerList.length)]];
  const t0 = performance.now();
  const p = adapter
    .send(from, to, `m${i}`, Date.now())
    .then((id) => {
      sentAt.set(id, { t0, to: to.index, acked: performance.now() - t0 });
      acked.push({ id, from: from.index, to: to.index, thread: conversationOf(from.index, to.index), order: acked.length });
    })
    .catch((err) => {
      sendErrors += 1;
      if (refusals.size < 5) refusals.add(String(err?.message ?? err).slice(0, 160));
    })
    .finally(() => inFlight.delete(p));
  inFlight.add(p);
}
await Promise.all(inFlight);
const sendSeconds = (performance.now() - started) / 1000;
const cpuDuringLoad = sampleCpu() - cpuAtStart;
const benchCpu = process.cpuUsage(benchCpuAtStart);
clearInterval(cpuSampler);
await dbCpu.sample().catch(() => undefined);
const dbCpuDuringLoad = dbCpu.total();
await dbCpu.close();
if (chaos) clearInterval(chaos);
log(
  `sent ${acked.length} acknowledged (${sendErrors} refused, ${sendRetries} tries again) in ${sendSeconds.toFixed(1)} s; ${drops} sockets cut`,
);

// ---- settle: every client connected, then one more resync ("after resync") ----
{
  const deadline = Date.now() + 60_000;
  while ((instances.some((i) => !i.up) || clients.some((c) => c.client.state !== "open")) && Date.now() < deadline) await sleep(200);
  for (const { client } of clients) client.reconnectNow();
  await sleep(500);
  const batch = 20;
  // The final resync goes straight to the API pages (the client's own resync queue may be waiting out a backoff);
  // one that does not finish in time leaves its gaps to the checker.
  const bounded = (c) => Promise.race([c.resyncAll().catch(() => undefined), sleep(60_000)]);
  // --no-resync skips it too: the checker must then see what the cut sockets and the killed instance lost.
  if (!args["no-resync"]) for (let i = 0; i < clients.length; i += batch) await Promise.all(clients.slice(i, i + batch).map(bounded));
}

// ---- the checker ----
let lost = 0;
let duplicated = 0;
let misordered = 0;
const expected = new Map(); // recipient index → thread → ids in ack order
for (const message of acked) {
  const byThread = expected.get(message.to) ?? new Map();
  expected.set(message.to, byThread);
  const list = byThread.get(message.thread) ?? [];
  byThread.set(message.thread, list);
  list.push(message.id);
}
const lostExamples = [];
for (const { member, store } of clients) {
  const held = store.getState().messages;
  for (const [thread, ids] of expected.get(member.index) ?? new Map()) {
    const fromPartner = (held[thread] ?? []).filter((m) => m.senderId !== member.id);
    const got = fromPartner.map((m) => m.id);
    const counts = new Map();
    for (const id of got) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const [, count] of counts) if (count > 1) duplicated += count - 1;
    // One send stored twice under two ids (a retry the client key failed to recognise) is a duplicate as well: every
    // send's text is unique (m<i>), so two ids with one text are two copies of it.
    const idsOfText = new Map();
    for (const m of fromPartner) if (typeof m.text === "string") idsOfText.set(m.text, (idsOfText.get(m.text) ?? new Set()).add(m.id));
    for (const [, copies] of idsOfText) if (copies.size > 1) duplicated += copies.size - 1;
    const gotSet = new Set(got);
    for (const id of ids) {
      if (!gotSet.has(id)) {
        lost += 1;
        if (lostExamples.length < 5) lostExamples.push({ member: member.index, thread, id });
      }
    }
    // Order: what the recipient shows for the conversation is the senders' acknowledged order.
    const want = [...ids].sort((a, b) => a - b);
    const shown = got.filter((id) => ids.includes(id));
    if (shown.join(",") !== want.join(",")) misordered += 1;
  }
}
// Latency of the messages whose event reached the recipient's socket, until the message was in its store (the rest came by
// a reconnect's resync).
const latencies = [];
const bySecond = new Map(); // --timeline: second of the run the message was sent in → its latencies
for (const message of acked) {
  const arrived = arrivals.get(`${message.id}:${message.to}`);
  if (arrived === undefined) continue;
  const { t0 } = sentAt.get(message.id);
  latencies.push(arrived - t0);
  const second = Math.floor((t0 - started) / 1000);
  if (!bySecond.has(second)) bySecond.set(second, []);
  bySecond.get(second).push(arrived - t0);
}
const liveDeliveries = latencies.length;
const percentile = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
};
if (args.timeline) {
  for (const [second, list] of [...bySecond].sort((a, b) => a[0] - b[0])) {
    const at = percentile(list);
    const stall = (benchStalls.get(second) ?? 0).toFixed(0);
    console.info(
      `second ${String(second).padStart(3)}: ${String(list.length).padStart(4)} live, ` +
        `p50 ${at(50).toFixed(0)} p95 ${at(95).toFixed(0)} max ${at(100).toFixed(0)} ms; bench loop late ≤ ${stall} ms`,
    );
  }
}
const pct = percentile(latencies);
// The sender's side: from the start of the send to its answer (the 201), which the delivery may beat.
const ackPct = percentile(acked.map((m) => sentAt.get(m.id).acked));
const result = {
  adapter: adapter.name,
  through: proxy ? `haproxy (TLS) on ${PROXY_PORT}` : "direct",
  members: MEMBERS,
  instances: instances.length,
  acknowledged: acked.length,
  refused: sendErrors,
  retried: sendRetries,
  rate_target: RATE,
  rate_achieved: Number((acked.length / sendSeconds).toFixed(1)),
  sockets_cut: drops,
  // Both instances' CPU during the load (sends, the recipients' resyncs, sockets), per acknowledged message.
  instance_cpu_seconds: Number(cpuDuringLoad.toFixed(1)),
  instance_cpu_ms_per_message: Number(((cpuDuringLoad * 1000) / Math.max(1, acked.length)).toFixed(1)),
  // The PostgreSQL backends of the bench database over the same time (the same machine's cores).
  database_cpu_seconds: Number(dbCpuDuringLoad.toFixed(1)),
  database_cpu_ms_per_message: Number(((dbCpuDuringLoad * 1000) / Math.max(1, acked.length)).toFixed(1)),
  // This process (the senders and every member's client) over the same time: it shares the machine's cores.
  bench_cpu_ms_per_message: Number(((benchCpu.user + benchCpu.system) / 1000 / Math.max(1, acked.length)).toFixed(1)),
  instance_killed: killed,
  delivered_live: liveDeliveries,
  redelivered_live: rawDuplicates,
  // messenger: events applied at once / events behind a gap (their conversation resynced)
  events_applied: appliedLive,
  events_behind_gap: gapResyncs,
  lost,
  duplicated,
  conversations_misordered: misordered,
  latency_ms: {
    p50: Number(pct(50).toFixed(1)),
    p95: Number(pct(95).toFixed(1)),
    p99: Number(pct(99).toFixed(1)),
    max: Number(pct(100).toFixed(1)),
  },
  send_answer_ms: { p50: Number(ackPct(50).toFixed(1)), p95: Number(ackPct(95).toFixed(1)) },
};
console.info(JSON.stringify(result, null, 2));
if (lostExamples.length) console.info("lost, for example:", lostExamples);
if (refusals.size) console.info("refused sends, for example:", [...refusals]);

for (const { client } of clients) client.stop();
await adapter.close();
await redis.quit();
for (const instance of instances) instance.child?.kill("SIGTERM");
await proxy?.stop();
// A profiled instance writes its profile while it exits.
await sleep(args["profile-dir"] ? 8000 : 500);
rmSync(work, { recursive: true, force: true });
const ok = lost === 0 && duplicated === 0 && misordered === 0 && acked.length > 0;
console.info(ok ? "OK: 0 lost, 0 duplicated, order kept" : "FAILED");
process.exit(ok ? 0 : 1);
