import type { Kysely } from "kysely";
import { type Dialect, idColumn } from "../dialect";

/**
 * Issue 11 item 3 (friend links, ADR 037): one row per pair of members, whichever asked. `pair_key` ("low:high"
 * ids) is unique, so two requests at once, or both members asking each other at once, make one link. The keys are
 * the request's capabilities (contract/friends): set while it is pending, cleared when it is answered. Rejected and
 * cancelled rows stay only to time the cool-down before the same sender may ask again.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("friend_links")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("sender_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("receiver_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("pair_key", "text", (c) => c.notNull().unique())
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("accept_key", "text")
      .addColumn("deny_key", "text")
      .addColumn("requested_at", "bigint", (c) => c.notNull())
      .addColumn("answered_at", "bigint")
      .execute();
    await db.schema.createIndex("friend_links_sender").on("friend_links").columns(["sender_id", "status"]).execute();
    await db.schema.createIndex("friend_links_receiver").on("friend_links").columns(["receiver_id", "status"]).execute();
  };
}
