// The multi-instance set-up (issue 33 item 1, ADR 141) as a library: PostgreSQL, Redis and s3rver for the shared
// state, N app instances (build/server.js) and haproxy in front. scripts/cluster.mjs is its command line; the
// correctness proofs (scripts/bench-cluster.mjs) drive it from code: kill an instance, roll every instance.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import { Redis } from "ioredis";
import S3rver from "s3rver";
import { startHaproxy } from "./haproxy.mjs";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export const CLUSTER_DEFAULTS = {
  instances: 2,
  /** The TLS port browsers use: https://localhost:8443. */
  port: 8443,
  /** Instance i listens on appPort + i (127.0.0.1 only: reached through haproxy). */
  appPort: 3651,
  s3Port: 3650,
  databaseUrl: "postgres://postgres@127.0.0.1:5432/velora_cluster",
  // A logical database of its own: the stream key is fixed, and other runs on this Redis must not read our events.
  redisUrl: "redis://127.0.0.1:6379/14",
  dir: "data/cluster",
  // On SIGTERM an instance finishes what it holds for at most this long (haproxy has drained it before).
  shutdownGraceMs: 10_000,
};

/** CREATE DATABASE when it does not exist (PostgreSQL has no IF NOT EXISTS for it). */
export async function ensureDatabase(databaseUrl) {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: "/postgres" }).href });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
    return rowCount === 0;
  } finally {
    await admin.end();
  }
}

