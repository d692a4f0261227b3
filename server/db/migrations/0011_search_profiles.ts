import { sql, type Kysely } from "kysely";
import { REGISTER_COMPLETED_STEP } from "../../contract/users";
import type { Dialect } from "../dialect";

/**
 * search_profiles (issue 4, search speed; ADR 009): one narrow row per LISTED
 * profile with every column a search filters, ranks or facets on. A radius
 * search reads one range of the covering (lat, lon, …) index and never
 * touches the wide users/profiles rows; only the page's 24 hits are joined
 * back for their display fields.
 *
 * The table is derived data. Triggers on users, profiles, profile_prices and
 * profile_traits recompute a user's row (delete + insert-select, so a profile
 * that stops being listed disappears) on every write that can change it; the
 * same statement backfills existing data here. Changing the row definition
 * means a new migration that drops and recreates table, triggers and rows.
 */

/** The profiles that search may list: active, registration finished, a public type, profile shown. */
const LISTED = `u.status = 'active' AND u.register_completed_step >= ${REGISTER_COMPLETED_STEP} AND u.user_type IN (1, 2, 3) AND p.is_visible = 1`;

/** Trait groups denormalized into the row (single choice: the option id; piercing/tattoo: a flag). */
const TRAIT_GROUPS = ["figure_type", "race_type", "cup_size", "piercing", "tattoo"] as const;

/** Tattoo option 1 is "none" (server/contract/traits.ts). */
const TATTOO_SHOWN = "2, 3, 4";

const COLUMNS = [
  "user_id",
  "user_type",
  "gender",
  "birth_ymd",
  "lat",
  "lon",
  "country_code",
  "region_code",
  "city_id",
  "members_only",
  "created_at",
  "last_login_at",
  "is_member",
  "member_until",
  "verified",
  "is_hot",
  "review_count",
  "rating_avg",
  "rise_up_until",
  "available_now_until",
  "on_tour_until",
  "safe_sex_status",
  "is_smoker",
  "height_cm",
  "weight_kg",
  "price_hour",
  "figure_type",
  "race_type",
  "cup_size",
  "has_piercing",
  "has_tattoo",
  "name_key",
  "username_key",
] as const;

/** The row of the user whose id is `userId` (an SQL expression), if listed. */
function selectRows(dialect: Dialect, where: string): string {
  // Birth date as an integer YYYYMMDD: age bands compare integers, not text. Anything malformed stays NULL.
  const wellFormed =
    dialect === "postgres"
      ? `u.birth_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`
      : `u.birth_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`;
  const birthYmd = `CASE WHEN ${wellFormed} THEN CAST(replace(u.birth_date, '-', '') AS integer) END`;
  const trait = (group: string) => `(SELECT min(t.option_id) FROM profile_traits t WHERE t.user_id = u.id AND t.group_key = '${group}')`;
  return `SELECT u.id, u.user_type, u.gender, ${birthYmd}, p.lat, p.lon, p.country_code, p.region_code, p.city_id, p.members_only,
      u.created_at, u.last_login_at, u.is_member, u.member_until, CASE WHEN p.verified_at IS NULL THEN 0 ELSE 1 END, p.is_hot,
      p.review_count, p.rating_avg, p.rise_up_until, p.available_now_until, p.on_tour_until, p.safe_sex_status, p.is_smoker,
      p.height_cm, p.weight_kg,
      (SELECT min(pp.price_eur) FROM profile_prices pp WHERE pp.user_id = u.id AND pp.item_type = 1 AND pp.duration_minutes = 60),
      ${trait("figure_type")}, ${trait("race_type")}, ${trait("cup_size")},
      CASE WHEN EXISTS (SELECT 1 FROM profile_traits t WHERE t.user_id = u.id AND t.group_key = 'piercing') THEN 1 ELSE 0 END,
      CASE WHEN EXISTS (SELECT 1 FROM profile_traits t WHERE t.user_id = u.id AND t.group_key = 'tattoo' AND t.option_id IN (${TATTOO_SHOWN})) THEN 1 ELSE 0 END,
      lower(p.display_name), u.username_key
    FROM users u JOIN profiles p ON p.user_id = u.id
    WHERE ${LISTED} AND ${where}`;
}

/** Every row the table should hold, computed from the source tables (the backfill; tests compare against it). */
export const SEARCH_PROFILES_SOURCE = { columns: COLUMNS, select: (dialect: Dialect) => selectRows(dialect, "1 = 1") };

function refreshStatements(dialect: Dialect, userId: string): string {
  return `DELETE FROM search_profiles WHERE user_id = ${userId};
    INSERT INTO search_profiles (${COLUMNS.join(", ")}) ${selectRows(dialect, `u.id = ${userId}`)};`;
}

