/**
 * The one process: HTTP server hosting the Remix web tier, the v2 API, /ws,
 * translation files and static assets. `npm start` runs this (built to
 * build/server.js).
 */
import type { ServerBuild } from "@remix-run/node";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { bootstrap, StartRefused } from "./bootstrap";
import { loadConfig } from "./config";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STAFF_ACCOUNTS } from "./db/seed/index";
import { DEV_KEY_PARAM } from "./contract/dev";
import { createHost } from "./host";
import { closeLiveVideoEngines } from "./integrations/live-video/index";
import { createSmtpSender } from "./integrations/mail/smtp";
import { warmSearchIndex } from "./modules/search/index";
import { jobHandlersFor } from "./jobs/handlers";
import { startMaintenance } from "./jobs/maintenance";
import { createJobRunner, jobCounts } from "./jobs/queue";
import { createHttpServer, createLifecycle } from "./ops/http-server";
import { createMetrics, serveMetrics } from "./ops/metrics";
import { attachWebsocket } from "./realtime/ws";
import { offsetClock, systemClock } from "./lib/clock";
import { signOnPartnerOrigins } from "./lib/return-to";

async function main() {
  const config = loadConfig();
  const rootDir = process.cwd();
  // Where dev routes exist (tests, development, the demo), time can be moved ahead (POST /api/v2/dev/clock), so an
  // end-to-end test can let a date start; production keeps the plain system clock.
  const runtime = await bootstrap(config, { clock: config.devRoutes === "off" ? systemClock : offsetClock() });
  const { log, database } = runtime;
  const build = (await import(pathToFileURL(join(rootDir, "build/index.js")).href)) as ServerBuild;
  const lifecycle = createLifecycle();
  let openSockets = () => 0;
  const metrics = createMetrics({
    database,
    jobs: () => jobCounts(database.db, runtime.deps.clock.now()),
    websockets: () => openSockets(),
  });
  const host = createHost({
    api: runtime.api,
    build,
    mode: config.nodeEnv,
    rootDir,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    formTargets: signOnPartnerOrigins(config.helpdesk, config.forum),
    observe: { log, metrics, database, isDraining: () => lifecycle.draining },
    admission: config.admission,
    devRoutesKey: config.devRoutesKey,
    errorReporter: runtime.deps.errorReporter,
  });

  const server = createHttpServer(host.fetch, host.serveStored);
  lifecycle.attach(server);
  const metricsServer = config.metrics.port > 0 ? serveMetrics(metrics, config.metrics, log) : null;
  const realtime = attachWebsocket(server, {
    db: database.db,
    clock: runtime.deps.clock,
    bus: runtime.deps.bus,
    presence: runtime.deps.presence,
    api: runtime.deps,
    publicUrl: config.publicUrl,
    log,
  });
  openSockets = () => realtime.socketCount();
  const stopMaintenance = startMaintenance(database.db, runtime.deps.clock, log, { uploadTmpDir: config.uploadTmpDir, deps: runtime.deps });
  // Without SMTP_URL the outbox is the mailbox (dev mailbox page); with it, each mail is a delivery job.
  const smtp = config.smtpUrl ? createSmtpSender(config.smtpUrl, config.mailFrom) : undefined;
  const jobs = createJobRunner({
    db: database.db,
    dialect: database.dialect,
    clock: runtime.deps.clock,
    log,
    handlers: jobHandlersFor(runtime.deps, { smtp }),
    onFinished: (kind, outcome, seconds) => metrics.observeJob(kind, outcome, seconds),
  });
  jobs.start();

  server.once("listening", () => {
    log.info({ url: config.publicUrl, database: database.dialect }, "Velora listening");
    // The search's column index loads in the background (ADR 164); searches read the database until it has.
    void warmSearchIndex(runtime.deps);
    // The demo's dev routes answer this machine only, with this key (ADR 060): the link sets it as a cookie.
    if (config.devRoutesKey) {
      log.info(
        { mailbox: `${config.publicUrl}/de/dev/mailbox?${DEV_KEY_PARAM}=${config.devRoutesKey}` },
        "dev mailbox (this machine only)",
      );
    }
    if (runtime.seeded) {
      log.info(
        {
          login: `${config.publicUrl}/de/login`,
          password: DEMO_PASSWORD,
          accounts: [...DEMO_ACCOUNTS, ...DEMO_STAFF_ACCOUNTS].map((a) => `${a.username} <${a.email}>`),
        },
        "demo data seeded",
      );
    }
  });

  server.listen(config.port, config.host);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, graceMs: config.shutdownGraceMs }, "shutting down: finishing in-flight requests");
    stopMaintenance();
    const [{ forced }] = await Promise.all([
      lifecycle.drain(config.shutdownGraceMs),
      realtime.close(),
      jobs.stop(config.shutdownGraceMs),
      // Live video (ADR 125): producers, viewers, ffmpeg and the RTMP listener; recordings' files stay for the remux job.
      closeLiveVideoEngines(),
    ]);
    runtime.deps.presence.close();
    await runtime.deps.bus.close();
    smtp?.close();
    metricsServer?.close();
    // Error reports still queued leave before the process does (ADR 133).
    await runtime.deps.errorReporter?.flush();
    await database.close();
    log.info({ forced }, "stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  // A refused start has logged what the operator must do (a stack trace would only bury it) and closed what it
  // opened: the process ends on its own once the log line is written.
  if (err instanceof StartRefused) {
    process.exitCode = 1;
    return;
  }
  console.error(err);
  process.exit(1);
});
