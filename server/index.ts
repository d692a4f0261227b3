/**
 * The one process: HTTP server hosting the Remix web tier, the v2 API, /ws,
 * translation files and static assets. `npm start` runs this (built to
 * build/server.js).
 */
import { serve } from "@hono/node-server";
import type { ServerBuild } from "@remix-run/node";
import type { Server } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { bootstrap } from "./bootstrap";
import { loadConfig } from "./config";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/seed/index";
import { createHost } from "./host";
import { createSmtpSender } from "./integrations/mail/smtp";
import { startMailDelivery } from "./jobs/mail-delivery";
import { startMaintenance } from "./jobs/maintenance";
import { attachWebsocket } from "./realtime/ws";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const rootDir = process.cwd();
  const runtime = await bootstrap(config);
  const build = (await import(pathToFileURL(join(rootDir, "build/index.js")).href)) as ServerBuild;
  const host = createHost({ api: runtime.api, build, mode: config.nodeEnv, rootDir, trustProxy: config.trustProxy });

  const server = serve({ fetch: host.fetch, port: config.port, hostname: config.host }) as Server;
  const realtime = attachWebsocket(server, { db: runtime.database.db, clock: runtime.deps.clock });
  const stopMaintenance = startMaintenance(runtime.database.db, runtime.deps.clock);
  // Without SMTP_URL the outbox is the mailbox (dev mailbox page); with it, the outbox is delivered.
  const stopMailDelivery = config.smtpUrl
    ? startMailDelivery(runtime.database.db, runtime.deps.clock, createSmtpSender(config.smtpUrl, config.mailFrom))
    : () => {};

  server.once("listening", () => {
    console.info(`Velora listening on ${config.publicUrl} (database: ${runtime.database.dialect})`);
    if (runtime.seeded) {
      console.info(`Demo data seeded. Log in at ${config.publicUrl}/de/login with password "${DEMO_PASSWORD}" as:`);
      for (const account of DEMO_ACCOUNTS) console.info(`  ${account.username.padEnd(16)} ${account.email}`);
    }
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    stopMaintenance();
    stopMailDelivery();
    await realtime.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await runtime.database.close();
    console.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
