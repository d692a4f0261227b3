import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";
import { dropTriggersIfExist } from "./0128_search_profile_changes";

/**
 * Issue 33 item 2 (ADR 158): the SEO directory's categories select by trait options of groups that search_profiles
 * does not hold (meeting options, escort roles, escort services, the company's bizarre offer), so a change of them
 * writes profile_traits alone and the search index's change log (0128) never heard of it. These triggers append the
 * user to the same log for every insert, update and delete of a trait row of these groups; the column index then
 * reloads that user's row and directory traits (directory-filter.ts). A category that uses a group outside this list
 * stays on the SQL path (directoryIndexable) until a later migration logs that group too.
 */
export const DIRECTORY_LOGGED_TRAIT_GROUPS = ["meeting_option", "escort_role", "escort_service", "company_bizarre"] as const;

/** "This row's group is one of these" in a trigger's body. */
const loggedIn = (groups: readonly string[], row: "NEW" | "OLD") => `${row}.group_key IN (${groups.map((g) => `'${g}'`).join(", ")})`;

/** PostgreSQL: the function the trait trigger calls, logging the rows of these groups (0131 replaces its body). */
export function traitChangeFunctionSql(groups: readonly string[], mode: "CREATE" | "CREATE OR REPLACE"): string {
  return `${mode} FUNCTION search_profile_changes_on_directory_traits() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' AND ${loggedIn(groups, "OLD")} THEN
        INSERT INTO search_profile_changes (user_id) VALUES (OLD.user_id);
      END IF;
      IF TG_OP <> 'DELETE' AND ${loggedIn(groups, "NEW")} THEN
        INSERT INTO search_profile_changes (user_id) VALUES (NEW.user_id);
      END IF;
      RETURN NULL;
    END $$`;
}

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    if (dialect === "postgres") {
      await sql.raw(traitChangeFunctionSql(DIRECTORY_LOGGED_TRAIT_GROUPS, "CREATE")).execute(db);
      // TRUNCATE of the traits fires no row trigger: "everything changed", as 0128 does for search_profiles.
      await sql`CREATE FUNCTION search_profile_changes_traits_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO search_profile_changes (user_id) VALUES (NULL); RETURN NULL; END $$`.execute(db);
    }
    await createDirectoryTraitChangeTriggers(dialect, db);
  };
}

const SQLITE_EVENTS = [
  ["INSERT", ["NEW"]],
  ["UPDATE", ["OLD", "NEW"]],
  ["DELETE", ["OLD"]],
] as const;

/**
 * The triggers that log trait changes of `groups` (PostgreSQL: over up's functions, whose body holds the groups); a
 * seed drops them while it loads (ADR 170).
 */
export async function createDirectoryTraitChangeTriggers(
  dialect: Dialect,
  db: Kysely<unknown>,
  groups: readonly string[] = DIRECTORY_LOGGED_TRAIT_GROUPS,
) {
  if (dialect === "postgres") {
    await sql`CREATE TRIGGER search_profile_changes_directory_traits AFTER INSERT OR UPDATE OR DELETE ON profile_traits
      FOR EACH ROW EXECUTE FUNCTION search_profile_changes_on_directory_traits()`.execute(db);
    await sql`CREATE TRIGGER search_profile_changes_directory_traits_truncate AFTER TRUNCATE ON profile_traits
      FOR EACH STATEMENT EXECUTE FUNCTION search_profile_changes_traits_truncated()`.execute(db);
    return;
  }
  for (const [event, rows] of SQLITE_EVENTS) {
    const inserts = rows
      .map((row) => `INSERT INTO search_profile_changes (user_id) SELECT ${row}.user_id WHERE ${loggedIn(groups, row)};`)
      .join(" ");
    await sql
      .raw(
        `CREATE TRIGGER search_profile_changes_directory_traits_${event.toLowerCase()} AFTER ${event} ON profile_traits FOR EACH ROW
         BEGIN ${inserts} END`,
      )
      .execute(db);
  }
}

/** Drops what createDirectoryTraitChangeTriggers made (`IF EXISTS`: a seed killed half-way left them dropped). */
export function dropDirectoryTraitChangeTriggers(dialect: Dialect, db: Kysely<unknown>) {
  const names =
    dialect === "postgres"
      ? ["search_profile_changes_directory_traits", "search_profile_changes_directory_traits_truncate"]
      : SQLITE_EVENTS.map(([event]) => `search_profile_changes_directory_traits_${event.toLowerCase()}`);
  return dropTriggersIfExist(dialect, db, "profile_traits", names);
}
