/**
 * Opens the database, migrates, seeds an empty embedded database, and builds
 * the API. Shared by the server, the CLI and the integration tests.
 */
import { createApiApp, type ApiApp } from "./api/app";
import type { ApiDeps } from "./api/types";
import type { AppConfig } from "./config";
import { ensureGeoData } from "./db/geo/load";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "./db/index";
import { isDatabaseEmpty, seedDemoData } from "./db/seed/index";
import { outboxMailer } from "./integrations/mail/mailer";
import { systemClock, type Clock } from "./lib/clock";
import { featureRegistry } from "./modules/index";

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

export async function bootstrap(config: AppConfig, options: { clock?: Clock; seed?: boolean } = {}): Promise<Runtime> {
  const clock = options.clock ?? systemClock;
  const log = createLogger({ level: config.logLevel, format: config.logFormat });
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  // Reference data (countries, regions, cities); a no-op once loaded.
  await ensureGeoData(database.db);
  let seeded = false;
  if ((options.seed ?? config.seedOnEmpty) && (await isDatabaseEmpty(database.db))) {
    await seedDemoData({ db: database.db, clock, config });
    seeded = true;
  }
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
  };
  return { config, database, deps, api: createApiApp(deps), seeded, log };
}