/** Columns of users and profiles that a row depends on (updates of others do not recompute). */
const USER_COLUMNS = [
  "status",
  "register_completed_step",
  "user_type",
  "gender",
  "birth_date",
  "created_at",
  "last_login_at",
  "is_member",
  "member_until",
  "username_key",
];
const PROFILE_COLUMNS = [
  "display_name",
  "lat",
  "lon",
  "country_code",
  "region_code",
  "city_id",
  "is_visible",
  "members_only",
  "verified_at",
  "is_hot",
  "review_count",
  "rating_avg",
  "rise_up_until",
  "available_now_until",
  "on_tour_until",
  "safe_sex_status",
  "is_smoker",
  "height_cm",
  "weight_kg",
];

const TRAIT_CONDITION = (row: "NEW" | "OLD") => `${row}.group_key IN (${TRAIT_GROUPS.map((g) => `'${g}'`).join(", ")})`;
const PRICE_CONDITION = (row: "NEW" | "OLD") => `${row}.item_type = 1 AND ${row}.duration_minutes = 60`;

async function sqliteTriggers(db: Kysely<unknown>) {
  const trigger = async (name: string, event: string, table: string, when: string | null, userId: string) =>
    sql
      .raw(
        `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW ${when ? `WHEN ${when} ` : ""}BEGIN ${refreshStatements("sqlite", userId)} END`,
      )
      .execute(db);
  await trigger("search_profiles_users_ins", "INSERT", "users", null, "NEW.id");
  await trigger("search_profiles_users_upd", `UPDATE OF ${USER_COLUMNS.join(", ")}`, "users", null, "NEW.id");
  await sql
    .raw(
      `CREATE TRIGGER search_profiles_users_del AFTER DELETE ON users FOR EACH ROW BEGIN DELETE FROM search_profiles WHERE user_id = OLD.id; END`,
    )
    .execute(db);
  await trigger("search_profiles_profiles_ins", "INSERT", "profiles", null, "NEW.user_id");
  await trigger("search_profiles_profiles_upd", `UPDATE OF ${PROFILE_COLUMNS.join(", ")}`, "profiles", null, "NEW.user_id");
  await trigger("search_profiles_profiles_del", "DELETE", "profiles", null, "OLD.user_id");
  for (const [table, condition] of [
    ["profile_prices", PRICE_CONDITION],
    ["profile_traits", TRAIT_CONDITION],
  ] as const) {
    await trigger(`search_profiles_${table}_ins`, "INSERT", table, condition("NEW"), "NEW.user_id");
    await trigger(`search_profiles_${table}_upd`, "UPDATE", table, `${condition("NEW")} OR ${condition("OLD")}`, "NEW.user_id");
    await trigger(`search_profiles_${table}_del`, "DELETE", table, condition("OLD"), "OLD.user_id");
  }
}

