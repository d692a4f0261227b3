import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRAIT_GROUPS } from "#server/contract/traits";
import { GENDER } from "#server/contract/users";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Envelope<T> {
  code: number;
  data: T;
}

interface RegisterData {
  user_types: Array<{ key: string; id: number; label_key: string }>;
  all_user_types: Record<string, number>;
  genders: Array<{ key: string; code: number; label_key: string }>;
  salutations: Array<{ key: string; label_key: string }>;
  register_steps: { individual: Array<{ key: string; step: number }>; business: string[] };
  measures: Record<string, { min: number; max: number; unit: string }>;
  trait_groups: Array<{
    key: string;
    choice: "single" | "multiple";
    user_types: string[];
    required_at_registration: boolean;
    title_key: string;
    categories: Array<{ key: string; label_key: string }>;
    options: Array<{ id: number; key: string; category?: string; label_key: string }>;
  }>;
}

describe(`definitions endpoints (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function get<T>(path: string, headers: Record<string, string> = {}, token?: string) {
    const response = await rt.request(path, { headers, token });
    return { response, body: (await response.json()) as Envelope<T> };
  }

  describe("GET /api/v2/definitions/languages", () => {
    it("lists de, en, es, pl with only de and en offered, names in the request language", async () => {
      const { response, body } = await get<Array<{ code: string; name: string; native_name: string; offered: boolean }>>(
        "/api/v2/definitions/languages",
        {
          "accept-language": "en-GB,en;q=0.9",
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toMatch(/^public/);
      expect(response.headers.get("vary")).toMatch(/accept-language/i);
      expect(body.data).toEqual([
        { code: "de", name: "German", native_name: "Deutsch", offered: true },
        { code: "en", name: "English", native_name: "English", offered: true },
        { code: "es", name: "Spanish", native_name: "Español", offered: false },
        { code: "pl", name: "Polish", native_name: "Polski", offered: false },
      ]);
    });

    it("falls back to German names without accept-language, and capitalizes Spanish ones", async () => {
      const de = await get<Array<{ code: string; name: string }>>("/api/v2/definitions/languages");
      expect(de.body.data.map((l) => l.name)).toEqual(["Deutsch", "Englisch", "Spanisch", "Polnisch"]);
      const es = await get<Array<{ code: string; name: string }>>("/api/v2/definitions/languages", { "accept-language": "es-ES" });
      expect(es.body.data.map((l) => l.name)).toEqual(["Alemán", "Inglés", "Español", "Polaco"]);
    });
  });

  describe("GET /api/v2/definitions/countries", () => {
    type Country = { code: string; name: string; phone_code: number };

    it("names countries in the request language and sorts them by that language", async () => {
      const de = await get<Country[]>("/api/v2/definitions/countries", { "accept-language": "de-DE" });
      const en = await get<Country[]>("/api/v2/definitions/countries", { "accept-language": "en-US" });
      expect(de.response.status).toBe(200);
      expect(de.response.headers.get("vary")).toMatch(/accept-language/i);
      const byCode = (list: Country[]) => Object.fromEntries(list.map((c) => [c.code, c.name]));
      expect(byCode(de.body.data)).toMatchObject({ DE: "Deutschland", AT: "Österreich", CH: "Schweiz", NL: "Niederlande" });
      expect(byCode(en.body.data)).toMatchObject({ DE: "Germany", AT: "Austria", CH: "Switzerland", NL: "Netherlands" });
      expect(de.body.data.map((c) => c.code).sort()).toEqual(en.body.data.map((c) => c.code).sort());

      const collator = new Intl.Collator("de-DE");
      const names = de.body.data.map((c) => c.name);
      expect(names).toEqual([...names].sort(collator.compare));
      // German collation puts Ö with O, not after Z.
      expect(names.indexOf("Österreich")).toBeLessThan(names.indexOf("Polen"));
    });

    it("carries the phone codes of spec section 9", async () => {
      const { body } = await get<Country[]>("/api/v2/definitions/countries");
      const phone = Object.fromEntries(body.data.map((c) => [c.code, c.phone_code]));
      expect(phone).toMatchObject({ DE: 49, AT: 43, CH: 41, NL: 31 });
    });
  });

  describe("GET /api/v2/definitions/register", () => {
    it("offers client, escort and business only, with the full enum beside", async () => {
      const { response, body } = await get<RegisterData>("/api/v2/definitions/register");
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toMatch(/^public/);
      expect(body.data.user_types).toEqual([
        { key: "client", id: 1, label_key: "user_types.client" },
        { key: "escort", id: 2, label_key: "user_types.escort" },
        { key: "business", id: 3, label_key: "user_types.business" },
      ]);
      expect(body.data.all_user_types).toEqual({ guest: 0, client: 1, escort: 2, business: 3, backend: 9, team: 10 });
    });

    it("returns genders with their codes, salutations and the register steps", async () => {
      const { body } = await get<RegisterData>("/api/v2/definitions/register");
      expect(Object.fromEntries(body.data.genders.map((g) => [g.key, g.code]))).toEqual(GENDER);
      expect(body.data.genders.find((g) => g.key === "couple_female_male")).toEqual({
        key: "couple_female_male",
        code: 7,
        label_key: "traits.gender.couple_female_male",
      });
      expect(body.data.salutations.map((s) => s.key)).toEqual(["mr", "ms"]);
      expect(body.data.register_steps.individual).toEqual([
        { key: "sign-up", step: 1 },
        { key: "photo", step: 2 },
        { key: "profile", step: 3 },
        { key: "appearance", step: 4 },
        { key: "services", step: 5 },
        { key: "availability", step: 6 },
        { key: "completed", step: 10 },
      ]);
      expect(body.data.register_steps.business).toEqual(["basic", "services", "schedule", "description", "photo", "escorts"]);
      expect(body.data.measures.height).toEqual({ min: 145, max: 230, unit: "cm" });
    });

    it("returns every trait group with options and label keys", async () => {
      const { body } = await get<RegisterData>("/api/v2/definitions/register");
      const groups = body.data.trait_groups;
      expect(groups.map((g) => g.key)).toEqual(TRAIT_GROUPS.map((g) => g.key));
      expect(groups.filter((g) => g.required_at_registration).map((g) => [g.key, g.choice])).toEqual([
        ["relationship_status", "single"],
        ["sexuality", "single"],
        ["race_type", "single"],
      ]);
      const service = groups.find((g) => g.key === "escort_service")!;
      expect(service).toMatchObject({ choice: "multiple", title_key: "traits.escort_service._title" });
      expect(service.categories).toEqual([
        { key: "soft", label_key: "traits.escort_service._categories.soft" },
        { key: "hard", label_key: "traits.escort_service._categories.hard" },
        { key: "clothing", label_key: "traits.escort_service._categories.clothing" },
        { key: "fetish", label_key: "traits.escort_service._categories.fetish" },
      ]);
      expect(service.options.find((o) => o.id === 133)).toEqual({
        id: 133,
        key: "travel_companion",
        category: "soft",
        label_key: "traits.escort_service.travel_companion",
      });
      const figure = groups.find((g) => g.key === "figure_type")!;
      expect(figure.categories).toEqual([]);
      expect(figure.options[0]).toEqual({ id: 1, key: "petite", label_key: "traits.figure_type.petite" });
      const cup = groups.find((g) => g.key === "cup_size")!;
      expect(cup.options.find((o) => o.key === "k")).toEqual({ id: 11, key: "k", category: "k_plus", label_key: "traits.cup_size.k" });
      expect(groups.find((g) => g.key === "company_room")!.user_types).toEqual(["business"]);
    });

    it("is the same for every language and user (labels are keys)", async () => {
      const user = await createUser(rt);
      const { body: tokens } = await login(rt, user.username, user.password);
      const guestDe = await get<RegisterData>("/api/v2/definitions/register", { "accept-language": "de" });
      const memberEn = await get<RegisterData>("/api/v2/definitions/register", { "accept-language": "en" }, String(tokens.access_token));
      expect(memberEn.body).toEqual(guestDe.body);
      expect(memberEn.response.headers.get("etag")).toBe(guestDe.response.headers.get("etag"));
    });

    it("answers 304 without a body when If-None-Match carries the current ETag", async () => {
      const first = await rt.request("/api/v2/definitions/register");
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]+"$/);

      for (const header of [etag!, `W/${etag}`, `"stale", ${etag}`, "*"]) {
        const again = await rt.request("/api/v2/definitions/register", { headers: { "if-none-match": header } });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe("");
        expect(again.headers.get("etag")).toBe(etag);
        expect(again.headers.get("cache-control")).toMatch(/^public/);
      }

      const stale = await rt.request("/api/v2/definitions/register", { headers: { "if-none-match": '"something-else"' } });
      expect(stale.status).toBe(200);
      expect(((await stale.json()) as Envelope<RegisterData>).data.trait_groups.length).toBe(TRAIT_GROUPS.length);
    });
  });

  it("documents the three endpoints in the OpenAPI document", async () => {
    const response = await rt.request("/api/v2/openapi.json");
    const doc = (await response.json()) as { paths: Record<string, { get?: { tags: string[] } }> };
    for (const path of ["/api/v2/definitions/languages", "/api/v2/definitions/countries", "/api/v2/definitions/register"]) {
      expect(doc.paths[path]?.get?.tags).toEqual(["definitions"]);
    }
  });
});
