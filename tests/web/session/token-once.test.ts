/**
 * Issue 9 item 13 (ADR 051): a page's loaders call the API several times with the member's token; the
 * token is looked up once per page (GET), never remembered across requests: a revoked token signs the
 * next page out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "#server/api/app";
import { createTestHost, type TestHost } from "../../helpers/host";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

/**
 * Counts the token lookups: the statements that find an access token by its hash. The lookup is a statement built once
 * (ADR 148, server/db/precompiled.ts) and run through `db.executeQuery`, which no Kysely plugin sees per run, so the
 * API gets the database handle behind a proxy that counts those runs by their SQL (the viewer's row also names access_tokens, in a subquery: not a lookup).
 */
function countingTokenReads<T extends object>(db: T): { db: T; reads: { count: number } } {
  const reads = { count: 0 };
  const proxy = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== "function") return value;
      if (key !== "executeQuery") return (value as (...args: unknown[]) => unknown).bind(target);
      return (query: { sql: string }, ...rest: unknown[]) => {
        if (/^select\b/i.test(query.sql) && query.sql.includes('"access_tokens"."token_hash" =')) reads.count += 1;
        return (value as (...args: unknown[]) => unknown).call(target, query, ...rest);
      };
    },
  });
  return { db: proxy, reads };
}

describe(`the token is looked up once per page (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let host: TestHost;
  let reads: { count: number };
  let calls = 0;
  let cookie: string;

  beforeAll(async () => {
    rt = await createTestRuntime();
    const counting = countingTokenReads(rt.deps.db);
    reads = counting.reads;
    const api = createApiApp({ ...rt.deps, db: counting.db });
    const counted = {
      ...api,
      fetch: (request: Request, bindings?: Parameters<typeof api.fetch>[1]) => {
        calls += 1;
        return api.fetch(request, bindings);
      },
    };
    host = await createTestHost(rt, { api: counted });
    const user = await createUser(rt);
    const { body } = await login(rt, user.username, user.password);
    cookie = `tk=${encodeURIComponent(String(body.access_token))}; keep_logged_in=1`;
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  it("dashboard: several API calls, one token lookup; the next page looks again", async () => {
    for (let page = 1; page <= 2; page++) {
      calls = 0;
      reads.count = 0;
      const response = await host.get("/de/my_dashboard", { cookie });
      expect(response.status).toBe(200);
      await response.text();
      // The layout's shell, the start page's cards and its charts (ADR 160 made the cards one call): still several.
      expect(calls).toBeGreaterThan(1);
      expect(reads.count).toBe(1);
    }
  });

  it("a token revoked between two pages signs the second one out", async () => {
    const user = await createUser(rt);
    const { body } = await login(rt, user.username, user.password);
    const token = String(body.access_token);
    const own = `tk=${encodeURIComponent(token)}; keep_logged_in=1`;
    expect((await host.get("/de/user", { cookie: own })).status).toBe(200);
    const logout = await rt.request("/api/v2/user/logout", { method: "POST", token });
    expect(logout.status).toBe(200);
    const after = await host.get("/de/user", { cookie: own });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/de/login");
  });
});
