import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 12's scale bar (ADR 048): a send's idempotency key. The live client retries a send up to five times and an
 * answer can be lost after the commit; the key it makes per message is stored with the message, unique per sender,
 * so a retry finds the stored message instead of writing a second copy. A partial index: messages without a key
 * (older ones, no thanks) take no room in it. Both dialects add a nullable column in place (no table rebuild).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("messenger_messages").addColumn("client_key", "text").execute();
    await db.schema
      .createIndex("messenger_messages_client_key")
      .on("messenger_messages")
      .columns(["sender_id", "client_key"])
      .unique()
      .where(sql.ref("client_key"), "is not", null)
      .execute();
  };
}
