/**
 * Missing-key reports (issue 32 item 7, ADR 136): deduped per language + namespace + key with a count and first/last
 * seen, flood-limited per visitor and for everyone (429, nothing more stored), bad bodies a 4xx never a 5xx, and the
 * back office's list and "mark fixed" (staff only, one audit row).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MISSING_KEY_LIMITS } from "#server/contract/translations";
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
}
interface Answer<T> {
  data: T;
  errors?: Array<{ key: string }>;
}

describe(`missing translation keys (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let staff: { id: number; token: string };
  let member: { token: string };

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
    return { status: response.status, body: (await response.json()) as Answer<{ items: Item[]; groups: Array<{ open: number }> }> };
  }

  const rows = () => rt.deps.db.selectFrom("missing_translation_keys").selectAll().execute();

  beforeAll(async () => {
    rt = await createTestRuntime();
    staff = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
    member = await signIn(rt, await createUser(rt, { userType: USER_TYPE.escort }));
  });

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
  });

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
});
