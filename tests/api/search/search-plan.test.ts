/**
 * Every query a search runs must reach profiles through an index (issue 4
 * performance bar): EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL.
 * PostgreSQL plans tiny test tables with sequential scans whatever the
 * indexes, so it runs with enable_seqscan off: a Seq Scan that remains means
 * no index can serve the query.
 */
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode, type QueryId } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiDeps } from "#server/api/types";
import { autocompleteCities } from "#server/modules/geo/cities";
import { seoSearch } from "#server/modules/seo/listing";
import type { FilterQuery } from "#server/contract/search";
import { runSearch } from "#server/modules/search/service";
import { rankTierSql } from "#server/modules/search/migrations/0127_search_rank_tier";

/** The tier expression the stopping page's reads compare (ADR 147). */
const RANK_TIER_MARK = rankTierSql("search_profiles.");
import { GUEST_VIEWER } from "#server/modules/access/visibility";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, createProfile } from "../../helpers/search-fixtures";

let rt: TestRuntime;

class CapturePlugin implements KyselyPlugin {
  readonly queries: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  transformQuery(args: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    if (args.node.kind === "SelectQueryNode") this.queries.push(args);
    return args.node;
  }
  async transformResult<T>(args: { result: T }): Promise<T> {
    return args.result;
  }
}

/**
 * The SELECTs `run` makes. The SQL path unless `searchIndex`: the column index (on by default, ADR 164) answers from
 * memory, so these tests of the SQL's plans switch it off; with it, its own statements are captured (its load too).
 */
async function capture(run: (deps: ApiDeps) => Promise<unknown>, searchIndex = false): Promise<CompiledQuery[]> {
  const plugin = new CapturePlugin();
  const db = rt.deps.db.withPlugin(plugin);
  await run({ ...rt.deps, db, config: { ...rt.deps.config, searchIndex } });
  return plugin.queries.map(({ node, queryId }) => db.getExecutor().compileQuery(node, queryId));
}

async function planOf(query: CompiledQuery): Promise<string> {
  if (TEST_DB === "postgres") {
    return rt.deps.db.connection().execute(async (conn) => {
      await sql`set enable_seqscan = off`.execute(conn);
      try {
        const result = await conn.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
        return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
      } finally {
        await sql`reset enable_seqscan`.execute(conn);
      }
    });
  }
  const result = await rt.deps.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((r) => r.detail).join("\n");
}

/** A full scan of a big table (profiles, users, cities) without an index. */
function fullScans(plan: string): string[] {
  const lines = plan.split("\n");
  if (TEST_DB === "postgres")
    return lines.filter((l) => /Seq Scan on (search_profiles|profiles|users|cities|profile_traits|profile_prices)\b/.test(l));
  return lines.filter(
    (l) =>
      /^SCAN (search_profiles|profiles|users|cities|profile_traits|profile_prices)\b/.test(l.trim()) && !/USING (COVERING )?INDEX/.test(l),
  );
}

async function expectIndexed(queries: CompiledQuery[]) {
  expect(queries.length).toBeGreaterThan(0);
  for (const query of queries) {
    const plan = await planOf(query);
    expect(fullScans(plan), `${query.sql}\n---\n${plan}`).toEqual([]);
  }
}

beforeAll(async () => {
  rt = await createTestRuntime({ geoData: true });
  for (let i = 0; i < 5; i++) await createProfile(rt, { price: 100 + i * 20, traits: [["figure_type", 2]] });
}, 60_000);
afterAll(async () => rt?.close());

describe("search query plans use indexes", () => {
  it("radius search with two filters, facets and every sort", async () => {
    for (const sort of ["top_ranking", "distance", "price_low_to_high", "top_ranking_distance_ring", "last_login_at"] as const) {
      const queries = await capture((deps) =>
        runSearch(deps, {
          viewer: GUEST_VIEWER,
          viewerGender: null,
          request: {
            page_no: 1,
            page_size: 24,
            searchMode: "user",
            sort,
            filterquery: { location: { ...BERLIN, radius: 10 }, gender: [2], age: [18, 35] },
            facets: { term: ["gender", "figure_type", "cup_size"], range: ["age", "price"] },
          },
        }),
      );
      await expectIndexed(queries);
    }
  });

  it("the stopping page reads its tiers through the rank indexes (ADR 147)", async () => {
    for (const [filterquery, index] of [
      [{ location: { ...BERLIN, radius: 10 }, gender: [2], age: [18, 35] }, "search_profiles_rank_geo"],
      [{ country: ["DE"], gender: [2] }, "search_profiles_rank_country"],
    ] satisfies Array<[FilterQuery, string]>) {
      const queries = await capture((deps) =>
        runSearch(deps, {
          viewer: GUEST_VIEWER,
          viewerGender: null,
          request: { page_no: 1, page_size: 24, searchMode: "user", sort: "top_ranking", filterquery: { ...filterquery } },
        }),
      );
      const probes = queries.filter((q) => q.sql.includes(RANK_TIER_MARK));
      expect(probes.length).toBeGreaterThan(0);
      for (const probe of probes) expect(await planOf(probe), probe.sql).toContain(index);
      await expectIndexed(queries);
    }
  });

  it("a logged-in search (block relations) and the country mode", async () => {
    const viewer = await createProfile(rt, { userType: 1, gender: 1 });
    const queries = await capture((deps) =>
      runSearch(deps, {
        viewer: { ...GUEST_VIEWER, id: viewer.id, userType: 1 },
        viewerGender: 1,
        request: { page_no: 1, page_size: 24, searchMode: "user", filterquery: { location: { ...BERLIN, radius: 20 }, price: [100, 150] } },
      }),
    );
    await expectIndexed(queries);
  });

  it("the column index's statements: its load, the changes' rows, the page read by id (ADR 151)", async () => {
    const viewer = await createProfile(rt, { userType: 1, gender: 1 });
    const queries = await capture(
      (deps) =>
        runSearch(deps, {
          viewer: { ...GUEST_VIEWER, id: viewer.id, userType: 1 },
          viewerGender: 1,
          engine: "index",
          request: {
            page_no: 1,
            page_size: 24,
            searchMode: "user",
            sort: "top_ranking",
            filterquery: { location: { ...BERLIN, radius: 10 }, gender: [2], age: [18, 35] },
            facets: { term: ["gender", "figure_type", "cup_size"], range: ["age", "price"] },
          },
        }),
      true,
    );
    // The load's chunks by user id, and the page's rows by id (not the search's WHERE: the index matched them).
    expect(queries.filter((q) => /from "search_profiles" where "search_profiles"."user_id" >/.test(q.sql)).length).toBeGreaterThan(0);
    await expectIndexed(queries);
  });

  it("the directory listing of a city and the city autocomplete", async () => {
    await expectIndexed(
      await capture((deps) => seoSearch(deps, { category: "escort", country: "deutschland", city: "berlin", page_no: 1 })),
    );
    await expectIndexed(await capture((deps) => autocompleteCities(deps, "ber")));
  });
});
