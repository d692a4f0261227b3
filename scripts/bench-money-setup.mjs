// The shared setup of the money benches (bench-checkout.mjs, bench-renewals.mjs): a fresh database of their own and
// the API's dependencies around it, as the product wires them. The caller has registered tsx (the server is TypeScript).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/**
 * A fresh database for one run. SQLite: a file in a new temp folder. PostgreSQL: a new schema in DATABASE_URL_TEST
 * (default the machine's `test` database). `cleanup` removes it.
 */
export async function benchDatabase(kind, label) {
  if (kind === "postgres") {
    const base = process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test";
    const schema = `bench_${label}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(base);
    url.searchParams.set("options", `-c search_path=${schema}`);
    return {
      databaseUrl: url.toString(),
      cleanup: async () => {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), `bench-${label}-`));
  return { databaseUrl: `sqlite:${join(dir, `${label}.sqlite`)}`, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** The API's dependencies over an opened database: the system clock, the outbox mailer, errors-only logging. */
export async function benchDeps(database, config) {
  const { systemClock } = await import("../server/lib/clock.ts");
  const { featureRegistry } = await import("../server/modules/index.ts");
  const { outboxMailer } = await import("../server/integrations/mail/mailer.ts");
  const { inProcessBus } = await import("../server/realtime/bus.ts");
  const { createPresence } = await import("../server/realtime/presence.ts");
  const { createLogger } = await import("../server/ops/logger.ts");
  const bus = inProcessBus();
  return {
    db: database.db,
    dialect: database.dialect,
    config,
    clock: systemClock,
    mailer: outboxMailer(database.db, systemClock),
    log: createLogger({ level: "error" }),
    bus,
    presence: createPresence({ bus, clock: systemClock, instanceId: "bench" }),
    features: featureRegistry(),
  };
}
