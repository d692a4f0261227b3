/**
 * Two app instances on one database and one Redis (issue 33 item 1, ADR 141): what one instance records, the other
 * sees — a session, the login limit (and so the captcha it demands), a realtime event and a member's presence.
 *
 * Each instance is built as server/bootstrap.ts builds one (its own connection pool, its own Redis Streams bus with its
 * own instance id, its own hub on its own HTTP server); only module code is shared, and none of what is checked here
 * lives in module state. Runs on both databases (TEST_DB); the real local Redis (REDIS_URL, else 127.0.0.1:6379) on a
 * stream key of this file's own. scripts/bench-cluster.mjs proves the same through haproxy with separate processes.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp, type ApiApp } from "#server/api/app";
import type { ApiDeps } from "#server/api/types";
import { loadConfig } from "#server/config";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "#server/db/index";
import { outboxMailer } from "#server/integrations/mail/mailer";
import { systemClock } from "#server/lib/clock";
import { featureRegistry } from "#server/modules/index";
import { allMigrationsFor } from "#server/modules/index";
import { createPresence } from "#server/realtime/presence";
import { redisStreamsBus } from "#server/realtime/redis-bus";
import { ONLINE_STATUS } from "#server/contract/realtime";
import { LOGIN_LIMITS } from "#server/modules/auth/login-policy";
import { CHUNKED_UPLOADS_OPEN_MAX } from "#server/contract/media-chunked";
import { connectClient, startHub, stopHub } from "../helpers/ws";
import { jpeg } from "../helpers/images";
import { createMigratedPostgresDatabase, passwordHashOf, TEST_DB, testLogger, userRow } from "../helpers/runtime";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const STREAM_KEY = `velora:test-cluster:${randomUUID()}`;

interface Instance {
  name: string;
  api: ApiApp;
  deps: ApiDeps;
  database: DatabaseHandle;
  hub: Awaited<ReturnType<typeof startHub>>;
  request(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  close(): Promise<void>;
}

async function startInstance(name: string, databaseUrl: string, sharedDir: string): Promise<Instance> {
  const config = {
    ...loadConfig({ NODE_ENV: "test", APP_SECRET: "cluster-secret" }),
    databaseUrl,
    publicUrl: "http://velora.test",
    // The folder every instance shares for chunked uploads' pieces (npm run cluster gives them one UPLOAD_TMP_DIR).
    uploadTmpDir: join(sharedDir, "upload-tmp"),
    mediaDir: join(sharedDir, `media-${name}`),
  };
  const database = openDatabase(databaseUrl, { poolSize: 4 });
  const instanceId = `${name}-${randomUUID().slice(0, 6)}`;
  const bus = redisStreamsBus({ url: REDIS_URL, streamKey: STREAM_KEY, instanceId, log: testLogger, blockMs: 200 });
  await bus.ready;
  const clock = systemClock;
  const presence = createPresence({ bus, clock, instanceId });
  const deps: ApiDeps = {
    db: database.db,
    dialect: database.dialect,
    config,
    clock,
    mailer: outboxMailer(database.db, clock),
    log: testLogger,
    bus,
    presence,
    features: featureRegistry(),
  };
  const api = createApiApp(deps);
  const hub = await startHub({ db: database.db, clock, bus, presence, api: deps });
  return {
    name,
    api,
    deps,
    database,
    hub,
    request(path, init = {}) {
      const { token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set("authorization", `Bearer ${token}`);
      return api.fetch(new Request(`http://velora.test${path}`, { ...rest, headers }), { remoteAddress: "198.51.100.77" });
    },
    async close() {
      await stopHub(hub);
      presence.close();
      await bus.close();
      await database.close();
    },
  };
}

const tokenRequest = (instance: Instance, username: string, password: string) =>
  instance.request("/oauth/v2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username, password }).toString(),
  });

let a: Instance;
let b: Instance;
let sharedDir: string;
const member = { id: 0, username: `cl_${randomUUID().slice(0, 8)}`, password: "correct-horse-1" };

beforeAll(async () => {
  sharedDir = mkdtempSync(join(tmpdir(), "velora-cluster-"));
  // Two processes share SQLite only through a file (WAL): the embedded default on one machine.
  const databaseUrl = TEST_DB === "postgres" ? (await createMigratedPostgresDatabase()).url : `sqlite:${join(sharedDir, "cluster.sqlite")}`;
  const migrating = openDatabase(databaseUrl);
  await migrateToLatest(migrating, allMigrationsFor);
  const row = await migrating.db
    .insertInto("users")
    .values(userRow({ username: member.username, passwordHash: await passwordHashOf(member.password), now: Date.now() }))
    .returning("id")
    .executeTakeFirstOrThrow();
  member.id = row.id;
  await migrating.close();
  a = await startInstance("a", databaseUrl, sharedDir);
  b = await startInstance("b", databaseUrl, sharedDir);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  if (sharedDir) rmSync(sharedDir, { recursive: true, force: true });
});

describe("two instances share what must be shared", () => {
  it("a session made on one instance works on the other, and a sign-out on the other ends it on the first", async () => {
    const login = await tokenRequest(a, member.username, member.password);
    expect(login.status).toBe(200);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const onB = await b.request("/api/v2/user/data", { token });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { data: { username: string } }).data.username).toBe(member.username);
    expect((await b.request("/api/v2/user/logout", { method: "POST", token })).status).toBe(200);
    expect((await a.request("/api/v2/user/data", { token })).status).toBe(401);
  });

  it("failed logins counted on both instances reach the account's limit together, and the other demands the captcha", async () => {
    const wrong = `${member.username}_w`;
    const other = { ...member, username: wrong };
    const row = await a.deps.db
      .insertInto("users")
      .values(userRow({ username: wrong, passwordHash: await passwordHashOf(other.password), now: Date.now() }))
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(0);
    // The limit's failures alternate between the instances: neither alone reaches it (3 on one, 2 on the other).
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i++) {
      const answer = await tokenRequest(i % 2 === 0 ? a : b, wrong, "not-the-password");
      expect(answer.status).not.toBe(200);
      // Below the limit no captcha is asked; the failure that reaches it already says the next try needs one.
      if (i < LOGIN_LIMITS.account.limit - 1)
        expect(((await answer.json()) as { captcha_required?: boolean }).captcha_required ?? false).toBe(false);
    }
    // The right password now needs the captcha on either instance; counted per instance it would pass on both.
    for (const instance of [a, b]) {
      const answer = await tokenRequest(instance, wrong, other.password);
      expect(answer.status).not.toBe(200);
      expect(((await answer.json()) as { captcha_required?: boolean }).captcha_required).toBe(true);
    }
  });

  it("an event published on one instance reaches the member's socket on the other", async () => {
    const login = await tokenRequest(a, member.username, member.password);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const socket = await connectClient(b.hub.base, token);
    try {
      const at = Date.now();
      await a.deps.bus.publish({ to: [member.id], event: { type: "ping", at } });
      const frame = await socket.next((f) => f.type === "event" && f.event.type === "ping" && f.event.at === at, 10_000);
      expect(frame.type).toBe("event");
    } finally {
      socket.ws.close();
    }
  });

  it("a member whose socket is on one instance shows online on the other", async () => {
    // A member of its own: the socket of the test before may still count for a moment.
    const watched = { username: `${member.username}_p`, password: member.password, id: 0 };
    watched.id = (
      await a.deps.db
        .insertInto("users")
        .values(userRow({ username: watched.username, passwordHash: await passwordHashOf(watched.password), now: Date.now() }))
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const login = await tokenRequest(b, watched.username, watched.password);
    const { access_token: token } = (await login.json()) as { access_token: string };
    expect(a.deps.presence.status(null, watched.id)).toBe(ONLINE_STATUS.none);
    const socket = await connectClient(b.hub.base, token);
    try {
      const deadline = Date.now() + 10_000;
      while (a.deps.presence.status(null, watched.id) === ONLINE_STATUS.none && Date.now() < deadline)
        await new Promise((done) => setTimeout(done, 50));
      expect(a.deps.presence.status(null, watched.id)).not.toBe(ONLINE_STATUS.none);
    } finally {
      socket.ws.close();
    }
  });

  /** A member who may upload, signed in on instance a; and the first piece of a new chunked upload on any instance. */
  async function uploader(suffix: string) {
    const username = `${member.username}_${suffix}`;
    const row = await a.deps.db
      .insertInto("users")
      .values(userRow({ username, passwordHash: await passwordHashOf(member.password), userType: 2, now: Date.now() }))
      .returning("id")
      .executeTakeFirstOrThrow();
    const { access_token: token } = (await (await tokenRequest(a, username, member.password)).json()) as { access_token: string };
    const piece = (await jpeg(200, 200)).subarray(0, 1000);
    const start = (instance: Instance, index: number) => {
      const form = new FormData();
      form.append("action", "upload");
      form.append("upload_id", `c${index}${randomUUID().replaceAll("-", "")}`.slice(0, 24));
      form.append("meta", JSON.stringify({ chunkIndex: 0, chunkRange: "0-999", chunkSize: 1000, totalSize: 1000, mimeType: "image/jpeg" }));
      form.append("chunk", new Blob([new Uint8Array(piece)]), "piece");
      return instance.request(`/api/v2/media/upload/chunked?jwt=${token}`, { method: "POST", body: form });
    };
    return { id: row.id, start, lock: join(sharedDir, "upload-tmp", "chunked", `${row.id}.lock`) };
  }

  it("parallel first pieces of chunked uploads spread over both instances cannot pass the open-upload limit", async () => {
    const { start } = await uploader("u");
    const answers = await Promise.all(Array.from({ length: CHUNKED_UPLOADS_OPEN_MAX + 6 }, (_, i) => start(i % 2 === 0 ? a : b, i)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(CHUNKED_UPLOADS_OPEN_MAX);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6);
  });

  it("a chunked upload's start waits for the member's lock held by another process, and takes over a dead one's", async () => {
    const { start, lock } = await uploader("l");
    // Another process holds the member's lock (it lives beside the pieces, in the folder the instances share).
    mkdirSync(lock, { recursive: true });
    let settled = false;
    const waiting = start(b, 1).then((answer) => ((settled = true), answer));
    // The start cannot pass while the lock stands (short of the 10 s after which a lock counts as a dead process's).
    await new Promise((done) => setTimeout(done, 500));
    expect(settled).toBe(false);
    rmSync(lock, { recursive: true });
    expect((await waiting).status).toBe(200);
    // A lock left by a process that died holding it (older than 10 s) is taken over.
    mkdirSync(lock);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, longAgo, longAgo);
    expect((await start(a, 2)).status).toBe(200);
    expect(existsSync(lock)).toBe(false);
  });
});
