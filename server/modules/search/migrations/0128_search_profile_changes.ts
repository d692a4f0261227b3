import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 33 item 2 (ADR 151): the change log that keeps every instance's in-process column index of search_profiles
 * exact. A trigger on search_profiles itself (every insert, update and delete of a row, whatever source table caused
 * it) appends the user id; before each search an index reads the rows after the last one it applied and reloads those
 * users. A row with user_id NULL means "everything changed" (PostgreSQL's TRUNCATE fires no row trigger).
 *
 * PostgreSQL: `seq` comes from a sequence, and a transaction can commit a smaller seq after another committed a
 * larger one; `txid` (the writer's transaction id) lets a reader catch those late rows (column-index.ts, ADR 151).
 * SQLite: one writer at a time holds the database from its first write to its commit, so seqs commit in order.
 *
 * search_profile_changes_pruned holds the highest seq the prune job deleted: an index that last read below it may
 * have missed changes and loads everything again.
 */
export const CHANGES_TABLE = "search_profile_changes";

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    if (dialect === "postgres") {
      await sql`CREATE TABLE search_profile_changes (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer,
        txid xid8 NOT NULL DEFAULT pg_current_xact_id()
      )`.execute(db);
      await sql`CREATE INDEX search_profile_changes_txid ON search_profile_changes (txid)`.execute(db);
      await sql`CREATE FUNCTION search_profile_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'TRUNCATE' THEN
            INSERT INTO search_profile_changes (user_id) VALUES (NULL);
          ELSIF TG_OP = 'DELETE' THEN
            INSERT INTO search_profile_changes (user_id) VALUES (OLD.user_id);
          ELSE
            INSERT INTO search_profile_changes (user_id) VALUES (NEW.user_id);
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TABLE search_profile_changes_pruned (id integer PRIMARY KEY, upto bigint NOT NULL)`.execute(db);
    } else {
      await sql`CREATE TABLE search_profile_changes (seq integer PRIMARY KEY AUTOINCREMENT, user_id integer)`.execute(db);
      await sql`CREATE TABLE search_profile_changes_pruned (id integer PRIMARY KEY, upto integer NOT NULL)`.execute(db);
    }
    await createSearchProfileChangeTriggers(dialect, db);
    await sql`INSERT INTO search_profile_changes_pruned (id, upto) VALUES (1, 0)`.execute(db);
  };
}

const SQLITE_EVENTS = [
  ["INSERT", "NEW"],
  ["UPDATE", "NEW"],
  ["DELETE", "OLD"],
] as const;

/** The triggers that append to the log (PostgreSQL: over up's function); a seed drops them while it loads (ADR 170). */
export async function createSearchProfileChangeTriggers(dialect: Dialect, db: Kysely<unknown>) {
  if (dialect === "postgres") {
    await sql`CREATE TRIGGER search_profile_changes_row AFTER INSERT OR UPDATE OR DELETE ON search_profiles
      FOR EACH ROW EXECUTE FUNCTION search_profile_changes_log()`.execute(db);
    await sql`CREATE TRIGGER search_profile_changes_truncate AFTER TRUNCATE ON search_profiles
      FOR EACH STATEMENT EXECUTE FUNCTION search_profile_changes_log()`.execute(db);
    return;
  }
  for (const [event, row] of SQLITE_EVENTS)
    await sql
      .raw(
        `CREATE TRIGGER search_profile_changes_${event.toLowerCase()} AFTER ${event} ON search_profiles FOR EACH ROW
         BEGIN INSERT INTO search_profile_changes (user_id) VALUES (${row}.user_id); END`,
      )
      .execute(db);
}

/** Drops what createSearchProfileChangeTriggers made (`IF EXISTS`: a seed killed half-way left them dropped). */
export function dropSearchProfileChangeTriggers(dialect: Dialect, db: Kysely<unknown>) {
  const names =
    dialect === "postgres"
      ? ["search_profile_changes_row", "search_profile_changes_truncate"]
      : SQLITE_EVENTS.map(([event]) => `search_profile_changes_${event.toLowerCase()}`);
  return dropTriggersIfExist(dialect, db, "search_profiles", names);
}

/** Drops these triggers of a table where they exist (PostgreSQL names a trigger per table, SQLite per database). */
export async function dropTriggersIfExist(dialect: Dialect, db: Kysely<unknown>, table: string, names: readonly string[]) {
  for (const name of names) await sql.raw(`DROP TRIGGER IF EXISTS ${name}${dialect === "postgres" ? ` ON ${table}` : ""}`).execute(db);
}
