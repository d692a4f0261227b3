/**
 * The one block rule (issue 8 item 3): two members separated by a block, in either direction, do not see
 * each other. Written once, as the condition on a `blocks` row, in the forms its callers need: a filter on the
 * member of a row (profile pages, search, the directory, notifications), a yes/no for one pair, the relation
 * per member for a batch (the messenger's conversation list, the websocket's presence watch), and the one-way
 * expression a larger statement selects (the messenger's pair read).
 */
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { ApiDeps } from "../../api/types";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";

/** A `blocks` row that separates `viewerId` and `other`: an id, a reference to the other member's id, or a batch of ids. */
function blockBetween(
  b: ExpressionBuilder<Database, "blocks">,
  viewerId: number,
  other: Expression<number> | number | readonly number[],
): Expression<SqlBool> {
  const otherIs = (column: "blocks.blocker_id" | "blocks.blocked_id") =>
    Array.isArray(other) ? b(column, "in", other as readonly number[]) : b(column, "=", other as Expression<number> | number);
  return b.or([
    b.and([b("blocks.blocker_id", "=", viewerId), otherIs("blocks.blocked_id")]),
    b.and([otherIs("blocks.blocker_id"), b("blocks.blocked_id", "=", viewerId)]),
  ]);
}

/**
 * No block between the viewer and the member of the row: `users.id` (pages, the directory),
 * `search_profiles.user_id` (search), or an event's organizer and a post's author (issue 29's lists).
 */
export function notBlockedWith<TB extends keyof Database & string>(
  eb: ExpressionBuilder<Database, TB>,
  viewerId: number,
  ownerColumn: "users.id" | "search_profiles.user_id" | "events.organizer_id" | "blogs.author_id" = "users.id",
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

/** Who blocked whom between a viewer and one other member: `mine` the viewer blocked them, `theirs` they blocked the viewer. */
export interface BlockRelation {
  mine: boolean;
  theirs: boolean;
}

/** The block relation between the viewer and each of `others`, in one read; a member without a block in either direction is absent. */
export async function blockRelations(db: DB, viewerId: number, others: readonly number[]): Promise<Map<number, BlockRelation>> {
  const result = new Map<number, BlockRelation>();
  if (others.length === 0) return result;
  const rows = await db
    .selectFrom("blocks")
    .select(["blocker_id", "blocked_id"])
    .where((eb) => blockBetween(eb, viewerId, others))
    .execute();
  for (const row of rows) {
    const mine = row.blocker_id === viewerId;
    const other = mine ? row.blocked_id : row.blocker_id;
    const entry = result.get(other) ?? { mine: false, theirs: false };
    if (mine) entry.mine = true;
    else entry.theirs = true;
    result.set(other, entry);
  }
  return result;
}

/**
 * Whether `blockerId` has blocked `blockedId` (one direction), as a column for a larger statement's select list, so
 * that a caller reading a pair in ONE statement (messenger/pair.ts, ADR 048) need not spend a round trip on blocks.
 */
export function hasBlocked(blockerId: number, blockedId: number): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId})`;
}
