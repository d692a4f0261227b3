/**
 * The one block rule (issue 8 item 3): two members separated by a block, in either direction, do not see
 * each other. Written once, as the condition on a `blocks` row, and used by profile pages, search, the
 * directory, media access and every feature to come.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { ApiDeps } from "../../api/types";
import type { Database } from "../../db/schema";

/** A `blocks` row that separates `viewerId` and `other` (an id, or a reference to the other member's id). */
function blockBetween(b: ExpressionBuilder<Database, "blocks">, viewerId: number, other: Expression<number> | number): Expression<SqlBool> {
  return b.or([
    b.and([b("blocks.blocker_id", "=", viewerId), b("blocks.blocked_id", "=", other)]),
    b.and([b("blocks.blocker_id", "=", other), b("blocks.blocked_id", "=", viewerId)]),
  ]);
}

/**
 * No block between the viewer and the member of the row: `users.id` (pages, the directory) or
 * `search_profiles.user_id` (search).
 */
export function notBlockedWith<TB extends keyof Database & string>(
  eb: ExpressionBuilder<Database, TB>,
  viewerId: number,
  ownerColumn: "users.id" | "search_profiles.user_id" = "users.id",
): Expression<SqlBool> {
  const owner = sql.ref<number>(ownerColumn);
  return eb.not(
    eb.exists(
      eb
        .selectFrom("blocks")
        .select(sql<number>`1`.as("one"))
        // Inside the subquery only `blocks` matters; the outer row is reached through `owner`.
        .where((b) => blockBetween(b as unknown as ExpressionBuilder<Database, "blocks">, viewerId, owner)),
    ),
  );
}

/** Whether two members are separated by a block (either direction). */
export async function isBlockedBetween(deps: ApiDeps, a: number, b: number): Promise<boolean> {
  const row = await deps.db
    .selectFrom("blocks")
    .select("blocker_id")
    .where((eb) => blockBetween(eb, a, b))
    .executeTakeFirst();
  return row !== undefined;
}
