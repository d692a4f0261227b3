import type { ColumnStore } from "#server/modules/search/column-index";

export type StoreRow = Parameters<ColumnStore["upsert"]>[0];

/** A search_profiles row for the column store alone: the columns given, every other one plain (in Berlin, no filter's value). */
export function plainStoreRow(columns: Pick<StoreRow, "user_id" | "user_type"> & Partial<StoreRow>): StoreRow {
  return {
    gender: 2,
    birth_ymd: 19_990_101,
    lat: null,
    lon: null,
    country_code: "DE",
    region_code: "16",
    city_id: 2950159,
    members_only: 0,
    created_at: 0,
    last_login_at: null,
    is_member: 0,
    member_until: null,
    verified: 0,
    is_hot: 0,
    review_count: 0,
    rating_avg: null,
    rise_up_until: null,
    available_now_until: null,
    safe_sex_status: 0,
    is_smoker: null,
    height_cm: null,
    weight_kg: null,
    price_hour: null,
    figure_type: null,
    race_type: null,
    cup_size: null,
    has_piercing: 0,
    has_tattoo: 0,
    favorite_count: 0,
    visit_count: 0,
    ...columns,
  } as StoreRow;
}
