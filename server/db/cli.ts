/**
 * `npm run db:migrate` and `npm run seed -- [--reset] [--profiles N] [--seed NAME] [--queues N]`.
 * --queues adds N open back-office items after the demo (the queues benchmark, ADR 122).
 * Seeding drops nothing by itself: `seed` refuses a database with users
 * unless --reset is given, which empties the demo tables (and their media
 * files) first.
 */
import { existsSync } from "node:fs";
import { isRealProduction, loadConfig } from "../config";
import { createMediaStorage } from "../integrations/storage/index";
import { systemClock } from "../lib/clock";
import { allMigrationsFor } from "../modules/index";
import { MAX_QUEUE_LOAD, seedQueueLoad } from "../modules/queues/index";
import { dialectOf } from "./dialect";
import { migrateToLatest, openDatabase } from "./index";
import { DEFAULT_PROFILES, isDatabaseEmpty, MAX_PROFILES, seedDemoData } from "./seed/index";
import { resetDemoData } from "./seed/reset";

const USAGE = "usage: cli.ts migrate | seed [--reset] [--profiles N] [--seed NAME] [--queues N]";

interface SeedArgs {
  reset: boolean;
  profiles: number;
  seed: string | undefined;
  /** Open back-office items to add after the demo (0: none). */
  queues: number;
}

function parseSeedArgs(args: string[]): SeedArgs | string {
  const parsed: SeedArgs = { reset: false, profiles: DEFAULT_PROFILES, seed: undefined, queues: 0 };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--reset") parsed.reset = true;
    else if (arg === "--profiles") {
      const value = args[++i] ?? "";
      const profiles = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(profiles) || profiles > MAX_PROFILES) return `--profiles takes a whole number from 0 to ${MAX_PROFILES}`;
      parsed.profiles = profiles;
    } else if (arg === "--seed") {
      const value = args[++i];
      if (!value) return "--seed takes a name";
      parsed.seed = value;
    } else if (arg === "--queues") {
      const value = args[++i] ?? "";
      const queues = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(queues) || queues > MAX_QUEUE_LOAD) return `--queues takes a whole number from 0 to ${MAX_QUEUE_LOAD}`;
      parsed.queues = queues;
    } else return `unknown option ${arg}`;
  }
  return parsed;
}

/** A SQLite file that does not exist yet: the seed then writes it without a rollback journal (ADR 152). */
function isNewSqliteFile(databaseUrl: string): boolean {
  return dialectOf(databaseUrl) === "sqlite" && (databaseUrl === ":memory:" || !existsSync(databaseUrl.slice("sqlite:".length)));
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command !== "migrate" && command !== "seed") {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const seedArgs = command === "seed" ? parseSeedArgs(args) : null;
  if (typeof seedArgs === "string") {
    console.error(`${seedArgs}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  if (seedArgs && isRealProduction(config)) {
    // A production start would refuse the result anyway (ADR 056): the demo accounts' password is in the README.
    console.error(
      "refused: production (NODE_ENV=production without DEMO_MODE) never holds demo data; seed a demo or benchmark database with DEMO_MODE=1",
    );
    process.exitCode = 1;
    return;
  }
  const newDatabaseFile = isNewSqliteFile(config.databaseUrl);
  const handle = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(handle, allMigrationsFor);
    console.info(applied.length ? `migrations applied: ${applied.join(", ")}` : "database is up to date");
    if (!seedArgs) return;

    const storage = createMediaStorage(config);
    if (!(await isDatabaseEmpty(handle.db))) {
      if (!seedArgs.reset) {
        console.error("database has users; run `npm run seed -- --reset` to replace them with demo data");
        process.exitCode = 1;
        return;
      }
      const started = Date.now();
      const tables = await resetDemoData(handle.db, { storage });
      console.info(`reset ${tables.length} tables and their media files in ${seconds(Date.now() - started)}`);
    }
    const started = Date.now();
    let reported = 0;
    const result = await seedDemoData({
      db: handle.db,
      clock: systemClock,
      config,
      storage,
      profiles: seedArgs.profiles,
      seed: seedArgs.seed,
      newDatabaseFile,
      onProgress: (done, total) => {
        // Large seeds report about every tenth.
        if (total >= 20_000 && (done - reported >= total / 10 || done === total)) {
          reported = done;
          console.info(`  ${done}/${total} users (${seconds(Date.now() - started)})`);
        }
      },
    });
    const kinds = Object.entries(result.byKind)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(", ");
    console.info(
      `seeded ${result.users} users (${kinds}) with ${result.media} photos (${result.renderedPhotos} rendered) in ${seconds(Date.now() - started)}; media in ${config.mediaDir}`,
    );
    if (seedArgs.queues > 0) {
      const loadStarted = Date.now();
      const load = await seedQueueLoad(handle.db, { total: seedArgs.queues, now: systemClock.now() });
      const parts = Object.entries(load)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(", ");
      console.info(`added ${seedArgs.queues} open back-office items (${parts}) in ${seconds(Date.now() - loadStarted)}`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
