import { sql, type Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 9 item 20 (ADR 023): consents given apart from the terms, with
 * their time. A row per grant; withdrawing sets withdrawn_at (the history
 * shows when a consent stood, GDPR Art. 7(1)). The active consent of a
 * purpose is its row without withdrawn_at.
 *
 * Ethnicity (race_type) and sexual orientation (sexuality) were required
 * registration answers without such a consent: none of what was stored
 * rests on one, so it is deleted here. The search_profiles triggers
 * (migration 0011) recompute every affected row on the deletes.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("consents")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("granted_at", "bigint", (c) => c.notNull())
      .addColumn("withdrawn_at", "bigint")
      .execute();
    await db.schema.createIndex("consents_user_purpose").on("consents").columns(["user_id", "purpose", "withdrawn_at"]).execute();
    await sql`DELETE FROM profile_traits WHERE group_key IN ('race_type', 'sexuality')`.execute(db);
  };
}
