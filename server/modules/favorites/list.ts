/**
 * The one list query of favorites and visitors (spec section 3 "User search (favorites, visitors)"): a
 * member's relation rows joined with the other member's profile, filtered by the user-search filters, with
 * the figure_type and race_type facets. Lists are small (at most FAVORITES_LIMIT favorites, 90 days of
 * visits), so the filters read `users`/`profiles` directly instead of search's derived table: a profile
 * hidden from search (ADR 028) stays in the lists of those who already know it.
 *
 * Who appears (ADR 036): listed profiles only (active, registration finished, visible — not banned,
 * deleted, paused, deactivated or unclaimed), never across a block in either direction.
 */
import { sql, type Compilable, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { ApiDeps } from "../../api/types";
import {
  USER_LIST_AGE_BUCKETS,
  USER_LIST_FACETS,
  type UserList,
  type UserListFacet,
  type UserListFacetBucket,
  type UserListFilters,
  type UserListItem,
} from "../../contract/favorites";
import { ageOfBirthDate } from "../../contract/registration-sign-up";
import { NEW_PROFILE_DAYS } from "../../contract/search";
import type { DB } from "../../db/index";
import { literalLimit } from "../../db/literal-limit";
import { precompiled, type Slots } from "../../db/precompiled";
import type { Database } from "../../db/schema";
import {
  hasExclusiveContentSql,
  isListedProfile,
  notBlockedWith,
  plusRunning,
  plusRunningSql,
  visibleMediaLevels,
  type ViewerContext,
} from "../access/index";
import { avatarsOf } from "../media/index";
import { notesFor } from "../notes/index";

const DAY = 24 * 60 * 60 * 1000;
/** The city filter offers the cities of the list, at most this many (the most frequent first). */
const CITY_CHOICES_MAX = 30;

/** A member's relation rows: the other member, when, and (visits) on how many days. */
export type Relation = SelectQueryBuilder<Database, never, { other_id: number; at: number; visit_days: number | null }>;

type Tables = Database & { rel: { other_id: number; at: number; visit_days: number | null } };
type EB = ExpressionBuilder<Tables, "rel" | "users" | "profiles">;

/** The relation's rows whose other member the lists show; the data export reads the same rows (ADR 059). */
export function baseQuery(db: DB, relation: Relation, viewerId: number) {
  return db
    .selectFrom(relation.as("rel"))
    .innerJoin("users", "users.id", "rel.other_id")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .where((eb) =>
      eb.and([
        isListedProfile(eb as never),
        notBlockedWith(eb as unknown as ExpressionBuilder<Database, "users">, viewerId) as Expression<SqlBool>,
      ]),
    );
}

/** YYYY-MM-DD of the day `years` before `now` (UTC): birth dates compare as text. */
function yearsBefore(now: number, years: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate())).toISOString().slice(0, 10);
}

function hasTrait(eb: EB, group: string, ids: readonly number[]) {
  return eb.exists(
    eb
      .selectFrom("profile_traits")
      .select(sql<number>`1`.as("one"))
      .whereRef("profile_traits.user_id", "=", "users.id")
      .where("profile_traits.group_key", "=", group)
      .where("profile_traits.option_id", "in", [...ids]),
  );
}

/**
 * The "safer sex" flag (issue 11 item 6) is the profile column `profiles.safe_sex_status` (0/1), which
 * search's derived table copies as well; this is the one place the lists read it.
 */
function safeSexFlag(eb: EB): Expression<SqlBool> {
  return eb("profiles.safe_sex_status", "=", 1);
}

