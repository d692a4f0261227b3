/**
 * Opens the database, migrates, seeds an empty database for the demo and development, and builds the API. Shared by
 * the server, the CLI and the integration tests. A production start (ADR 056) never seeds and refuses demo accounts.
 */
import { createErrorReporter } from "./observability/error-reporting";
import { createApiApp, type ApiApp } from "./api/app";
import type { ApiDeps } from "./api/types";
import { isRealProduction, type AppConfig } from "./config";
import { ensureGeoData } from "./db/geo/load";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "./db/index";
import { findDemoAccounts, isDatabaseEmpty, seedDemoData } from "./db/seed/index";
import { outboxMailer } from "./integrations/mail/mailer";
import { systemClock, type Clock } from "./lib/clock";
import { allMigrationsFor, featureRegistry } from "./modules/index";

import { hasStaffAccount, STAFF_CREATE_COMMAND } from "./modules/staff/index";
import { createLogger, type Logger } from "./ops/logger";
import { randomUUID } from "node:crypto";
import { inProcessBus, type Bus } from "./realtime/bus";
import { createPresence } from "./realtime/presence";
import { redisStreamsBus } from "./realtime/redis-bus";

export interface Runtime {
  config: AppConfig;
  database: DatabaseHandle;
  deps: ApiDeps;
  api: ApiApp;
  seeded: boolean;
  log: Logger;
}

/** A start the operator must act on (its message says how); the server prints it without a stack trace. */
export class StartRefused extends Error {
  override name = "StartRefused";
}

export interface BootstrapOptions {
  clock?: Clock;
  /** Overrides config.seedOnEmpty (scripts that bring their own data pass false); never seeds a production start. */
  seed?: boolean;
  log?: Logger;
}

export async function bootstrap(config: AppConfig, options: BootstrapOptions = {}): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger({ level: config.logLevel, format: config.logFormat });
  const production = isRealProduction(config);
  const seed = options.seed ?? config.seedOnEmpty;
  if (production && seed) throw refused(log, "a production start never seeds demo data (ADR 056); the demo runs with DEMO_MODE=1");
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database, allMigrationsFor);
    if (production) await refuseDemoAccounts(database, log);
    // Reference data (countries, regions, cities); a no-op once loaded.
    await ensureGeoData(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  let seeded = false;
  if (seed && (await isDatabaseEmpty(database.db))) {
    await seedDemoData({ db: database.db, clock, config });
    seeded = true;
  }
  // An empty production database has no one who can open the back office: say how to make the first one.
  if (!seeded && !(await hasStaffAccount(database.db)))
    log.warn(
      { command: STAFF_CREATE_COMMAND },
      `no staff account yet: create the first one with ${STAFF_CREATE_COMMAND} (docs/operations.md)`,
    );
  // Several instances fan out through one Redis stream; a single process needs no Redis (ADR 042).
  const instanceId = randomUUID().slice(0, 8);
  let bus: Bus;
  if (config.redisUrl) {
    const redis = redisStreamsBus({ url: config.redisUrl, instanceId, log });
    await redis.ready;
    bus = redis;
  } else {
    bus = inProcessBus();
  }
  const deps: ApiDeps = {
    db: database.db,
    dialect: database.dialect,
    config,
    clock,
    mailer: outboxMailer(database.db, clock, { deliver: Boolean(config.smtpUrl) }),
    log,
    bus,
    presence: createPresence({ bus, clock, instanceId }),
    features: featureRegistry(),
    errorReporter: createErrorReporter(config.errorReporting),
  };
  return { config, database, deps, api: createApiApp(deps), seeded, log };
}

/**
 * The demo seed's accounts share the password printed in the README, two of them open the back office: a production
 * start that finds any refuses to serve (issue 23 item 1, ADR 056) and tells the operator what to do.
 */
async function refuseDemoAccounts(database: DatabaseHandle, log: Logger): Promise<void> {
  const demo = await findDemoAccounts(database.db);
  if (demo.count === 0) return;
  const named = `${demo.usernames.join(", ")}${demo.count > demo.usernames.length ? ", …" : ""}`;
  const message =
    `refusing to start in production: the database holds ${demo.count} demo account(s) from the demo seed (${named}), ` +
    "whose password is published in the README. Start production on a new, empty database (DATABASE_URL) and create " +
    `the first staff account with ${STAFF_CREATE_COMMAND}; if real members already use this database, erase the demo ` +
    "accounts with `npm run demo:remove` first. The demo (and benchmarks on demo data) runs with DEMO_MODE=1, never on a public server.";
  throw refused(log, message, { demoAccounts: demo.count, examples: demo.usernames });
}

/** Logged once as the process's last line (the server then exits without a stack trace). */
function refused(log: Logger, message: string, fields: Record<string, unknown> = {}): StartRefused {
  log.fatal(fields, message);
  return new StartRefused(message);
}
