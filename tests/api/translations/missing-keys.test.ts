/**
 * Missing-key reports (issue 32 item 7, ADR 136): deduped per language + namespace + key with a count and first/last
 * seen, flood-limited per visitor and for everyone (429, nothing more stored), bad bodies a 4xx never a 5xx, and the
 * back office's list and "mark fixed" (staff only, one audit row).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MISSING_KEY_LIMITS, MISSING_KEYS_PER_PAGE } from "#server/contract/translations";
import { USER_TYPE } from "#server/contract/users";
import { freshIp } from "../../helpers/auth";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Item {
  id: number;
  language: string;
  namespace: string;
  key: string;
  count: number;
  first_seen_at: number;
  last_seen_at: number;
  fixed_at: number | null;
  dismissed_at: number | null;
  state: "open" | "fixed" | "dismissed";
}
interface Answer<T> {
  data: T;
  errors?: Array<{ key: string }>;
}

describe(`missing translation keys (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let staff: { id: number; token: string };
  let member: { token: string };
  let backend: { token: string };

  async function report(body: unknown, ip: string, contentType = "application/json") {
    const response = await rt.request("/api/v2/translations/missing", {
      method: "POST",
      headers: { "content-type": contentType },
      body: typeof body === "string" ? body : JSON.stringify(body),
      ip,
    });
    return { status: response.status, body: (await response.json()) as Answer<{ counted: number }> };
  }

  async function list(token: string | undefined, query = "") {
    const response = await rt.request(`/api/v2/backoffice/translations/missing${query}`, { token });
    return {
      status: response.status,
      body: (await response.json()) as Answer<{
        items: Item[];
        total: number;
        page: number;
        per_page: number;
        groups: Array<{ language: string; namespace: string; open: number }>;
      }>,
    };
  }

  const rows = () => rt.deps.db.selectFrom("missing_translation_keys").selectAll().execute();

  beforeAll(async () => {
    rt = await createTestRuntime();
    staff = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
    member = await signIn(rt, await createUser(rt, { userType: USER_TYPE.escort }));
    backend = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
  });

  async function close(token: string | undefined, id: number | string, as: "fixed" | "dismissed", body = "{}") {
    const response = await rt.request(`/api/v2/backoffice/translations/missing/${id}/${as}`, {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body,
    });
    return { status: response.status, body: (await response.json()) as Answer<Item> };
  }

  afterAll(() => rt.close());

  it("counts a key once per language and namespace, with first and last seen", async () => {
    const ip = freshIp();
    const first = await report({ keys: [{ lng: "en", ns: "directory", key: "seo.nothing_here" }] }, ip);
    expect(first).toMatchObject({ status: 200, body: { data: { counted: 1 } } });
    const firstSeen = rt.clock.now();
    rt.clock.advance(5_000);
    // The same key twice in one report counts once; the same key in another language is another row.
    const second = await report(
      {
        keys: [
          { lng: "en", ns: "directory", key: "seo.nothing_here" },
          { lng: "en", ns: "directory", key: "seo.nothing_here" },
          { lng: "pl", ns: "directory", key: "seo.nothing_here" },
        ],
      },
      ip,
    );
    expect(second.body.data.counted).toBe(2);
    const stored = await rows();
    const en = stored.find((r) => r.language === "en");
    expect(en).toMatchObject({ namespace: "directory", key: "seo.nothing_here", count: 2 });
    expect(Number(en?.first_seen_at)).toBe(firstSeen);
    expect(Number(en?.last_seen_at)).toBe(firstSeen + 5_000);
    expect(stored.find((r) => r.language === "pl")?.count).toBe(1);
  });

  it("ignores keys that read as text (shown as they are, spec section 8)", async () => {
    const before = (await rows()).length;
    const answer = await report({ keys: [{ lng: "de", ns: "common", key: "Server is down. Try later." }] }, freshIp());
    expect(answer).toMatchObject({ status: 200, body: { data: { counted: 0 } } });
    expect((await rows()).length).toBe(before);
  });

  it("refuses bad bodies with a 4xx, never a 5xx", async () => {
    const ip = () => freshIp();
    const bad: Array<[unknown, string?]> = [
      ["{not json"],
      [""],
      ["null"],
      [[]],
      [{}],
      [{ keys: [] }],
      [{ keys: "seo.x" }],
      [{ keys: [{ lng: "fr", ns: "common", key: "a.b" }] }],
      [{ keys: [{ lng: "de", ns: "souvenirs", key: "a.b" }] }],
      [{ keys: [{ lng: "de", ns: "common", key: "" }] }],
      [{ keys: [{ lng: "de", ns: "common", key: "x".repeat(MISSING_KEY_LIMITS.keyMaxLength + 1) }] }],
      [{ keys: [{ lng: "de", ns: "common", key: 42 }] }],
      [{ keys: Array.from({ length: MISSING_KEY_LIMITS.keysPerReport + 1 }, (_, i) => ({ lng: "de", ns: "common", key: `k.${i}` })) }],
      ["keys=a.b", "application/x-www-form-urlencoded"],
      ["<keys/>", "application/xml"],
    ];
    for (const [body, type] of bad) {
      const answer = await report(body, ip(), type);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
  });

  it("answers a visitor's flood with 429 and stores nothing more", async () => {
    const ip = freshIp();
    const { limit } = MISSING_KEY_LIMITS.perVisitor;
    for (let i = 0; i < limit; i++)
      expect((await report({ keys: [{ lng: "de", ns: "common", key: `flood.v${i}` }] }, ip)).status).toBe(200);
    const before = (await rows()).length;
    const refused = await report({ keys: [{ lng: "de", ns: "common", key: "flood.one_too_many" }] }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.key).toBe("exception.translations.too_many_reports");
    expect((await rows()).length).toBe(before);
    // Another visitor is not held back by this one.
    expect((await report({ keys: [{ lng: "de", ns: "common", key: "flood.other_visitor" }] }, freshIp())).status).toBe(200);
    // The window passes: the visitor may report again.
    rt.clock.advance(MISSING_KEY_LIMITS.perVisitor.windowMs * 2);
    expect((await report({ keys: [{ lng: "de", ns: "common", key: "flood.later" }] }, ip)).status).toBe(200);
  });

  it("stops storing for everyone past the global limit (many addresses)", async () => {
    rt.clock.advance(MISSING_KEY_LIMITS.global.windowMs * 2);
    const { limit } = MISSING_KEY_LIMITS.global;
    let refused = 0;
    for (let i = 0; i < limit + 5; i++) {
      const answer = await report({ keys: [{ lng: "es", ns: "common", key: `global.k${i}` }] }, freshIp());
      if (answer.status === 429) refused++;
      else expect(answer.status).toBe(200);
    }
    expect(refused).toBe(5);
    const stored = (await rows()).filter((r) => r.key.startsWith("global."));
    expect(stored.length).toBe(limit);
    // Over 300 reports one after another: on a loaded machine with PostgreSQL that outlasts the default 20 s.
  }, 120_000);

  it("lists the keys per language and namespace for staff only, and marks one fixed with one audit row", async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await list(member.token)).status).toBe(403);
    const en = await list(staff.token, "?lng=en&ns=directory");
    expect(en.status).toBe(200);
    expect(en.body.data.items.map((i) => [i.language, i.key, i.count])).toEqual([["en", "seo.nothing_here", 2]]);
    expect((await list(staff.token, "?lng=xx")).status).toBe(400);
    const id = en.body.data.items[0]!.id;

    const audits = async () =>
      (await rt.deps.db.selectFrom("audit_log").selectAll().where("subject_type", "=", "missing_translation_key").execute()).length;
    const asMember = await rt.request(`/api/v2/backoffice/translations/missing/${id}/fixed`, {
      method: "POST",
      token: member.token,
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(asMember.status).toBe(403);
    const fixed = await rt.request(`/api/v2/backoffice/translations/missing/${id}/fixed`, {
      method: "POST",
      token: staff.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reason: "added to en/directory.json" }),
    });
    expect(fixed.status).toBe(200);
    expect(await audits()).toBe(1);
    expect((await list(staff.token, "?lng=en&ns=directory")).body.data.items).toEqual([]);
    expect((await list(staff.token, "?lng=en&ns=directory&state=fixed")).body.data.items).toHaveLength(1);
    const unknown = await rt.request("/api/v2/backoffice/translations/missing/999999/fixed", {
      method: "POST",
      token: staff.token,
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(unknown.status).toBe(404);

    // A later report opens it again.
    rt.clock.advance(MISSING_KEY_LIMITS.global.windowMs * 2);
    await report({ keys: [{ lng: "en", ns: "directory", key: "seo.nothing_here" }] }, freshIp());
    expect((await list(staff.token, "?lng=en&ns=directory")).body.data.items[0]).toMatchObject({ count: 3, fixed_at: null });
  });

  it("dismisses a key: it stays closed when reported again, its count grows; fixed and dismissed replace each other", async () => {
    rt.clock.advance(MISSING_KEY_LIMITS.global.windowMs * 2);
    await report({ keys: [{ lng: "de", ns: "search", key: "invented.by_a_script" }] }, freshIp());
    const open = await list(staff.token, "?lng=de&ns=search");
    const item = open.body.data.items.find((i) => i.key === "invented.by_a_script")!;
    expect(item).toMatchObject({ state: "open", dismissed_at: null, fixed_at: null });
    const groupsBefore = open.body.data.groups.find((g) => g.language === "de" && g.namespace === "search")!.open;

    // A member may not dismiss (another's object: the key is staff's), nor may a guest; an unknown id is a 404.
    expect((await close(member.token, item.id, "dismissed")).status).toBe(403);
    expect((await close(undefined, item.id, "dismissed")).status).toBe(401);
    expect((await close(staff.token, 999_999, "dismissed")).status).toBe(404);
    expect((await close(staff.token, "abc", "dismissed")).status).toBe(404);
    expect((await close(staff.token, item.id, "dismissed", "not json")).status).toBe(400);
    const audits = () =>
      rt.deps.db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "translation_key.dismiss")
        .where("subject_id", "=", String(item.id))
        .execute();
    const dismissed = await close(staff.token, item.id, "dismissed", JSON.stringify({ reason: "no key of ours" }));
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data).toMatchObject({ state: "dismissed", fixed_at: null });
    expect(await audits()).toHaveLength(1);

    rt.clock.advance(MISSING_KEY_LIMITS.global.windowMs * 2);
    await report({ keys: [{ lng: "de", ns: "search", key: "invented.by_a_script" }] }, freshIp());
    const after = await list(staff.token, "?lng=de&ns=search&state=dismissed");
    expect(after.body.data.items.find((i) => i.id === item.id)).toMatchObject({ state: "dismissed", count: 2 });
    expect((await list(staff.token, "?lng=de&ns=search")).body.data.items.some((i) => i.id === item.id)).toBe(false);
    const groupsAfter = (await list(staff.token)).body.data.groups.find((g) => g.language === "de" && g.namespace === "search")?.open ?? 0;
    expect(groupsAfter).toBe(groupsBefore - 1);

    // Marked fixed after all: no longer dismissed, and a later report opens it again.
    const fixed = await close(backend.token, item.id, "fixed");
    expect(fixed.body.data).toMatchObject({ state: "fixed", dismissed_at: null });
    rt.clock.advance(MISSING_KEY_LIMITS.global.windowMs * 2);
    await report({ keys: [{ lng: "de", ns: "search", key: "invented.by_a_script" }] }, freshIp());
    expect((await list(staff.token, "?lng=de&ns=search")).body.data.items.find((i) => i.id === item.id)).toMatchObject({
      state: "open",
      count: 3,
    });
  });

  it("pages the list with a total; both staff roles may read it (content.edit), and a bad page is a 400", async () => {
    rt.clock.advance(MISSING_KEY_LIMITS.global.windowMs * 2);
    // Enough keys in one namespace for two pages, in reports of 20 from several addresses.
    const wanted = MISSING_KEYS_PER_PAGE + 3;
    for (let start = 0; start < wanted; start += MISSING_KEY_LIMITS.keysPerReport) {
      const keys = Array.from({ length: Math.min(MISSING_KEY_LIMITS.keysPerReport, wanted - start) }, (_, i) => ({
        lng: "pl",
        ns: "checkout",
        key: `paged.k${start + i}`,
      }));
      expect((await report({ keys }, freshIp())).status).toBe(200);
    }
    const first = await list(staff.token, "?lng=pl&ns=checkout");
    expect(first.body.data).toMatchObject({ total: wanted, page: 1, per_page: MISSING_KEYS_PER_PAGE });
    expect(first.body.data.items).toHaveLength(MISSING_KEYS_PER_PAGE);
    const second = await list(backend.token, "?lng=pl&ns=checkout&page=2");
    expect(second.status).toBe(200);
    expect(second.body.data.items).toHaveLength(3);
    const ids = new Set([...first.body.data.items, ...second.body.data.items].map((i) => i.id));
    expect(ids.size).toBe(wanted);
    expect((await list(staff.token, "?lng=pl&ns=checkout&page=3")).body.data.items).toEqual([]);
    for (const page of ["0", "-1", "x", "99999"]) expect((await list(staff.token, `?page=${page}`)).status, page).toBe(400);
    expect((await list(staff.token, "?state=nonsense")).status).toBe(400);
    expect((await list(member.token, "?page=2")).status).toBe(403);
  });
});
