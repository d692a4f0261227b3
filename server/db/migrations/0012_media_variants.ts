import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 9 items 5 and 15 (ADRs 017, 018):
 * - public_id: a random key per media row. Files are served as /media/{public_id}/…, never
 *   by the sequential id, so media URLs cannot be enumerated. Existing rows get one here.
 * - variant_widths: the widths the row's variants were stored at ("160,320,600"), each in
 *   AVIF, WebP and JPEG under `${storage_key}/${width}.${ext}`; NULL for rows stored before
 *   variants existed (their storage_key is still the one file).
 * - storage_key is no longer unique: demo rows share the rendered variants of the seed's
 *   photo pool instead of copying them per row (files are deleted when no row uses them).
 * SQLite cannot drop a column's UNIQUE constraint, so it rebuilds the table (nothing
 * references media, and no trigger sits on it).
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    if (dialect === "postgres") {
      await sql`ALTER TABLE media DROP CONSTRAINT media_storage_key_key`.execute(db);
      // gen_random_uuid() is built in since PostgreSQL 13; a volatile default gives every existing row its own value.
      await sql`ALTER TABLE media ADD COLUMN public_id text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '')`.execute(db);
      await sql`ALTER TABLE media ADD COLUMN variant_widths text`.execute(db);
    } else {
      await sql`CREATE TABLE media_new (
        id integer PRIMARY KEY AUTOINCREMENT,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL,
        visibility text NOT NULL,
        status integer NOT NULL,
        storage_key text NOT NULL,
        mime_type text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        bytes integer NOT NULL,
        position integer NOT NULL,
        is_avatar integer NOT NULL DEFAULT 0,
        created_at bigint NOT NULL,
        public_id text NOT NULL DEFAULT (lower(hex(randomblob(16)))),
        variant_widths text
      )`.execute(db);
      await sql`INSERT INTO media_new (id, user_id, kind, visibility, status, storage_key, mime_type, width, height, bytes, position, is_avatar, created_at)
        SELECT id, user_id, kind, visibility, status, storage_key, mime_type, width, height, bytes, position, is_avatar, created_at FROM media`.execute(
        db,
      );
      await sql`DROP TABLE media`.execute(db);
      await sql`ALTER TABLE media_new RENAME TO media`.execute(db);
      await db.schema.createIndex("media_user").on("media").columns(["user_id", "position"]).execute();
    }
    await db.schema.createIndex("media_public_id").on("media").column("public_id").unique().execute();
    await db.schema.createIndex("media_storage_key").on("media").column("storage_key").execute();
  };
}
