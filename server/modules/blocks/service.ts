/**
 * The member's own block list (spec section 7 "block"). Blocking takes effect everywhere at once: the
 * access kernel's one rule (access/blocks.ts) keeps both members out of each other's search, profiles,
 * directory and media, and the messenger and dates will ask the same rule.
 */
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { BLOCK_LIST_LIMIT, type BlockList } from "../../contract/blocks";
import { lockMembersForLimits } from "../../db/locks";

export async function blockList(deps: ApiDeps, userId: number): Promise<BlockList> {
  const rows = await deps.db
    .selectFrom("blocks")
    .innerJoin("users", "users.id", "blocks.blocked_id")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.username", "profiles.display_name", "blocks.created_at"])
    .where("blocks.blocker_id", "=", userId)
    .orderBy("blocks.created_at", "desc")
    .orderBy("users.username")
    .execute();
  return {
    items: rows.map((row) => ({ username: row.username, display_name: row.display_name ?? row.username, blocked_at: row.created_at })),
    total: rows.length,
    limit: BLOCK_LIST_LIMIT,
  };
}

/** The member a username names, if they can be blocked (anyone with an account but oneself). */
async function target(deps: ApiDeps, username: string): Promise<{ id: number }> {
  const row = await deps.db
    .selectFrom("users")
    .select("id")
    .where("username_key", "=", username.toLowerCase())
    // Members who use their account (also paused or deactivated ones a member met before); banned,
    // deleted and unclaimed accounts answer like unknown names, so the form reveals nothing about them.
    .where("status", "in", ["active", "paused", "deactivated"])
    .executeTakeFirst();
  if (!row) throw fail.notFound("exception.block.user_not_found");
  return row;
}

/** Blocks a member (again: nothing changes); 400 for oneself, 409 at the limit of 500. */
export async function blockMember(deps: ApiDeps, userId: number, username: string): Promise<BlockList> {
  const other = await target(deps, username);
  if (other.id === userId) throw fail.badRequest("exception.block.self", "username");
  await deps.db.transaction().execute(async (trx) => {
    // Parallel blocks by one member wait here, so the count below includes theirs (ADR 058).
    await lockMembersForLimits(trx, deps.dialect, "blocks", [userId]);
    const existing = await trx
      .selectFrom("blocks")
      .select("blocked_id")
      .where("blocker_id", "=", userId)
      .where("blocked_id", "=", other.id)
      .executeTakeFirst();
    if (existing) return;
    const count = await trx
      .selectFrom("blocks")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("blocker_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= BLOCK_LIST_LIMIT) {
      throw new ApiError(409, [errorItem(409, "exception.block.limit_reached", "username", { max: BLOCK_LIST_LIMIT })]);
    }
    // A double submit may have won the race since the check above: nothing to add then.
    await trx
      .insertInto("blocks")
      .values({ blocker_id: userId, blocked_id: other.id, created_at: deps.clock.now() })
      .onConflict((oc) => oc.columns(["blocker_id", "blocked_id"]).doNothing())
      .execute();
  });
  return blockList(deps, userId);
}

/** Lifts the member's own block (a block the other member set stays). */
export async function unblockMember(deps: ApiDeps, userId: number, username: string): Promise<BlockList> {
  const other = await target(deps, username);
  await deps.db.deleteFrom("blocks").where("blocker_id", "=", userId).where("blocked_id", "=", other.id).execute();
  return blockList(deps, userId);
}