async function postgresTriggers(db: Kysely<unknown>) {
  // One writer per user at a time: without the lock, two transactions that change different source rows of
  // one user each delete and re-insert the row from their own snapshot — the second fails on the primary key
  // or loses the first one's change. The lock waits for the other transaction's commit; the statements after
  // it (a VOLATILE SQL function takes a fresh snapshot per statement) then see its writes.
  await sql
    .raw(
      `CREATE FUNCTION search_profiles_refresh(uid integer) RETURNS void LANGUAGE sql VOLATILE AS $$ SELECT pg_advisory_xact_lock(${SEARCH_PROFILES_LOCK_SPACE}, uid); ${refreshStatements("postgres", "uid")} $$`,
    )
    .execute(db);
  const fn = async (name: string, body: string) =>
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`).execute(db);
  await fn(
    "search_profiles_on_users",
    `IF TG_OP = 'DELETE' THEN DELETE FROM search_profiles WHERE user_id = OLD.id; ELSE PERFORM search_profiles_refresh(NEW.id); END IF;`,
  );
  await fn(
    "search_profiles_on_profiles",
    `IF TG_OP = 'DELETE' THEN PERFORM search_profiles_refresh(OLD.user_id); ELSE PERFORM search_profiles_refresh(NEW.user_id); END IF;`,
  );
  for (const [table, condition] of [
    ["profile_prices", PRICE_CONDITION],
    ["profile_traits", TRAIT_CONDITION],
  ] as const) {
    await fn(
      `search_profiles_on_${table}`,
      `IF TG_OP <> 'INSERT' AND ${condition("OLD")} THEN PERFORM search_profiles_refresh(OLD.user_id); END IF;
       IF TG_OP <> 'DELETE' AND ${condition("NEW")} AND (TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id OR NOT (${condition("OLD")})) THEN PERFORM search_profiles_refresh(NEW.user_id); END IF;`,
    );
  }
  const on = (name: string, events: string, table: string, fnName: string) =>
    sql.raw(`CREATE TRIGGER ${name} AFTER ${events} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fnName}()`).execute(db);
  await on("search_profiles_users_ins", "INSERT OR DELETE", "users", "search_profiles_on_users");
  await on("search_profiles_users_upd", `UPDATE OF ${USER_COLUMNS.join(", ")}`, "users", "search_profiles_on_users");
  await on("search_profiles_profiles_ins", "INSERT OR DELETE", "profiles", "search_profiles_on_profiles");
  await on("search_profiles_profiles_upd", `UPDATE OF ${PROFILE_COLUMNS.join(", ")}`, "profiles", "search_profiles_on_profiles");
  await on("search_profiles_prices", "INSERT OR UPDATE OR DELETE", "profile_prices", "search_profiles_on_profile_prices");
  await on("search_profiles_traits", "INSERT OR UPDATE OR DELETE", "profile_traits", "search_profiles_on_profile_traits");
}

/** The first key of the per-user advisory locks of search_profiles refreshes (the second is the user id). */
const SEARCH_PROFILES_LOCK_SPACE = 11;

/** Ranking inputs, appended to every covering index so ordering needs no row lookups. */
const RANKING = ["rise_up_until", "is_member", "member_until", "verified", "review_count", "rating_avg", "last_login_at", "user_id"];

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    const bigint = dialect === "postgres" ? "bigint" : "integer";
    await db.schema
      .createTable("search_profiles")
      .addColumn("user_id", "integer", (c) => c.primaryKey())
      .addColumn("user_type", "integer", (c) => c.notNull())
      .addColumn("gender", "integer")
      .addColumn("birth_ymd", "integer")
      .addColumn("lat", "double precision")
      .addColumn("lon", "double precision")
      .addColumn("country_code", "text")
      .addColumn("region_code", "text")
      .addColumn("city_id", "integer")
      .addColumn("members_only", "integer", (c) => c.notNull())
      .addColumn("created_at", bigint, (c) => c.notNull())
      .addColumn("last_login_at", bigint)
      .addColumn("is_member", "integer", (c) => c.notNull())
      .addColumn("member_until", bigint)
      .addColumn("verified", "integer", (c) => c.notNull())
      .addColumn("is_hot", "integer", (c) => c.notNull())
      .addColumn("review_count", "integer", (c) => c.notNull())
      .addColumn("rating_avg", "double precision")
      .addColumn("rise_up_until", bigint)
      .addColumn("available_now_until", bigint)
      .addColumn("on_tour_until", bigint)
      .addColumn("safe_sex_status", "integer", (c) => c.notNull())
      .addColumn("is_smoker", "integer")
      .addColumn("height_cm", "integer")
      .addColumn("weight_kg", "integer")
      .addColumn("price_hour", "integer")
      .addColumn("figure_type", "integer")
      .addColumn("race_type", "integer")
      .addColumn("cup_size", "integer")
      .addColumn("has_piercing", "integer", (c) => c.notNull())
      .addColumn("has_tattoo", "integer", (c) => c.notNull())
      .addColumn("name_key", "text", (c) => c.notNull())
      .addColumn("username_key", "text", (c) => c.notNull())
      .execute();
    // Each index carries every column the filters, facets and ranking read, so a search reads one
    // index range and never the table. Radius mode: the user type, then the box as a lat range.
    // The payload includes the only-show flags the popular filters use (hot, safer sex, available now,
    // on tour, new) and the members-only flag guests' searches test.
    const payload = [
      "gender",
      "birth_ymd",
      "price_hour",
      "figure_type",
      "race_type",
      "cup_size",
      "members_only",
      "is_hot",
      "safe_sex_status",
      "available_now_until",
      "on_tour_until",
      "created_at",
      ...RANKING,
    ];
    await db.schema
      .createIndex("search_profiles_geo")
      .on("search_profiles")
      .columns(["user_type", "lat", "lon", ...payload, "country_code"])
      .execute();
    // Country mode and the directory (city, region): equality first, then the same payload.
    await db.schema
      .createIndex("search_profiles_country")
      .on("search_profiles")
      .columns(["country_code", "user_type", ...payload])
      .execute();
    await db.schema
      .createIndex("search_profiles_city")
      .on("search_profiles")
      .columns(["city_id", "user_type", ...payload, "country_code"])
      .execute();
    await db.schema
      .createIndex("search_profiles_region")
      .on("search_profiles")
      .columns(["country_code", "region_code", "user_type", ...payload])
      .execute();

    await sql.raw(`INSERT INTO search_profiles (${COLUMNS.join(", ")}) ${SEARCH_PROFILES_SOURCE.select(dialect)}`).execute(db);
    if (dialect === "postgres") await postgresTriggers(db);
    else await sqliteTriggers(db);
  };
}
