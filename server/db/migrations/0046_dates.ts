import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 13 (date requests, ADR 046). One row per date request with the spec's status codes (contract/dates);
 * `open_pair_key` ("low:high") is set while the request waits for an answer and cleared when it is accepted,
 * rejected, cancelled or expires: the unique index makes "one open request per pair" hold under parallel posts on
 * both databases (NULLs never collide). `awaiting_id` is the member who must answer now. `version` grows on every
 * change so an answer only lands on the state it was given for (a conditional UPDATE). `expired_at` marks the
 * requests the expiry job cancelled (status -3 with a system_cancel event); `cancelled_by` the member who cancelled.
 * date_events is the timeline (request, accept, …, and the reviews another module appends). The safety check-in
 * lives apart in date_checkins, so no read of a date can carry the trusted contact to the client by mistake.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("dates")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("sender_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("receiver_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("open_pair_key", "text", (c) => c.unique())
      .addColumn("status", "integer", (c) => c.notNull())
      .addColumn("awaiting_id", "integer")
      .addColumn("starts_at", "bigint", (c) => c.notNull())
      .addColumn("duration_minutes", "integer", (c) => c.notNull())
      .addColumn("place_type", "text", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("price", "integer", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull().defaultTo("EUR"))
      .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("expired_at", "bigint")
      .addColumn("cancelled_by", "integer")
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("dates_sender").on("dates").columns(["sender_id", "starts_at"]).execute();
    await db.schema.createIndex("dates_receiver").on("dates").columns(["receiver_id", "starts_at"]).execute();
    await db.schema.createIndex("dates_sender_created").on("dates").columns(["sender_id", "created_at"]).execute();
    await db.schema
      .createTable("date_events")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("date_id", "integer", (c) => c.notNull().references("dates.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("actor_id", "integer")
      .addColumn("payload", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("date_events_date").on("date_events").columns(["date_id", "id"]).execute();
    await db.schema
      .createTable("date_checkins")
      .addColumn("date_id", "integer", (c) => c.primaryKey().references("dates.id").onDelete("cascade"))
      .addColumn("escort_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("due_at", "bigint", (c) => c.notNull())
      .addColumn("contact_kind", "text", (c) => c.notNull())
      .addColumn("contact", "text", (c) => c.notNull())
      .addColumn("checked_in_at", "bigint")
      .addColumn("alerted_at", "bigint")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .execute();
  };
}