/** The WHERE terms of the filters; `skip` leaves one facet's own filter out (disjunctive facets). */
function filterTerms(eb: EB, filters: UserListFilters, viewer: ViewerContext, now: number, skip?: UserListFacet): Expression<SqlBool>[] {
  const and: Expression<SqlBool>[] = [];
  for (const flag of filters.only_show_type ?? []) {
    switch (flag) {
      // "Visible now": available-now is switched on (as in search).
      case "is_visible":
        and.push(eb("profiles.available_now_until", ">", now));
        break;
      case "is_new":
        and.push(eb("users.created_at", ">", now - NEW_PROFILE_DAYS * DAY));
        break;
      case "is_verified":
        and.push(eb("profiles.verified_at", "is not", null));
        break;
      case "has_avatar":
        and.push(
          eb.exists(
            eb
              .selectFrom("media")
              .select(sql<number>`1`.as("one"))
              .whereRef("media.user_id", "=", "users.id")
              .where("media.is_avatar", "=", 1)
              .where("media.status", "=", 1)
              .where("media.visibility", "in", visibleMediaLevels(viewer)),
          ),
        );
        break;
      // On an active tour somewhere (a list has no searched place; ADR 028's status rule, as of now).
      case "on_tour":
        and.push(
          eb.exists(
            eb
              .selectFrom("tours as tr")
              .select(sql<number>`1`.as("one"))
              .whereRef("tr.user_id", "=", "users.id")
              .where("tr.cancelled_at", "is", null)
              .where("tr.starts_at", "<=", now)
              .where("tr.ends_at", ">", now),
          ),
        );
        break;
      case "has_review":
        and.push(eb("profiles.review_count", ">", 0));
        break;
      case "is_hot":
        and.push(eb("profiles.is_hot", "=", 1));
        break;
      case "is_member":
        and.push(plusRunningSql("users", now));
        break;
      case "safe_sex_status":
        and.push(safeSexFlag(eb));
        break;
      // Paid or fans-only media, or a bundle for sale: the search filter's rule (issue 28 item 6).
      case "exclusive_content":
        and.push(hasExclusiveContentSql("users.id", visibleMediaLevels(viewer), now));
        break;
    }
  }
  if (filters.gender?.length) and.push(eb("users.gender", "in", filters.gender));
  if (filters.user_type?.length) and.push(eb("users.user_type", "in", filters.user_type));
  if (filters.age?.length) {
    and.push(
      eb.or(
        filters.age.map((bucket) => {
          const [min, max] = USER_LIST_AGE_BUCKETS[bucket];
          // age ≥ min ⇔ born on or before today − min years; age ≤ max ⇔ born after today − (max + 1) years.
          const terms = [eb("users.birth_date", "<=", yearsBefore(now, min))];
          if (max !== null) terms.push(eb("users.birth_date", ">", yearsBefore(now, max + 1)));
          return eb.and(terms);
        }),
      ),
    );
  }
  if (filters.race_type?.length && skip !== "race_type") and.push(hasTrait(eb, "race_type", filters.race_type));
  if (filters.figure_type?.length && skip !== "figure_type") and.push(hasTrait(eb, "figure_type", filters.figure_type));
  if (filters.meeting_option?.length) and.push(hasTrait(eb, "meeting_option", filters.meeting_option));
  if (filters.city !== undefined) and.push(eb("profiles.city_id", "=", filters.city));
  return and;
}

export interface ListRequest {
  type: number;
  page_no: number;
  page_size: number;
  filters: UserListFilters;
}

/** Who a list belongs to, and (visits) the oldest moment it keeps: values, or slots in a statement built once. */
export type RelationArgs = { userId: number; since: number };

/**
 * One kind of list — favorites or visits, one direction — and its relation rows for a member. `kind` names the
 * relation's shape: the statements of an unfiltered list are built once per kind (ADR 173).
 */
export interface ListSource {
  kind: string;
  relation: (db: DB, args: RelationArgs) => Relation;
  /** The oldest moment the list keeps (visits: VISIT_RETENTION_DAYS); favorites keep every row (0). */
  since: number;
}

