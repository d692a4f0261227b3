// `npm run cluster`: the product as several instances behind a real HTTP/2 proxy on this machine (issue 33 item 1,
// ADR 141). haproxy (Debian) terminates TLS with a local certificate at https://localhost:8443; N app instances share
// PostgreSQL (database velora_cluster, made, migrated and seeded with the demo data on the first start), Redis (the
// realtime bus) and s3rver (media). Ctrl-C stops everything it started; `kill -HUP <pid>` rolls every instance.
//
//   npm run cluster [-- --instances 3] [--port 8443] [--database-url postgres://…] [--redis-url redis://…/14]
//
// Builds first when build/ is missing (as npm start does).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { CLUSTER_DEFAULTS, startCluster } from "./cluster/cluster.mjs";

const { values: args } = parseArgs({
  options: {
    instances: { type: "string", default: String(CLUSTER_DEFAULTS.instances) },
    port: { type: "string", default: String(CLUSTER_DEFAULTS.port) },
    "app-port": { type: "string", default: String(CLUSTER_DEFAULTS.appPort) },
    "s3-port": { type: "string", default: String(CLUSTER_DEFAULTS.s3Port) },
    "database-url": { type: "string", default: process.env.CLUSTER_DATABASE_URL ?? CLUSTER_DEFAULTS.databaseUrl },
    "redis-url": { type: "string", default: process.env.CLUSTER_REDIS_URL ?? CLUSTER_DEFAULTS.redisUrl },
  },
});
const instances = Number(args.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 9) {
  console.error("--instances takes 1 to 9");
  process.exit(2);
}

if (!existsSync("build/server.js") || !existsSync("public/scripts/realtime.js")) {
  console.info("[cluster] no build yet: npm run build");
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

let cluster;
try {
  cluster = await startCluster({
    instances,
    port: Number(args.port),
    appPort: Number(args["app-port"]),
    s3Port: Number(args["s3-port"]),
    databaseUrl: args["database-url"],
    redisUrl: args["redis-url"],
  });
} catch (err) {
  console.error(`[cluster] ${err.message}`);
  process.exit(1);
}
console.info(`[cluster] open ${cluster.url}/de (a local certificate: accept it once, or trust ${cluster.proxy.crt})`);
console.info(`[cluster] dev mailbox: ${cluster.url}/de/dev/mailbox?key=${cluster.secrets.DEV_ROUTES_KEY}`);
console.info(`[cluster] Ctrl-C stops everything; kill -HUP ${process.pid} restarts every instance in turn without a failed request`);

let busy = false;
process.on("SIGHUP", () => {
  if (busy) return;
  busy = true;
  cluster
    .rollingRestart()
    .then(() => console.info("[cluster] rolling restart done"))
    .catch((err) => console.error(`[cluster] rolling restart failed: ${err.message}`))
    .finally(() => (busy = false));
});
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.info("[cluster] stopping: haproxy, then the instances (each finishes what it holds), then s3rver");
    cluster.stop().then(() => process.exit(0));
  });
}
// An instance that dies on its own is said (haproxy already routes around it); the command keeps running.
for (const instance of cluster.instances) {
  const watch = (child) =>
    child.once("exit", (code, signal) => {
      if (stopping || busy) return;
      console.warn(`[cluster] ${instance.name} exited (${signal ?? code}); haproxy routes around it`);
    });
  watch(instance.child);
}
