/**
 * The staff claims' check on the decide routes (issue 30 item 5, ADR 119): a route that declares `claim` refuses a
 * decision on an item another staff member holds a live claim on (409 exception.backoffice.claimed_by_other, naming
 * who and until when), and a successful decision gives the item's claim back. It lives beside the router, which
 * runs it before the handler, so no decide service needs to know about claims.
 */
import { CLAIM_MS, QUEUE_ERRORS } from "../contract/queues";
import { ApiError, errorItem } from "./errors";
import type { ApiDeps } from "./types";

/**
 * A decide route's claim: the claim scope its items belong to and the path parameter that names the item. A `:name`
 * in the scope takes that path parameter's value ("reviews.:kind" on /backoffice/reviews/:kind/:id/decide).
 */
export interface RouteClaim {
  queue: string;
  param: string;
}

/** The claim scope of one call: the route's scope with its `:name` parts filled from the path. */
export function claimScopeOf(claim: RouteClaim, param: (name: string) => string | undefined): string {
  return claim.queue.replace(/:([a-z_]+)/g, (_, name: string) => param(name) ?? "");
}

/** 409 exception.backoffice.claimed_by_other with the holder's name and the claim's end (params and top-level fields). */
export function claimedByOther(holder: { username: string; expires_at: number | string }): ApiError {
  const until = Number(holder.expires_at);
  return new ApiError(409, [errorItem(409, QUEUE_ERRORS.claimedByOther, undefined, { name: holder.username, until })], {
    claimed_by: holder.username,
    claimed_until: until,
  });
}

/** Refuses when another staff member holds a live claim on the item; the caller's own claim is renewed (activity). */
export async function assertNotClaimedByOther(
  deps: Pick<ApiDeps, "db" | "clock">,
  userId: number,
  scope: string,
  itemId: number,
): Promise<void> {
  const now = deps.clock.now();
  const holder = await deps.db
    .selectFrom("staff_claims")
    .innerJoin("users", "users.id", "staff_claims.staff_id")
    .select(["staff_claims.staff_id", "staff_claims.expires_at", "users.username"])
    .where("staff_claims.queue", "=", scope)
    .where("staff_claims.item_id", "=", itemId)
    .where("staff_claims.expires_at", ">", now)
    .executeTakeFirst();
  if (!holder) return;
  if (holder.staff_id !== userId) throw claimedByOther(holder);
  await deps.db
    .updateTable("staff_claims")
    .set({ expires_at: now + CLAIM_MS })
    .where("queue", "=", scope)
    .where("item_id", "=", itemId)
    .where("staff_id", "=", userId)
    .execute();
}

/** After a decision: the item is decided, its claim (the decider's, or an expired one) holds nothing more. */
export async function releaseDecidedClaim(deps: Pick<ApiDeps, "db">, scope: string, itemId: number): Promise<void> {
  await deps.db.deleteFrom("staff_claims").where("queue", "=", scope).where("item_id", "=", itemId).execute();
}
