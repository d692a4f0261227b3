import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * The definition of search_profiles rows and the triggers that keep them (ADR 011), shared by the
 * migrations that (re)create them: 0011 created them; a later migration that changes which profiles
 * are listed (0023: search_hidden) drops the triggers and builds them again from here with its own
 * LISTED condition and the profile columns it depends on. Past migrations keep their own arguments,
 * so the SQL they run never changes.
 */
export interface SearchProfilesDefinition {
  /** The profiles search may list, over `u` (users) and `p` (profiles). */
  listed: string;
  /** Columns of profiles that a row depends on (updates of others do not recompute). */
  profileColumns: readonly string[];
  /** The row carries the favorites and visits of profile_counters (0045) and follows its changes. */
  counters?: boolean;
}

/** Trait groups denormalized into the row (single choice: the option id; piercing/tattoo: a flag). */
const TRAIT_GROUPS = ["figure_type", "race_type", "cup_size", "piercing", "tattoo"] as const;

/** Tattoo option 1 is "none" (server/contract/traits.ts). */
const TATTOO_SHOWN = "2, 3, 4";

export const SEARCH_PROFILES_COLUMNS = [
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

/** Popularity columns of definitions with `counters` (0045), after the others. */
export const SEARCH_PROFILES_COUNTER_COLUMNS = ["favorite_count", "visit_count"] as const;

/** Columns of users that a row depends on. */
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

const TRAIT_CONDITION = (row: "NEW" | "OLD") => `${row}.group_key IN (${TRAIT_GROUPS.map((g) => `'${g}'`).join(", ")})`;
const PRICE_CONDITION = (row: "NEW" | "OLD") => `${row}.item_type = 1 AND ${row}.duration_minutes = 60`;

/** The first key of the per-user advisory locks of search_profiles refreshes (the second is the user id); listed in db/locks.ts. */
export const SEARCH_PROFILES_LOCK_SPACE = 11;

/** The SQL of one definition: its rows, and the triggers that keep them. */
export function searchProfilesSql(definition: SearchProfilesDefinition) {
  const { listed, profileColumns, counters = false } = definition;
  const COLUMNS: readonly string[] = counters ? [...SEARCH_PROFILES_COLUMNS, ...SEARCH_PROFILES_COUNTER_COLUMNS] : SEARCH_PROFILES_COLUMNS;
  const counterSelect = counters
    ? `,
      coalesce((SELECT c.favorites FROM profile_counters c WHERE c.user_id = u.id), 0),
      coalesce((SELECT c.visits FROM profile_counters c WHERE c.user_id = u.id), 0)`
    : "";

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
      lower(p.display_name), u.username_key${counterSelect}
    FROM users u JOIN profiles p ON p.user_id = u.id
    WHERE ${listed} AND ${where}`;
  }

  function refreshStatements(dialect: Dialect, userId: string): string {
    return `DELETE FROM search_profiles WHERE user_id = ${userId};
    INSERT INTO search_profiles (${COLUMNS.join(", ")}) ${selectRows(dialect, `u.id = ${userId}`)};`;
  }

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
    await trigger("search_profiles_profiles_upd", `UPDATE OF ${profileColumns.join(", ")}`, "profiles", null, "NEW.user_id");
    await trigger("search_profiles_profiles_del", "DELETE", "profiles", null, "OLD.user_id");
    for (const [table, condition] of [
      ["profile_prices", PRICE_CONDITION],
      ["profile_traits", TRAIT_CONDITION],
    ] as const) {
      await trigger(`search_profiles_${table}_ins`, "INSERT", table, condition("NEW"), "NEW.user_id");
      await trigger(`search_profiles_${table}_upd`, "UPDATE", table, `${condition("NEW")} OR ${condition("OLD")}`, "NEW.user_id");
      await trigger(`search_profiles_${table}_del`, "DELETE", table, condition("OLD"), "OLD.user_id");
    }
    if (counters) {
      // A favorite or a visit day changes one counter row; its profile's row follows (rows are never deleted alone).
      await trigger("search_profiles_counters_ins", "INSERT", "profile_counters", null, "NEW.user_id");
      await trigger("search_profiles_counters_upd", "UPDATE OF favorites, visits", "profile_counters", null, "NEW.user_id");
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
    await on("search_profiles_profiles_upd", `UPDATE OF ${profileColumns.join(", ")}`, "profiles", "search_profiles_on_profiles");
    await on("search_profiles_prices", "INSERT OR UPDATE OR DELETE", "profile_prices", "search_profiles_on_profile_prices");
    await on("search_profiles_traits", "INSERT OR UPDATE OR DELETE", "profile_traits", "search_profiles_on_profile_traits");
    if (counters) {
      await fn("search_profiles_on_profile_counters", `PERFORM search_profiles_refresh(NEW.user_id);`);
      await on("search_profiles_counters_ins", "INSERT", "profile_counters", "search_profiles_on_profile_counters");
      await on("search_profiles_counters_upd", "UPDATE OF favorites, visits", "profile_counters", "search_profiles_on_profile_counters");
    }
  }

  /**
   * Drops what createTriggers made (the table and its rows stay). `ifExists`: a seed that stopped half-way left them
   * dropped, and the next seed must still start (server/db/seed/search-rows.ts).
   */
  async function dropTriggers(dialect: Dialect, db: Kysely<unknown>, { ifExists = false } = {}) {
    const maybe = ifExists ? "IF EXISTS " : "";
    if (dialect === "postgres") {
      // The trigger functions go with CASCADE (their triggers with them); the refresh function after them.
      for (const name of [
        "search_profiles_on_users",
        "search_profiles_on_profiles",
        "search_profiles_on_profile_prices",
        "search_profiles_on_profile_traits",
        ...(counters ? ["search_profiles_on_profile_counters"] : []),
      ])
        await sql.raw(`DROP FUNCTION ${maybe}${name}() CASCADE`).execute(db);
      await sql.raw(`DROP FUNCTION ${maybe}search_profiles_refresh(integer)`).execute(db);
      return;
    }
    const names = ["users_ins", "users_upd", "users_del", "profiles_ins", "profiles_upd", "profiles_del"];
    for (const table of ["profile_prices", "profile_traits"]) names.push(`${table}_ins`, `${table}_upd`, `${table}_del`);
    if (counters) names.push("counters_ins", "counters_upd");
    for (const name of names) await sql.raw(`DROP TRIGGER ${maybe}search_profiles_${name}`).execute(db);
  }

  return {
    /** Every row the table should hold, computed from the source tables (the backfill; tests compare against it). */
    source: { columns: COLUMNS, select: (dialect: Dialect) => selectRows(dialect, "1 = 1") },
    createTriggers: (dialect: Dialect, db: Kysely<unknown>) => (dialect === "postgres" ? postgresTriggers(db) : sqliteTriggers(db)),
    dropTriggers,
    /** Recomputes every row at once (after the definition changed). */
    async rebuildRows(dialect: Dialect, db: Kysely<unknown>) {
      await sql.raw(`DELETE FROM search_profiles`).execute(db);
      await sql.raw(`INSERT INTO search_profiles (${COLUMNS.join(", ")}) ${selectRows(dialect, "1 = 1")}`).execute(db);
    },
  };
}
