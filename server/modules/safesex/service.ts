/**
 * The safer-sex status (spec section 7 "safesex", ADR 039): the owner's own statement, stored in
 * profiles.safe_sex_status. The search_profiles triggers copy it (the column is one the row depends on,
 * migration 0011), so search's "only show" flag `safe_sex_status` follows at once.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { SAFESEX_PROVIDERS_ONLY, safeSexSettableBy, type SafeSexInput, type SafeSexState } from "../../contract/safesex";

async function ownRow(deps: ApiDeps, userId: number) {
  const row = await deps.db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.user_type", "profiles.user_id as profile_id", "profiles.safe_sex_status"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row) throw fail.unauthorized();
  return row;
}

export async function safeSexState(deps: ApiDeps, userId: number): Promise<SafeSexState> {
  const row = await ownRow(deps, userId);
  return { safe_sex: row.safe_sex_status === 1, can_set: safeSexSettableBy(row.user_type) && row.profile_id !== null };
}

/** Only escorts and businesses state it (a client offers nothing); a member without a profile has nothing to mark. */
export async function saveSafeSex(deps: ApiDeps, userId: number, input: SafeSexInput): Promise<SafeSexState> {
  const row = await ownRow(deps, userId);
  if (!safeSexSettableBy(row.user_type) || row.profile_id === null) throw fail.forbidden(SAFESEX_PROVIDERS_ONLY);
  await deps.db
    .updateTable("profiles")
    .set({ safe_sex_status: input.safe_sex ? 1 : 0, updated_at: deps.clock.now() })
    .where("user_id", "=", userId)
    .execute();
  return safeSexState(deps, userId);
}
