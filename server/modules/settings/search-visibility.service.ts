/**
 * user/search_visibility (issue 10, ADR 028): whether the member's profile is listed in search, the
 * directory, nearby, autocomplete and the sitemaps (its page stays reachable by its address), and invisible
 * browsing for plus members (spec section 6). Only a running plus membership may switch it on; the visitors
 * list (issue 11) must leave out visits of a member with invisible_browsing = 1 while their plus runs.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { INVISIBLE_BROWSING_PLUS_ONLY, type SearchVisibility, type SearchVisibilityInput } from "../../contract/settings";
import { entitlementsOf } from "../access/index";

async function stateOf(deps: ApiDeps, userId: number) {
  const row = await deps.db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.user_type", "users.is_member", "users.member_until", "users.invisible_browsing", "profiles.search_hidden"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row) throw fail.unauthorized();
  return { row, entitlements: entitlementsOf(row, deps.clock.now()) };
}

export async function searchVisibility(deps: ApiDeps, userId: number): Promise<SearchVisibility> {
  const { row, entitlements } = await stateOf(deps, userId);
  return { hidden_in_search: row.search_hidden === 1, invisible_browsing: row.invisible_browsing === 1, plus_member: entitlements.plus };
}

export async function saveSearchVisibility(deps: ApiDeps, userId: number, input: SearchVisibilityInput): Promise<SearchVisibility> {
  const { row, entitlements } = await stateOf(deps, userId);
  // Switching it on is the plus benefit; a stored "on" whose membership lapsed may still be switched off.
  if (input.invisible_browsing && !entitlements.may("invisible_browsing") && row.invisible_browsing !== 1)
    throw fail.forbidden(INVISIBLE_BROWSING_PLUS_ONLY);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ invisible_browsing: input.invisible_browsing ? 1 : 0, updated_at: now })
      .where("id", "=", userId)
      .execute();
    // The search_profiles triggers drop or restore the row (migration 0023).
    await trx
      .updateTable("profiles")
      .set({ search_hidden: input.hidden_in_search ? 1 : 0, updated_at: now })
      .where("user_id", "=", userId)
      .execute();
  });
  return searchVisibility(deps, userId);
}
