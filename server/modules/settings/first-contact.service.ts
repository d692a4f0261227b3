/**
 * Who may open a first contact with a member (issue 10; applied by the messenger's contact rules in issue
 * 12). Until a member saves a filter, everyone may write.
 */
import type { ApiDeps } from "../../api/types";
import type { FirstContactFilter, FirstContactFilterInput, FirstContactUserType } from "../../contract/settings";

const list = (text: string): string[] => (text ? text.split(",") : []);

export const OPEN_FILTER: FirstContactFilter = {
  age_min: null,
  age_max: null,
  genders: [],
  user_types: [],
  countries: [],
  members_only: false,
  verified_only: false,
};

export async function firstContactFilter(deps: ApiDeps, userId: number): Promise<FirstContactFilter> {
  const row = await deps.db.selectFrom("first_contact_filters").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) return OPEN_FILTER;
  return {
    age_min: row.age_min,
    age_max: row.age_max,
    genders: list(row.genders).map(Number),
    user_types: list(row.user_types) as FirstContactUserType[],
    countries: list(row.countries),
    members_only: row.members_only === 1,
    verified_only: row.verified_only === 1,
  };
}

export async function saveFirstContactFilter(deps: ApiDeps, userId: number, input: FirstContactFilterInput): Promise<FirstContactFilter> {
  const values = {
    age_min: input.age_min ?? null,
    age_max: input.age_max ?? null,
    genders: [...new Set(input.genders)].sort((a, b) => a - b).join(","),
    user_types: [...new Set(input.user_types)].join(","),
    countries: [...new Set(input.countries)].sort().join(","),
    members_only: input.members_only ? 1 : 0,
    verified_only: input.verified_only ? 1 : 0,
    updated_at: deps.clock.now(),
  };
  await deps.db
    .insertInto("first_contact_filters")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  return firstContactFilter(deps, userId);
}