/** Secrets every instance must share (signed links, captcha answers, the dev mailbox key, VAPID): made once. */
function sharedSecrets(dir) {
  const file = join(dir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const random = () => spawnSync("openssl", ["rand", "-hex", "24"], { encoding: "utf8" }).stdout.trim();
  const vapid = spawnSync(process.execPath, ["-e", "process.stdout.write(JSON.stringify(require('web-push').generateVAPIDKeys()))"], {
    encoding: "utf8",
  });
  const keys = vapid.status === 0 ? JSON.parse(vapid.stdout) : null;
  const secrets = {
    APP_SECRET: random(),
    DEV_ROUTES_KEY: random(),
    ...(keys ? { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: "mailto:demo@velora.local" } : {}),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

function procCpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Starts everything; returns handles to stop it, to restart or kill an instance, and to roll all of them.
 * `log` receives progress lines; `instanceEnv` adds environment for the instances (a bench's log level).
 */
export async function startCluster(options = {}) {
  const o = { ...CLUSTER_DEFAULTS, ...options };
  const log = o.log ?? ((line) => console.info(`[cluster] ${line}`));
  const dir = resolve(o.dir);
  mkdirSync(dir, { recursive: true });
  const stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    stops.length = 0;
  };
  try {
    if (!existsSync("build/server.js")) throw new Error("build/server.js is missing: run `npm run build` first");
    // Shared state 1: PostgreSQL (sessions, rate counters, captcha, jobs, locks, every record).
    if (await ensureDatabase(o.databaseUrl)) log(`created database ${new URL(o.databaseUrl).pathname.slice(1)}`);
    // Shared state 2: Redis (the realtime bus). Checked here so a missing Redis is said plainly.
    const redis = new Redis(o.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect().catch(() => {
      throw new Error(`Redis is not reachable at ${o.redisUrl} (start redis-server, or pass --redis-url)`);
    });
    await redis.quit();
    // Shared state 3: an S3-compatible store for media (s3rver, an npm package; a real S3 or MinIO in production).
    const s3Dir = join(dir, "s3");
    mkdirSync(s3Dir, { recursive: true });
    const s3 = new S3rver({
      address: "127.0.0.1",
      port: o.s3Port,
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: "velora-media" }],
    });
    await s3.run();
    stops.push(() => s3.close());
    log(`s3rver on http://127.0.0.1:${o.s3Port} (bucket velora-media, objects under ${s3Dir})`);

    const secrets = sharedSecrets(dir);
    const publicUrl = `https://localhost:${o.port}`;
    const instances = Array.from({ length: o.instances }, (_, index) => ({
      index,
      name: `app${index + 1}`,
      port: o.appPort + index,
      child: null,
      exits: 0,
    }));
    const envOf = (instance) => ({
      ...process.env,
      NODE_ENV: "production",
      // The demo: demo data on the first start, dev mailbox for this machine (with the shared key).
      DEMO_MODE: "1",
      HOST: "127.0.0.1",
      PORT: String(instance.port),
      PUBLIC_URL: publicUrl,
      DATABASE_URL: o.databaseUrl,
      REDIS_URL: o.redisUrl,
      STORAGE: "s3",
      S3_BUCKET: "velora-media",
      S3_ENDPOINT: `http://127.0.0.1:${o.s3Port}`,
      S3_FORCE_PATH_STYLE: "1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      // Live HLS through the storage port, so every instance serves every stream's viewers (ADR 130).
      LIVE_HLS_STORE: "storage",
      LIVE_DIR: join(dir, `live-${instance.name}`),
      // Chunked uploads put their pieces here between requests: one folder for every instance (ADR 141).
      UPLOAD_TMP_DIR: join(dir, "upload-tmp"),
      MEDIA_DIR: join(dir, "media"),
      TRUST_PROXY: "1",
      METRICS_PORT: "0",
      SHUTDOWN_GRACE_MS: String(o.shutdownGraceMs),
      // A person watches this terminal: readable lines (pino-pretty, a dev dependency), as npm start does.
      ...(process.stdout.isTTY ? { LOG_FORMAT: "pretty" } : {}),
      ...secrets,
      ...(o.instanceEnv ?? {}),
    });
    const start = (instance) => {
      // Source maps for readable stack traces, as npm start; the benches run without them, as `npm run serve`.
      const child = spawn(process.execPath, [...(o.sourceMaps === false ? [] : ["--enable-source-maps"]), "build/server.js"], {
        stdio: ["ignore", o.instanceStdout ?? "inherit", "inherit"],
        env: envOf(instance),
      });
      instance.child = child;
      child.on("exit", () => {
        instance.exits += 1;
      });
      return child;
    };
    const waitReady = async (instance, timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (instance.child.exitCode !== null || instance.child.signalCode !== null)
          throw new Error(`${instance.name} exited while starting (code ${instance.child.exitCode})`);
        try {
          const res = await fetch(`http://127.0.0.1:${instance.port}/readyz`);
          if (res.ok) return;
        } catch {
          // not listening yet
        }
        await sleep(200);
      }
      throw new Error(`${instance.name} was not ready within ${timeoutMs} ms`);
    };
    const stopInstance = async (instance, signal = "SIGTERM") => {
      const child = instance.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((done) => child.once("exit", done));
      child.kill(signal);
      await gone;
    };
    stops.push(async () => {
      await Promise.all(instances.map((instance) => stopInstance(instance)));
    });
    // The first instance alone: it migrates and, on an empty database, seeds the demo data once; then the rest.
    start(instances[0]);
    await waitReady(instances[0]);
    log(`${instances[0].name} ready on 127.0.0.1:${instances[0].port} (migrated${o.instances > 1 ? "; starting the others" : ""})`);
    await Promise.all(instances.slice(1).map((instance) => (start(instance), waitReady(instance))));

    const proxy = await startHaproxy({ dir, port: o.port, servers: instances, httpPort: o.httpPort });
    stops.push(() => proxy.stop());
    for (const instance of instances) await proxy.waitStatus(instance.name, (s) => s.status === "UP");
    log(`haproxy on ${publicUrl} (HTTP/2 and HTTP/1.1 over TLS; certificate ${proxy.crt}) → ${instances.map((i) => i.port).join(", ")}`);

    /**
     * One instance replaced without a failed request: haproxy drains it (no new work; its open requests finish),
     * then SIGTERM lets the app finish the rest and close its websockets (their clients reconnect to the others),
     * a new process starts, and haproxy takes it back once its health check passes.
     */
    const restartInstance = async (instance) => {
      await proxy.drain(instance.name);
      await proxy.waitStatus(instance.name, (s) => s.sessions === 0, o.shutdownGraceMs).catch(() => undefined);
      await stopInstance(instance, "SIGTERM");
      start(instance);
      await waitReady(instance);
      await proxy.ready(instance.name);
      await proxy.waitStatus(instance.name, (s) => s.status === "UP");
    };
    return {
      url: publicUrl,
      dir,
      instances,
      proxy,
      s3Port: o.s3Port,
      databaseUrl: o.databaseUrl,
      redisUrl: o.redisUrl,
      secrets,
      restartInstance,
      async rollingRestart() {
        for (const instance of instances) {
          log(`rolling: ${instance.name}`);
          await restartInstance(instance);
        }
      },
      /** SIGKILL, as a crash: nothing drains; haproxy notices by its health check and retries what could not connect. */
      kill: (instance) => instance.child?.kill("SIGKILL"),
      start,
      waitReady,
      /** CPU seconds so far of each process this cluster started (s3rver runs in the caller's own process). */
      cpu() {
        const out = { haproxy: 0 };
        try {
          out.haproxy = procCpuSeconds(proxy.child.pid);
        } catch {
          // gone
        }
        for (const instance of instances) {
          try {
            out[instance.name] = procCpuSeconds(instance.child.pid);
          } catch {
            out[instance.name] = 0;
          }
        }
        return out;
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
