// Debian's haproxy in front of several app instances (issue 33 item 1, ADR 141): TLS with a local certificate,
// HTTP/2 and HTTP/1.1 to browsers (websockets over either), health checks on /readyz, drain through the runtime API.
// Used by scripts/cluster.mjs, scripts/bench-cluster.mjs and scripts/bench-realtime.mjs --proxy.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { join, resolve } from "node:path";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export function ensureHaproxy() {
  if (existsSync("/usr/sbin/haproxy")) return;
  const result = spawnSync(process.execPath, ["scripts/ensure-system-packages.mjs", "--only=haproxy"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("haproxy is not installed and could not be installed (apt-get install haproxy)");
}

/**
 * A self-signed certificate for localhost and 127.0.0.1, made once into `dir` (gitignored: data/) and reused while it
 * is valid. haproxy wants the certificate and its key in one PEM file.
 */
export function ensureCertificate(dir) {
  mkdirSync(dir, { recursive: true });
  const pem = join(dir, "localhost.pem");
  const crt = join(dir, "localhost.crt");
  const key = join(dir, "localhost.key");
  // -checkend: still valid for a day, or make a new one.
  if (existsSync(pem) && spawnSync("openssl", ["x509", "-checkend", "86400", "-noout", "-in", crt]).status === 0) return { pem, crt };
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "30",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      crt,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (made.status !== 0) throw new Error("openssl could not make the local certificate");
  writeFileSync(pem, readFileSync(crt, "utf8") + readFileSync(key, "utf8"), { mode: 0o600 });
  return { pem, crt };
}

/**
 * The configuration. Choices (ADR 141):
 * - `balance leastconn`: websockets are long-lived, so round robin by request would pile sockets on one instance.
 * - health check `GET /readyz` every 2 s (5 s to answer: a loaded machine's slow answer is not a death); 3 failures
 *   take an instance out, 2 successes bring it back; 3 refused connections of real traffic mark it down at once
 *   (`observe layer4`: a crashed instance). A draining instance answers 503 there, so haproxy stops sending it work
 *   even without the runtime API.
 * - retries: a request that could not reach an instance (refused connection) goes to another one (`option
 *   redispatch`); GET and HEAD also after a connection closed without an answer or an answer that never came
 *   (`retry-on`, a crashed instance), never a POST the instance may have begun to process. The request body is
 *   buffered so a POST that never reached an instance can be sent to another.
 * - X-Forwarded-For is replaced, never appended: the app (TRUST_PROXY=1) takes its first address as the client.
 * - A shared cache for guest pages (ADR 165), the CDN rule of ADR 143: a request without a view cookie (VIEW_COOKIES in
 *   server/contract/shared-cache.ts; tests/host/haproxy-cache.test.ts holds the two lists together) and without
 *   Authorization may be answered from the cache, keyed on the host and URL (and Accept-Encoding: `process-vary`);
 *   only such a request's answer may be stored, and only when it says so itself (`public` with `s-maxage`, an ETag,
 *   no Set-Cookie: haproxy stores nothing `private`, `no-store` or without an expiry). A request with a view cookie
 *   always reaches an instance. A hit says `X-Proxy-Cache: hit` and carries no X-Request-Id (the stored one named
 *   the request that filled the cache).
 */
export const VIEW_COOKIES = ["tk", "announcements_dismissed"];

export function haproxyConfig({ port, pem, socket, servers, bindAddress = "127.0.0.1", httpPort, guestCache = true }) {
  const lines = [
    "global",
    "  log stderr format raw local0 warning",
    `  stats socket ${socket} mode 600 level admin`,
    "  maxconn 4096",
    "  tune.ssl.default-dh-param 2048",
    "",
    "defaults",
    "  mode http",
    "  log global",
    "  option httplog",
    "  option dontlognull",
    "  timeout connect 2s",
    "  timeout client 65s",
    "  timeout server 65s",
    // An open websocket (and an HTTP/2 connection's idle time) lives this long without a frame; the client pings.
    "  timeout tunnel 1h",
    "  timeout http-request 10s",
    "  timeout http-keep-alive 60s",
    "  timeout queue 5s",
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response response-timeout",
    "",
    "frontend https",
    `  bind ${bindAddress}:${port} ssl crt ${pem} alpn h2,http/1.1`,
    ...(httpPort ? [`  bind ${bindAddress}:${httpPort}`] : []),
    "  option http-buffer-request",
    "  http-request del-header X-Forwarded-For",
    "  http-request set-header X-Forwarded-Proto https if { ssl_fc }",
    "  option forwardfor",
    "  default_backend app",
    "",
    ...(guestCache
      ? [
          "cache guest_pages",
          "  total-max-size 64",
          // The micro-cache keeps pages up to 256 KB (server/micro-cache.ts); encoded they are far smaller.
          "  max-object-size 262144",
          // The longest a page's own s-maxage may keep it here.
          "  max-age 60",
          "  process-vary on",
          "",
        ]
      : []),
    "backend app",
    "  balance leastconn",
    ...(guestCache
      ? [
          // The app's test (carriesViewCookie): the name with any value, an empty one too (req.cook skips those), in
          // any Cookie header.
          `  acl view_cookie req.fhdr(cookie) -m reg (^|;)\\s*(${VIEW_COOKIES.join("|")})=`,
          "  acl credentials req.hdr(authorization) -m found",
          "  http-request set-var(txn.guest) bool(true) if !view_cookie !credentials",
          "  http-request cache-use guest_pages if { var(txn.guest) -m bool }",
          // haproxy 2.6 stores nothing that says max-age=0, even with s-maxage (which RFC 9111 makes the shared
          // cache's rule): a guest page's max-age=0 (for browsers: revalidate every time) is hidden from it while it
          // stores, and put back on every answer, stored or not. The bytes leave as the instance sent them.
          "  http-response replace-header Cache-Control (^|.*,\\s*)max-age=0(\\s*,.*|$) \\1x-max-age=0\\2 if { var(txn.guest) -m bool }",
          "  http-response cache-store guest_pages if { var(txn.guest) -m bool } !{ res.hdr(set-cookie) -m found }",
          "  http-response replace-header Cache-Control (^|.*,\\s*)x-max-age=0(\\s*,.*|$) \\1max-age=0\\2",
          "  http-after-response replace-header Cache-Control (^|.*,\\s*)x-max-age=0(\\s*,.*|$) \\1max-age=0\\2 if { res.cache_hit }",
          "  http-after-response del-header X-Request-Id if { res.cache_hit }",
          "  http-after-response set-header X-Proxy-Cache hit if { res.cache_hit }",
        ]
      : []),
    "  option httpchk",
    "  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost",
    "  http-check expect status 200",
    "  http-reuse safe",
    // A request the instance may have begun to process is replayed only when repeating it is harmless.
    "  acl idempotent method GET HEAD OPTIONS",
    "  http-request disable-l7-retry if !idempotent",
    // Generous for a loaded machine: a /readyz that waits behind busy event loops is not a dead instance. A crash
    // is still seen by the refused connections (retried elsewhere at once) and by the check within seconds.
    "  timeout check 5s",
    "  default-server inter 2s fastinter 1s downinter 1s fall 3 rise 2 check observe layer4 error-limit 3 on-error mark-down",
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port}`),
    "",
  ];
  return lines.join("\n");
}

/** Starts haproxy in the foreground (-db) with the configuration written to `dir`; resolves once it listens. */
export async function startHaproxy({ dir, port, servers, httpPort, guestCache = true }) {
  ensureHaproxy();
  mkdirSync(dir, { recursive: true });
  const { pem, crt } = ensureCertificate(join(dir, "tls"));
  const socket = resolve(dir, "haproxy.sock");
  const cfg = join(dir, "haproxy.cfg");
  writeFileSync(cfg, haproxyConfig({ port, pem, socket, servers, httpPort, guestCache }));
  const check = spawnSync("/usr/sbin/haproxy", ["-c", "-q", "-f", cfg], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stderr}${check.stdout}`);
  const child = spawn("/usr/sbin/haproxy", ["-db", "-f", cfg], { stdio: ["ignore", "inherit", "inherit"] });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}`);
    if (await portOpen(port)) break;
    await sleep(100);
  }
  const runtime = (command) => runtimeCommand(socket, command);
  return {
    child,
    cfg,
    crt,
    url: `https://localhost:${port}`,
    runtime,
    /** haproxy's view of each server: status (UP, DOWN, DRAIN, MAINT, …) and current sessions. */
    async servers() {
      const csv = await runtime("show stat");
      const rows = csv.split("\n").filter((line) => line.startsWith("app,") && !line.startsWith("app,BACKEND"));
      const header = csv.split("\n")[0].replace(/^# /, "").split(",");
      const at = (name) => header.indexOf(name);
      return rows.map((line) => {
        const f = line.split(",");
        return {
          name: f[at("svname")],
          status: f[at("status")],
          sessions: Number(f[at("scur")]),
          total: Number(f[at("stot")]),
          retries: Number(f[at("wretr")]) || 0,
          redispatches: Number(f[at("wredis")]) || 0,
          responseErrors: Number(f[at("eresp")]) || 0,
          connectionErrors: Number(f[at("econ")]) || 0,
        };
      });
    },
    /** No new requests or connections for this server; what it holds finishes (`state ready` undoes it). */
    drain: (name) => runtime(`set server app/${name} state drain`),
    ready: (name) => runtime(`set server app/${name} state ready`),
    async waitStatus(name, wanted, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const server = (await this.servers()).find((s) => s.name === name);
        if (server && wanted(server)) return server;
        await sleep(100);
      }
      throw new Error(`haproxy: ${name} did not reach the wanted state in ${timeoutMs} ms`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      // SIGUSR1: haproxy's soft stop (stops listening, lets its connections finish).
      child.kill("SIGUSR1");
      const gone = new Promise((done) => child.once("exit", done));
      await Promise.race([gone, sleep(3_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

function runtimeCommand(socket, command) {
  return new Promise((done, fail) => {
    const conn = createConnection(socket);
    let out = "";
    conn.on("connect", () => conn.end(`${command}\n`));
    conn.on("data", (chunk) => (out += chunk));
    conn.on("end", () => done(out));
    conn.on("error", fail);
  });
}

function portOpen(port) {
  return new Promise((done) => {
    const conn = createConnection(port, "127.0.0.1");
    conn.on("connect", () => {
      conn.destroy();
      done(true);
    });
    conn.on("error", () => done(false));
  });
}