/** Only the count: a locked list (section 6) tells how many, never who. */
export async function countList(deps: ApiDeps, source: ListSource, viewerId: number): Promise<number> {
  const row = await baseQuery(deps.db, source.relation(deps.db, { userId: viewerId, since: source.since }), viewerId)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type PageArgs = RelationArgs & { offset: number };

/** The WHERE terms of a view of the list; `skip` names the facet whose own filter stays out (disjunctive facets). */
type Terms = (eb: EB, skip?: UserListFacet) => Expression<SqlBool>[];

/**
 * A view's statements, all under the same filters: one page of rows, the total, each facet's counts and the list's
 * cities (the cities ignore the filters: the select offers every city of the list).
 */
function listStatements(db: DB, source: ListSource, args: PageArgs, pageSize: number, terms: Terms) {
  const relation = source.relation(db, args);
  const filtered = (skip?: UserListFacet) => baseQuery(db, relation, args.userId).where((eb) => eb.and(terms(eb as EB, skip)));
  return {
    rows: filtered()
      .select([
        "users.id",
        "users.username",
        "users.user_type",
        "users.gender",
        "users.birth_date",
        "users.created_at",
        "users.is_member",
        "users.member_until",
        "profiles.display_name",
        "profiles.city_name",
        "profiles.verified_at",
        "profiles.is_hot",
        "rel.at",
        "rel.visit_days",
      ])
      .orderBy("rel.at", "desc")
      .orderBy("users.id", "desc")
      .limit(literalLimit(pageSize))
      .offset(args.offset),
    total: filtered().select((eb) => eb.fn.countAll<number>().as("n")),
    facets: USER_LIST_FACETS.map((facet) =>
      filtered(facet)
        .innerJoin("profile_traits", "profile_traits.user_id", "users.id")
        .where("profile_traits.group_key", "=", facet)
        .select(["profile_traits.option_id", (eb) => eb.fn.count<number>("users.id").distinct().as("n")])
        .groupBy("profile_traits.option_id")
        .orderBy("profile_traits.option_id"),
    ),
    cities: baseQuery(db, relation, args.userId)
      .where("profiles.city_id", "is not", null)
      .where("profiles.city_name", "is not", null)
      .select(["profiles.city_id", (eb) => eb.fn.max("profiles.city_name").as("name"), (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("profiles.city_id")
      .orderBy("n", "desc")
      .orderBy("profiles.city_id")
      .limit(literalLimit(CITY_CHOICES_MAX)),
  };
}

type Statements = ReturnType<typeof listStatements>;
type RowsOf<Q> = Q extends Compilable<infer Row> ? Row[] : never;

/** What a view's statements answer. */
interface ListRows {
  rows: RowsOf<Statements["rows"]>;
  total: RowsOf<Statements["total"]>;
  facets: RowsOf<Statements["facets"][number]>[];
  cities: RowsOf<Statements["cities"]>;
}

const NO_TERMS: Terms = () => [];

/** Whether a view sets no filter, i.e. filterTerms adds no term (an empty list of values filters nothing). */
function unfiltered(filters: UserListFilters): boolean {
  return Object.values(filters).every((value) => value === undefined || (Array.isArray(value) && value.length === 0));
}

/**
 * The statements of an unfiltered view, built once per kind of list and page size (ADR 148's `precompiled`; the page
 * size is a literal LIMIT, ADR 173, and the contract bounds it): the list as it opens, which is almost every view. The
 * SQL is the text listStatements makes per call; a filtered view (the filters set its terms) is built per call.
 */
const unfilteredByShape = new Map<string, (db: DB, args: PageArgs) => Promise<ListRows>>();

function unfilteredStatementsOf(source: ListSource, pageSize: number) {
  const shape = `${source.kind}:${pageSize}`;
  let run = unfilteredByShape.get(shape);
  if (!run) {
    const built = (db: DB, slot: Slots<PageArgs>) =>
      listStatements(db, source, { userId: slot("userId"), since: slot("since"), offset: slot("offset") }, pageSize, NO_TERMS);
    const rows = precompiled((db, slot: Slots<PageArgs>) => built(db, slot).rows);
    const total = precompiled((db, slot: Slots<PageArgs>) => built(db, slot).total);
    const facets = USER_LIST_FACETS.map((_, i) => precompiled((db, slot: Slots<PageArgs>) => built(db, slot).facets[i]!));
    const cities = precompiled((db, slot: Slots<PageArgs>) => built(db, slot).cities);
    run = async (db, args) => {
      const [rowsOf, totalOf, facetsOf, citiesOf] = await Promise.all([
        rows(db, args),
        total(db, args),
        Promise.all(facets.map((facet) => facet(db, args))),
        cities(db, args),
      ]);
      return { rows: rowsOf, total: totalOf, facets: facetsOf, cities: citiesOf };
    };
    unfilteredByShape.set(shape, run);
  }
  return run;
}

/** A view's rows: an unfiltered one through its statements built once, a filtered one built now. */
async function listRows(deps: ApiDeps, source: ListSource, args: PageArgs, pageSize: number, terms: Terms | null): Promise<ListRows> {
  if (terms === null) return unfilteredStatementsOf(source, pageSize)(deps.db, args);
  const statements = listStatements(deps.db, source, args, pageSize, terms);
  const [rows, total, facets, cities] = await Promise.all([
    statements.rows.execute(),
    statements.total.execute(),
    Promise.all(statements.facets.map((facet) => facet.execute())),
    statements.cities.execute(),
  ]);
  return { rows, total, facets, cities };
}

export async function runList(
  deps: ApiDeps,
  source: ListSource,
  viewer: ViewerContext & { id: number },
  request: ListRequest,
  limit: number | null,
): Promise<UserList> {
  const now = deps.clock.now();
  const args: PageArgs = { userId: viewer.id, since: source.since, offset: (request.page_no - 1) * request.page_size };
  const terms: Terms | null = unfiltered(request.filters) ? null : (eb, skip) => filterTerms(eb, request.filters, viewer, now, skip);
  const { rows, total, facets: facetRows, cities } = await listRows(deps, source, args, request.page_size, terms);
  const ids = rows.map((row) => row.id);
  const avatars = await avatarsOf(deps.db, ids, visibleMediaLevels(viewer));
  // The viewer's own notes on these profiles: a list is always its viewer's, so nobody reads another's note.
  const notes = await notesFor(deps, viewer.id, ids);
  const items: UserListItem[] = rows.map((row) => ({
    username: row.username,
    display_name: row.display_name,
    user_type: row.user_type,
    gender: row.gender,
    age: ageOfBirthDate(row.birth_date, now),
    city_name: row.city_name,
    avatar: avatars.get(row.id) ?? null,
    is_member: plusRunning(row, now),
    is_new: Number(row.created_at) > now - NEW_PROFILE_DAYS * DAY,
    is_verified: row.verified_at !== null,
    is_hot: row.is_hot === 1,
    at: Number(row.at),
    visit_days: row.visit_days === null ? null : Number(row.visit_days),
    private_note: notes.get(row.id) ?? null,
  }));
  const facets = Object.fromEntries(
    USER_LIST_FACETS.map((facet, i) => [
      facet,
      facetRows[i]!.map((r): UserListFacetBucket => ({ key: Number(r.option_id), count: Number(r.n) })),
    ]),
  ) as Record<UserListFacet, UserListFacetBucket[]>;
  return {
    type: request.type,
    items,
    locked: false,
    total: Number(total[0]?.n ?? 0),
    page_no: request.page_no,
    page_size: request.page_size,
    facets,
    cities: cities.map((c) => ({ id: Number(c.city_id), name: String(c.name) })),
    limit,
  };
}

/** The answer of a locked list: the count only. */
export function lockedList(request: ListRequest, total: number, limit: number | null): UserList {
  return {
    type: request.type,
    items: [],
    locked: true,
    total,
    page_no: request.page_no,
    page_size: request.page_size,
    facets: { figure_type: [], race_type: [] },
    cities: [],
    limit,
  };
}
