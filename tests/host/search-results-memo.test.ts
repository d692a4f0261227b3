/**
 * The signed-in search page through the real pipeline with the results' HTML remembered (ADR 177): the page a
 * remembered island writes is the page a render writes, byte for byte; and what a viewer may see still decides what
 * the page shows — a changed profile, a hidden one, a block — on the very next page, whatever the memo holds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_TYPE } from "#server/contract/users";
import { clearIslandMemo, islandHtmlIn, islandMemoSize } from "~/components/server-island-memo.server";
import { createTestHost, type TestHost } from "../helpers/host";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../helpers/runtime";
import { BERLIN, block, createProfile, northOf } from "../helpers/search-fixtures";

describe(`the search results remembered (ADR 177, ${TEST_DB})`, () => {
  let rt: TestRuntime;
  let host: TestHost;
  const cookies: Record<"a" | "b", string> = { a: "", b: "" };
  let viewerA = 0;
  const escorts: Record<"anna" | "bea" | "cleo", number> = { anna: 0, bea: 0, cleo: 0 };

  beforeAll(async () => {
    rt = await createTestRuntime();
    host = await createTestHost(rt);
    escorts.anna = (await createProfile(rt, { displayName: "Memo Anna", point: northOf(BERLIN, 1) })).id;
    escorts.bea = (await createProfile(rt, { displayName: "Memo Bea", point: northOf(BERLIN, 2) })).id;
    escorts.cleo = (await createProfile(rt, { displayName: "Memo Cleo", point: northOf(BERLIN, 3) })).id;
    for (const who of ["a", "b"] as const) {
      const user = await createUser(rt, { userType: USER_TYPE.client });
      if (who === "a") viewerA = user.id;
      const { body } = await login(rt, user.username, user.password);
      cookies[who] = `tk=${encodeURIComponent(String(body.access_token))}; keep_logged_in=1`;
    }
    clearIslandMemo();
  }, 60_000);
  afterAll(async () => {
    clearIslandMemo();
    await rt.close();
  });

  /** The signed-in search page's HTML (after the redirect to its canonical URL, if any). */
  async function searchPage(who: "a" | "b"): Promise<string> {
    let path = "/de/escorts";
    for (let hop = 0; hop < 3; hop++) {
      const response = await host.get(path, { cookie: cookies[who] });
      if (response.status === 200) return await response.text();
      expect(response.status).toBe(302);
      const next = new URL(response.headers.get("location")!, "http://velora.test");
      path = next.pathname + next.search;
    }
    throw new Error("too many redirects");
  }
  /** A response's own nonce is the one thing two renders of the same page may not share. */
  const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
  const results = (html: string) => islandHtmlIn(html, "search-results") ?? "";

  it("writes the remembered results as the render wrote them, byte for byte", async () => {
    const rendered = await searchPage("a");
    expect(results(rendered)).toContain("Memo Anna");
    expect(islandMemoSize().entries).toBe(1);
    const remembered = await searchPage("a");
    expect(islandMemoSize().entries).toBe(1);
    expect(withoutNonce(remembered)).toBe(withoutNonce(rendered));
  });

  it("shows a changed profile and drops a hidden one on the next page", async () => {
    await rt.deps.db
      .updateTable("profiles")
      .set({ display_name: "Memo Bella", updated_at: rt.clock.now() })
      .where("user_id", "=", escorts.bea)
      .execute();
    await rt.deps.db
      .updateTable("profiles")
      .set({ is_visible: 0, updated_at: rt.clock.now() })
      .where("user_id", "=", escorts.anna)
      .execute();
    const page = results(await searchPage("a"));
    expect(page).toContain("Memo Bella");
    expect(page).not.toContain("Memo Bea");
    expect(page).not.toContain("Memo Anna");
  });

  it("never shows a viewer a profile it blocked, though another viewer's page with it is remembered", async () => {
    const before = results(await searchPage("b"));
    expect(before).toContain("Memo Cleo");
    await block(rt, viewerA, escorts.cleo);
    expect(results(await searchPage("a"))).not.toContain("Memo Cleo");
    // The other viewer still sees it, from the memo (same results, same page).
    expect(results(await searchPage("b"))).toBe(before);
  });
});
