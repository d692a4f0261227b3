import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 32 item 7 (ADR 136): the translation keys browsers reported missing, one row per language, namespace and key
 * (reports of the same key count up), until staff mark them fixed. Times epoch ms.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("missing_translation_keys")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("language", "text", (c) => c.notNull())
      .addColumn("namespace", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("count", "integer", (c) => c.notNull())
      .addColumn("first_seen_at", "bigint", (c) => c.notNull())
      .addColumn("last_seen_at", "bigint", (c) => c.notNull())
      .addColumn("fixed_at", "bigint")
      .addColumn("fixed_by", "integer")
      .addUniqueConstraint("missing_translation_keys_once", ["language", "namespace", "key"])
      .execute();
  };
}
