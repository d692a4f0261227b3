/**
 * /healthz: the process answers. /readyz: it can serve, i.e. the database answers and every migration of
 * this build has run (a load balancer sends traffic only then). Both uncached, both cheap.
 */
import { sql } from "kysely";
import { pendingMigrations, type DatabaseHandle } from "../db/index";
import { allMigrationsFor } from "../modules/index";

export interface Readiness {
  ready: boolean;
  database: "ok" | "unreachable";
  pending_migrations: string[];
}

/** Databases seen with every migration applied: migrations are never undone, so that is asked only once. */
const migrated = new WeakSet<DatabaseHandle>();

export async function readiness(database: DatabaseHandle): Promise<Readiness> {
  try {
    await sql`SELECT 1`.execute(database.db);
  } catch {
    return { ready: false, database: "unreachable", pending_migrations: [] };
  }
  const pending = migrated.has(database) ? [] : await pendingMigrations(database, allMigrationsFor);
  if (pending.length === 0) migrated.add(database);
  return { ready: pending.length === 0, database: "ok", pending_migrations: pending };
}
