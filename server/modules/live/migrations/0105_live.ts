import { sql, type Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 31 (ADRs 124–126): live streams, their stream keys, watch subscriptions, paid access, the chat with its
 * sanctions, recordings and staff suspensions of live access. Times epoch ms; amounts whole dollars. Vocabulary in
 * contract/live.ts.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("live_streams")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("creator_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("title", "text", (col) => col.notNull())
      // contract/live LIVE_CATEGORIES, LIVE_AUDIENCES, LIVE_INGESTS, LIVE_STATES, LIVE_END_REASONS.
      .addColumn("category", "text", (col) => col.notNull())
      .addColumn("audience", "text", (col) => col.notNull())
      // Whole dollars; set only for audience `paid`.
      .addColumn("price", "integer")
      .addColumn("ingest", "text", (col) => col.notNull())
      .addColumn("state", "text", (col) => col.notNull())
      .addColumn("end_reason", "text")
      // Whether a recording is kept when it ends (issue 31 item 4).
      .addColumn("record", "integer", (col) => col.notNull().defaultTo(0))
      // The creator's city when the stream was created: the browse filter by city.
      .addColumn("city_id", "integer")
      .addColumn("scheduled_at", "bigint")
      .addColumn("started_at", "bigint")
      .addColumn("ended_at", "bigint")
      // The media layer's last sign of the producer (packets or a heartbeat): LIVE_PRODUCER_GRACE_MS after it, the stream ends.
      .addColumn("producer_seen_at", "bigint")
      // Viewers now (written by the media layer, summed over instances) and the most at once.
      .addColumn("viewers", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("peak_viewers", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("updated_at", "bigint", (col) => col.notNull())
      .execute();
    // One live stream per creator at a time: the unique index decides a race between two starts on both databases.
    await sql`CREATE UNIQUE INDEX live_streams_one_live ON live_streams (creator_id) WHERE state = 'live'`.execute(db);
    await sql`CREATE INDEX live_streams_browse ON live_streams (state, viewers, id)`.execute(db);
    await db.schema.createIndex("live_streams_creator").on("live_streams").columns(["creator_id", "id"]).execute();

    await db.schema
      .createTable("live_stream_keys")
      .addColumn("creator_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
      // SHA-256 (hex) of the key: the key itself is shown once and never stored.
      .addColumn("key_hash", "text", (col) => col.notNull())
      // The key's first characters, so the creator can tell which key a tool holds.
      .addColumn("key_hint", "text", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("live_stream_keys_hash").on("live_stream_keys").columns(["key_hash"]).unique().execute();

    await db.schema
      .createTable("live_watch_subscriptions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("creator_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("live_watch_subscriptions_pair")
      .on("live_watch_subscriptions")
      .columns(["member_id", "creator_id"])
      .unique()
      .execute();
    await db.schema.createIndex("live_watch_subscriptions_creator").on("live_watch_subscriptions").columns(["creator_id"]).execute();

    await db.schema
      .createTable("live_stream_access")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("stream_id", "integer", (col) => col.notNull().references("live_streams.id").onDelete("cascade"))
      .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      // The ledger operation that paid (ledger_operations.id); the price paid in whole dollars.
      .addColumn("operation_id", "integer", (col) => col.notNull())
      .addColumn("price", "integer", (col) => col.notNull())
      .addColumn("paid_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema.createIndex("live_stream_access_pair").on("live_stream_access").columns(["stream_id", "member_id"]).unique().execute();
    await db.schema.createIndex("live_stream_access_member").on("live_stream_access").columns(["member_id"]).execute();

    await db.schema
      .createTable("live_chat_messages")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("stream_id", "integer", (col) => col.notNull().references("live_streams.id").onDelete("cascade"))
      // Null for the room's own lines (kind `system`).
      .addColumn("author_id", "integer", (col) => col.references("users.id").onDelete("cascade"))
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("body", "text", (col) => col.notNull())
      // A tip's whole dollars and whether the tipper chose to stay anonymous in the chat.
      .addColumn("tip_amount", "integer")
      .addColumn("anonymous", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (col) => col.notNull())
      // Removed by the creator or staff: kept for reports and appeals, never shown.
      .addColumn("removed_at", "bigint")
      .addColumn("removed_by", "integer")
      .execute();
    await db.schema.createIndex("live_chat_messages_stream").on("live_chat_messages").columns(["stream_id", "id"]).execute();
    await db.schema.createIndex("live_chat_messages_author").on("live_chat_messages").columns(["author_id"]).execute();

    await db.schema
      .createTable("live_viewer_sanctions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("stream_id", "integer", (col) => col.notNull().references("live_streams.id").onDelete("cascade"))
      .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      // contract/live LIVE_VIEWER_SANCTIONS; the stronger one replaces the weaker.
      .addColumn("sanction", "text", (col) => col.notNull())
      // Not a foreign key: an erased staff account must not take the sanction with it.
      .addColumn("by_id", "integer", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex("live_viewer_sanctions_pair")
      .on("live_viewer_sanctions")
      .columns(["stream_id", "member_id"])
      .unique()
      .execute();

    await db.schema
      .createTable("live_recordings")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("stream_id", "integer", (col) => col.notNull().references("live_streams.id").onDelete("cascade"))
      .addColumn("creator_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      // contract/live RECORDING_STATES and RECORDING_VISIBILITIES.
      .addColumn("state", "text", (col) => col.notNull())
      .addColumn("visibility", "text", (col) => col.notNull())
      // Priced in whole dollars, or for the creator's fans, like other media (null and 0: neither).
      .addColumn("price", "integer")
      .addColumn("fans_only", "integer", (col) => col.notNull().defaultTo(0))
      // The storage port's key prefix under which every file of the recording lies (deleted together).
      .addColumn("storage_prefix", "text")
      .addColumn("duration_ms", "integer")
      .addColumn("size_bytes", "bigint")
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("ready_at", "bigint")
      .addColumn("deleted_at", "bigint")
      .execute();
    await db.schema.createIndex("live_recordings_stream").on("live_recordings").columns(["stream_id"]).unique().execute();
    await db.schema.createIndex("live_recordings_creator").on("live_recordings").columns(["creator_id", "id"]).execute();

    await db.schema
      .createTable("live_suspensions")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
      // Null: until staff lift it.
      .addColumn("until", "bigint")
      .addColumn("reason", "text", (col) => col.notNull())
      .addColumn("by_id", "integer", (col) => col.notNull())
      .addColumn("created_at", "bigint", (col) => col.notNull())
      .addColumn("lifted_at", "bigint")
      .execute();
    await db.schema.createIndex("live_suspensions_member").on("live_suspensions").columns(["member_id", "created_at"]).execute();
  };
}
