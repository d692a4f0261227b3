/**
 * `npm run db:migrate` and `npm run seed [-- --profiles N]`.
 * Seeding drops nothing by itself: `seed` refuses a database with users
 * unless --reset is given, which empties the demo tables first.
 */
import { loadConfig } from "../config";
import { systemClock } from "../lib/clock";
import { migrateToLatest, openDatabase } from "./index";
import { isDatabaseEmpty, resetDemoData, seedDemoData } from "./seed/index";

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  const handle = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(handle);
    console.info(applied.length ? `migrations applied: ${applied.join(", ")}` : "database is up to date");
    if (command === "seed") {
      const profilesArg = args.indexOf("--profiles");
      const profiles = profilesArg >= 0 ? Number(args[profilesArg + 1]) : undefined;
      if (!(await isDatabaseEmpty(handle.db))) {
        if (!args.includes("--reset")) {
          console.error("database has users; run `npm run seed -- --reset` to replace them with demo data");
          process.exitCode = 1;
          return;
        }
        await resetDemoData(handle.db);
      }
      const started = Date.now();
      const result = await seedDemoData({ db: handle.db, clock: systemClock, config, profiles });
      console.info(`seeded ${result.users} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } else if (command !== "migrate") {
      console.error("usage: cli.ts migrate | seed [--reset] [--profiles N]");
      process.exitCode = 2;
    }
  } finally {
    await handle.close();
  }
}

void main();
