/**
 * Favorites and visitors (spec section 3 "User search (favorites, visitors)", section 6, section 9; issue 11,
 * ADR 036): who keeps whom and who looked at whom, listed as tiles with the user-search filters and facets.
 *
 * Both lists share one query (the filters of section 3) and one answer shape; their types:
 * favorites 1 = whom I keep, 2 = who keeps me; visitors 1 = who looked at me, 2 = whom I looked at.
 */
import * as v from "valibot";
import type { MediaImage } from "./media";
import type { ProfileIdentity } from "./profiles";
import { MAX_ROW_ID } from "./row-id";
import { ONLY_SHOW_TYPES, type OnlyShowType } from "./search-basics";
import { GENDER_VALUES, SELECTABLE_USER_TYPES } from "./users";

export const FAVORITE_TYPE = { favorite: 1, been_favored: 2 } as const;
export const VISITOR_TYPE = { been_visited: 1, visited: 2 } as const;
export type FavoriteType = (typeof FAVORITE_TYPE)[keyof typeof FAVORITE_TYPE];
export type VisitorType = (typeof VISITOR_TYPE)[keyof typeof VISITOR_TYPE];

/** Which list is the member's own doing (free for everyone) and which shows others (a plus benefit, section 6). */
export function isOwnList(group: "favorites" | "visitors", type: number): boolean {
  return group === "favorites" ? type === FAVORITE_TYPE.favorite : type === VISITOR_TYPE.visited;
}

/** Spec section 9: favorites tile 12, visitors tile 12. */
export const USER_LIST_PAGE_SIZE = 12;
/** The overview (favorite_visitor) shows a few of each list; the API takes any page size up to this. */
export const USER_LIST_PAGE_SIZE_MAX = 48;
/** Pages beyond this answer 400: nobody pages that far, and a bound keeps OFFSET cheap. */
export const USER_LIST_PAGE_MAX = 100;
/** Lazy loading with JavaScript (section 9): in ./creators, which has no schemas (the gallery's access form reads it). */
export { LAZY_LOAD_THRESHOLD } from "./creators";

/**
 * How many profiles a member may keep (the spec is silent; ADR 036): a list people page through, not a
 * database. Like the block list (500), a bound that no honest use reaches.
 */
export const FAVORITES_LIMIT = 1000;

/** Visits older than this drop out of the visitor lists (and are deleted): a visitor list is about recent interest. */
export const VISIT_RETENTION_DAYS = 90;

/**
 * Age buckets of section 3 ("18-25, 26-35, 36-45, 45+"). 45 belongs to 36-45, so "45+" means older than 45
 * (section 5 writes the same band as 46+).
 */
export const USER_LIST_AGE_BUCKETS = { "18-25": [18, 25], "26-35": [26, 35], "36-45": [36, 45], "45+": [46, null] } as const;
export type UserListAgeBucket = keyof typeof USER_LIST_AGE_BUCKETS;
export const USER_LIST_AGE_BUCKET_KEYS = Object.keys(USER_LIST_AGE_BUCKETS) as UserListAgeBucket[];

/** The facets of section 3 ("extra facets figure_type, race_type"). */
export const USER_LIST_FACETS = ["figure_type", "race_type"] as const;
export type UserListFacet = (typeof USER_LIST_FACETS)[number];

/** Trait option ids are small positive integers (server/contract/traits.ts). */
const OPTION_ID_MAX = 10_000;

const invalid = "validation.invalid";

/** A query value given once or repeated (`?gender=1&gender=2`), as a list. */
function listOf<T extends v.GenericSchema<string, unknown>>(item: T, max: number) {
  return v.optional(
    v.pipe(
      v.union([v.string(invalid), v.array(v.string(invalid), invalid)], invalid),
      v.transform((raw) => (Array.isArray(raw) ? raw : [raw])),
      v.maxLength(max, invalid),
      v.array(item, invalid),
    ),
  );
}

