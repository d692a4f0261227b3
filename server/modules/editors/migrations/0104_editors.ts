import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 30 items 5 and 6 (ADRs 120, 121): the back office's editors and the escorts' shared warning list.
 * - page_versions: info and legal pages edited in the back office, per language, numbered; the files on disk stay
 *   the seed and the fallback.
 * - landing_page_texts: the title, meta description and intro of an lp/{shortUrl} page per language.
 * - announcements: a title per language, an audience, and who ended it when.
 * - warning_flags: a client several verified escorts reported for violence or non-payment, once the team confirmed
 *   it, keyed by an HMAC of the account id so the list itself names nobody.
 * - warning_objections: the flagged member's objection (GDPR Art. 21), decided by backend staff.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("page_versions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("section", "text", (col) => col.notNull())
      .addColumn("page_key", "text", (col) => col.notNull())
      .addColumn("language", "text", (col) => col.notNull())
      .addColumn("version", "integer", (col) => col.notNull())
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("description", "text", (col) => col.notNull())
      .addColumn("markdown", "text", (col) => col.notNull())
      .addColumn("reason", "text", (col) => col.notNull())
      // Staff, not a foreign key (as in the audit trail): a version outlives its author's account.
      .addColumn("author_id", "integer")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("published_at", "bigint")
      .execute();
    await db.schema
      .createIndex("page_versions_page")
      .on("page_versions")
      .columns(["section", "page_key", "language", "version"])
      .unique()
      .execute();

    await db.schema
      .createTable("landing_page_texts")
      .addColumn("landing_page_id", "integer", (col) => col.notNull().references("landing_pages.id").onDelete("cascade"))
      .addColumn("language", "text", (col) => col.notNull())
      .addColumn("title", "text", (col) => col.notNull())
      .addColumn("description", "text", (col) => col.notNull())
      .addColumn("intro", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("landing_page_texts_pk", ["landing_page_id", "language"])
      .execute();

    for (const column of ["title_de", "title_en", "title_es", "title_pl"])
      await db.schema.alterTable("announcements").addColumn(column, "text").execute();
    await db.schema
      .alterTable("announcements")
      .addColumn("audience", "text", (col) => col.notNull().defaultTo("all"))
      .execute();
    await db.schema.alterTable("announcements").addColumn("updated_at", "bigint").execute();
    await db.schema.alterTable("announcements").addColumn("ended_by", "integer").execute();

    await db.schema
      .createTable("warning_flags")
      .addColumn("id", "integer", idColumn(dialect))
      // HMAC-SHA-256 of the client's account id under a server secret (ADR 121): no user id is stored here.
      .addColumn("subject_hash", "text", (col) => col.notNull().unique())
      .addColumn("state", "text", (col) => col.notNull())
      .addColumn("reporters", "integer", (col) => col.notNull())
      .addColumn("decided_by", "integer")
      .addColumn("decided_at", "bigint", (col) => col.notNull())
      .addColumn("lifted_at", "bigint")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();

    await db.schema
      .createTable("warning_objections")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("flag_id", "integer", (col) => col.notNull().references("warning_flags.id").onDelete("cascade"))
      // References users: the demo seed's reset finds the table through it.
      .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("text", "text", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("outcome", "text")
      .addColumn("decided_by", "integer")
      .addColumn("decided_at", "bigint")
      .execute();
    await db.schema.createIndex("warning_objections_open").on("warning_objections").columns(["decided_at", "id"]).execute();
  };
}
