import { sql, type Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";
import {
  createDirectoryTraitChangeTriggers,
  DIRECTORY_LOGGED_TRAIT_GROUPS,
  dropDirectoryTraitChangeTriggers,
  traitChangeFunctionSql,
} from "./0130_directory_trait_changes";

/**
 * Issue 33 item 2 (ADR 176): the search filter's trait groups that search_profiles does not hold — breast type, hair
 * color and length, spoken languages — and a business's kind (a users column) move into the column index, so a search
 * with them no longer takes the SQL path (0.3–0.8 s at a million profiles). Their changes must reach the index's change
 * log as the directory's groups do (0130): the trait trigger's list grows by these groups, and a change of
 * users.business_kind appends the user too.
 */
export const SEARCH_FILTER_LOGGED_TRAIT_GROUPS = ["breast_type", "hair_color", "hair_length", "languages"] as const;
/** Every trait group whose changes the log follows after this migration. */
export const LOGGED_TRAIT_GROUPS = [...DIRECTORY_LOGGED_TRAIT_GROUPS, ...SEARCH_FILTER_LOGGED_TRAIT_GROUPS] as const;

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    if (dialect === "postgres") {
      // The trigger of 0130 calls this function: replacing its body widens the list.
      await sql.raw(traitChangeFunctionSql(LOGGED_TRAIT_GROUPS, "CREATE OR REPLACE")).execute(db);
      await sql`CREATE FUNCTION search_profile_changes_on_business_kind() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO search_profile_changes (user_id) VALUES (NEW.id); RETURN NULL; END $$`.execute(db);
      await sql`CREATE TRIGGER search_profile_changes_business_kind AFTER UPDATE OF business_kind ON users
        FOR EACH ROW WHEN (OLD.business_kind IS DISTINCT FROM NEW.business_kind)
        EXECUTE FUNCTION search_profile_changes_on_business_kind()`.execute(db);
      return;
    }
    await dropTraitChangeTriggers(dialect, db);
    await createTraitChangeTriggers(dialect, db);
    await sql
      .raw(
        `CREATE TRIGGER search_profile_changes_business_kind AFTER UPDATE OF business_kind ON users FOR EACH ROW
         WHEN OLD.business_kind IS NOT NEW.business_kind
         BEGIN INSERT INTO search_profile_changes (user_id) VALUES (NEW.id); END`,
      )
      .execute(db);
  };
}

/**
 * The trait triggers with this migration's groups, for a seed that drops them while it loads (ADR 170). PostgreSQL:
 * 0130's triggers call the function whose body up() replaced; SQLite: the groups are written into each trigger's body.
 */
export function createTraitChangeTriggers(dialect: Dialect, db: Kysely<unknown>) {
  return createDirectoryTraitChangeTriggers(dialect, db, LOGGED_TRAIT_GROUPS);
}

/** Drops what createTraitChangeTriggers made (the same names as 0130's). */
export const dropTraitChangeTriggers = dropDirectoryTraitChangeTriggers;