const intString = (min: number, max: number) =>
  v.pipe(
    v.string(invalid),
    v.regex(/^[0-9]{1,10}$/, invalid),
    v.transform(Number),
    v.number(invalid),
    v.integer(invalid),
    v.minValue(min, invalid),
    v.maxValue(max, invalid),
  );

const optionId = intString(1, OPTION_ID_MAX);

/**
 * GET /favorites and GET /visitors: the list's type, the page and the filters of section 3. Unknown
 * parameters are 400 (a `user_id=` naming someone else fails loudly: the list is always the caller's own).
 */
export const userListQuerySchema = v.strictObject(
  {
    type: v.pipe(v.string(invalid), v.picklist(["1", "2"], invalid), v.transform(Number)),
    page_no: v.optional(intString(1, USER_LIST_PAGE_MAX), "1"),
    page_size: v.optional(intString(1, USER_LIST_PAGE_SIZE_MAX), String(USER_LIST_PAGE_SIZE)),
    only_show_type: listOf(v.picklist(ONLY_SHOW_TYPES, invalid), ONLY_SHOW_TYPES.length),
    gender: listOf(
      v.pipe(v.string(invalid), v.transform(Number), v.picklist(GENDER_VALUES as unknown as number[], invalid)),
      GENDER_VALUES.length,
    ),
    user_type: listOf(
      v.pipe(v.string(invalid), v.transform(Number), v.picklist(SELECTABLE_USER_TYPES as unknown as number[], invalid)),
      SELECTABLE_USER_TYPES.length,
    ),
    age: listOf(v.picklist(USER_LIST_AGE_BUCKET_KEYS, invalid), USER_LIST_AGE_BUCKET_KEYS.length),
    race_type: listOf(optionId, 50),
    figure_type: listOf(optionId, 50),
    meeting_option: listOf(optionId, 50),
    city: v.optional(intString(1, MAX_ROW_ID)),
  },
  invalid,
);
export type UserListQuery = v.InferOutput<typeof userListQuerySchema>;

/** The filters of a list (what the query says besides type and page). */
export interface UserListFilters {
  only_show_type?: OnlyShowType[];
  gender?: number[];
  user_type?: number[];
  age?: UserListAgeBucket[];
  race_type?: number[];
  figure_type?: number[];
  meeting_option?: number[];
  city?: number;
}

/** One profile in a favorites or visitors list: what its tile shows. */
export interface UserListItem extends ProfileIdentity {
  avatar: MediaImage | null;
  is_member: boolean;
  is_new: boolean;
  is_verified: boolean;
  is_hot: boolean;
  /** When the favorite was added, or the last recorded visit (epoch ms). */
  at: number;
  /** Visitors lists: on how many days this member visited (within the retention); favorites: null. */
  visit_days: number | null;
  /** The viewer's own private note on this profile (notes, plus: ADR 037), shown only to its author. */
  private_note: string | null;
}

export interface UserListFacetBucket {
  /** The trait option id. */
  key: number;
  count: number;
}

/** A city that occurs in the (unfiltered) list: the choices of the city filter. */
export interface UserListCity {
  id: number;
  name: string;
}

/** GET /favorites, GET /visitors. */
export interface UserList {
  type: number;
  items: UserListItem[];
  /**
   * Locked: a list of others (who keeps me, who looked at me) for a member without plus (section 6): no
   * identities, only `total` (the unfiltered count), so the page can say how many wait behind the upgrade.
   */
  locked: boolean;
  total: number;
  page_no: number;
  page_size: number;
  facets: Record<UserListFacet, UserListFacetBucket[]>;
  cities: UserListCity[];
  /** Favorites: the most a member may keep; visitors: null. */
  limit: number | null;
}

/** POST/DELETE /favorites/{username}: the favorite's state afterwards. */
export interface FavoriteChange {
  username: string;
  is_favorite: boolean;
  /** How many profiles the member keeps now. */
  total: number;
  limit: number;
}

export const FAVORITE_ERRORS = {
  notFound: "exception.favorites.user_not_found",
  self: "exception.favorites.self",
  limitReached: "exception.favorites.limit_reached",
  staff: "exception.favorites.not_for_staff",
} as const;
