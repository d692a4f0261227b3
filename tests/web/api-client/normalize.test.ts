/** Error-body normalization and camelizing (spec section 8; section 7 "camelized"). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { camelize, isUnauthorized, normalizeErrors } from "~/api/normalize";
import { DEFAULT_ERROR_KEY, type ErrorItem } from "#server/contract/errors";

const nonBlank = (value: unknown) => typeof value === "string" && value.trim() !== "";

function expectWellFormed(items: ErrorItem[]) {
  expect(items.length).toBeGreaterThanOrEqual(1);
  for (const e of items) {
    expect(typeof e.code === "number" ? Number.isFinite(e.code) : nonBlank(e.code)).toBe(true);
    expect(nonBlank(e.title)).toBe(true);
    expect(nonBlank(e.message)).toBe(true);
    expect(nonBlank(e.key)).toBe(true);
    if ("source" in e) expect(nonBlank(e.source)).toBe(true);
    if ("params" in e) {
      for (const value of Object.values(e.params ?? {})) expect(typeof value === "string" || typeof value === "number").toBe(true);
    }
  }
}

describe("normalizeErrors", () => {
  it("keeps an errors list as is, filling message and key from the title", () => {
    expect(
      normalizeErrors(400, {
        code: 400,
        errors: [
          { code: 400, title: "validation.required", source: "email" },
          { title: "exception.a", message: "exception.a.detail", key: "a_key", params: { min: 1, bad: { x: 1 } } },
          "exception.plain_string",
        ],
      }),
    ).toEqual([
      { code: 400, title: "validation.required", message: "validation.required", key: "validation.required", source: "email" },
      { code: 400, title: "exception.a", message: "exception.a.detail", key: "a_key", params: { min: 1 } },
      { code: 400, title: "exception.plain_string", message: "exception.plain_string", key: "exception.plain_string" },
    ]);
  });

  it("uses error_description as the title and error as the key; unauthorized OAuth errors get code 401", () => {
    expect(normalizeErrors(400, { error: "invalid_scope", error_description: "Scope not allowed" })).toEqual([
      { code: 400, title: "Scope not allowed", message: "Scope not allowed", key: "invalid_scope" },
    ]);
    expect(normalizeErrors(400, { error: "invalid_grant" })).toEqual([
      { code: 401, title: "invalid_grant", message: "invalid_grant", key: "invalid_grant" },
    ]);
    expect(normalizeErrors(403, { error: "access_denied" })[0]!.code).toBe(401);
  });

  it("turns a short string body into one item and a long or HTML one into the default", () => {
    expect(normalizeErrors(503, "  Maintenance\n")).toEqual([
      { code: 503, title: "Maintenance", message: "Maintenance", key: "Maintenance" },
    ]);
    expect(normalizeErrors(502, "<!doctype html><p>Bad gateway</p>")[0]!.title).toBe(DEFAULT_ERROR_KEY);
    expect(normalizeErrors(500, "x".repeat(301))[0]!.title).toBe(DEFAULT_ERROR_KEY);
    expect(normalizeErrors(500, "x".repeat(300))[0]!.title).toBe("x".repeat(300));
    expect(normalizeErrors(500, "   ")[0]!.title).toBe(DEFAULT_ERROR_KEY);
  });

  it("turns a keyed object, top level or under errors, into items with key, title and source", () => {
    const expected = [
      { code: 422, title: "validation.email.taken", message: "validation.email.taken", key: "email", source: "email" },
      { code: 422, title: "too short", message: "too short", key: "password", source: "password" },
      { code: 422, title: "too simple", message: "too simple", key: "password", source: "password" },
    ];
    expect(normalizeErrors(422, { code: 422, email: "validation.email.taken", password: ["too short", "too simple"] })).toEqual(expected);
    expect(normalizeErrors(422, { code: 422, errors: { email: "validation.email.taken", password: ["too short", "too simple"] } })).toEqual(
      expected,
    );
  });

  it.each([
    ["null", null],
    ["a number", 42],
    ["an array", [1, 2]],
    ["an empty object", {}],
    ["only the envelope", { code: 500, data: null }],
    ["an empty errors list", { code: 500, errors: [] }],
    ["nested objects", { code: 500, detail: { reason: "x" } }],
    ["an empty message list", { email: [] }],
  ])("falls back to the default item for %s", (_name, body) => {
    expect(normalizeErrors(500, body)).toEqual([
      { code: 500, title: DEFAULT_ERROR_KEY, message: DEFAULT_ERROR_KEY, key: DEFAULT_ERROR_KEY },
    ]);
  });

  it("never lets a malformed list entry through (wrong types become the default)", () => {
    const items = normalizeErrors(400, {
      errors: [null, 7, [], { code: {}, title: ["x"], key: "", source: "" }, { code: "E_X", title: "" }],
    });
    expect(items).toHaveLength(5);
    expect(items.map((e) => e.title)).toEqual([
      DEFAULT_ERROR_KEY,
      DEFAULT_ERROR_KEY,
      DEFAULT_ERROR_KEY,
      DEFAULT_ERROR_KEY,
      DEFAULT_ERROR_KEY,
    ]);
    expect(items.map((e) => e.code)).toEqual([400, 400, 400, 400, "E_X"]);
    expect(items.some((e) => "source" in e)).toBe(false);
  });

  it("property: any JSON body gives at least one well-formed item", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 599 }), fc.jsonValue(), (status, body) => {
        expectWellFormed(normalizeErrors(status, body));
      }),
      { numRuns: 500 },
    );
  });

  it("property: error-shaped bodies with arbitrary field values give well-formed items, one per list entry", () => {
    const entry = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          code: fc.jsonValue(),
          title: fc.jsonValue(),
          message: fc.jsonValue(),
          key: fc.jsonValue(),
          source: fc.jsonValue(),
          params: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
    );
    const body = fc.oneof(
      fc.record({ code: fc.jsonValue(), errors: fc.array(entry, { minLength: 1, maxLength: 5 }) }),
      fc.record({ error: fc.jsonValue(), error_description: fc.jsonValue() }, { requiredKeys: [] }),
      fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.array(fc.string()))),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 599 }), body, (status, value) => {
        const items = normalizeErrors(status, value);
        expectWellFormed(items);
        const list = (value as { errors?: unknown }).errors;
        if (Array.isArray(list)) expect(items).toHaveLength(list.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe("isUnauthorized", () => {
  it("is true for HTTP 401, invalid_grant/access_denied (as OAuth error or item key) and items with code 401", () => {
    expect(isUnauthorized(401, {}, [])).toBe(true);
    expect(isUnauthorized(400, { error: "invalid_grant", errors: [] }, normalizeErrors(400, { errors: [{ title: "x" }] }))).toBe(true);
    expect(isUnauthorized(400, {}, normalizeErrors(400, { errors: [{ key: "access_denied" }] }))).toBe(true);
    expect(isUnauthorized(200, {}, [{ code: 401, title: "t", message: "t", key: "k" }])).toBe(true);
  });

  it("is false for other failures", () => {
    expect(isUnauthorized(400, { error: "invalid_request" }, normalizeErrors(400, { error: "invalid_request" }))).toBe(false);
    expect(isUnauthorized(403, {}, normalizeErrors(403, { errors: [{ code: 403, key: "exception.common.forbidden" }] }))).toBe(false);
    expect(isUnauthorized(500, "Unauthorized", normalizeErrors(500, "Unauthorized"))).toBe(false);
  });
});

describe("camelize", () => {
  it("camelizes snake_case keys deeply through objects and arrays, values untouched", () => {
    expect(
      camelize({ user_id: 1, profile_data: { display_name: "a_b", photo_list: [{ is_main: true, url_2x: "x" }] }, tags: ["snake_value"] }),
    ).toEqual({ userId: 1, profileData: { displayName: "a_b", photoList: [{ isMain: true, url2x: "x" }] }, tags: ["snake_value"] });
  });

  it("keeps leading underscores, runs of underscores and already-camel keys", () => {
    expect(camelize({ _id: 1, __v: 2, a__b: 3, alreadyCamel: 4, UPPER_CASE: 5 })).toEqual({
      _id: 1,
      __v: 2,
      a__b: 3,
      alreadyCamel: 4,
      UPPER_CASE: 5,
    });
  });

  it("never drops a key when two would meet: the camel one keeps its name, the other its original", () => {
    expect(camelize({ a_b: 1, aB: 2 })).toEqual({ a_b: 1, aB: 2 });
    expect(camelize({ aB: 2, a_b: 1, c_d: 3 })).toEqual({ aB: 2, a_b: 1, cD: 3 });
  });

  it("leaves class instances (dates) alone and a __proto__ key as plain data", () => {
    const date = new Date(0);
    expect(camelize<{ createdAt: Date }>({ created_at: date }).createdAt).toBe(date);
    const parsed = camelize<Record<string, unknown>>(JSON.parse('{"__proto__": {"is_admin": true}}'));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(["__proto__"]);
    expect((parsed as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });

  /** All leaf values and the key count of every object, as sorted multisets. */
  function shape(value: unknown): { leaves: unknown[]; keyCounts: number[] } {
    const leaves: unknown[] = [];
    const keyCounts: number[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") {
        const entries = Object.entries(v);
        keyCounts.push(entries.length);
        entries.forEach(([, inner]) => walk(inner));
      } else leaves.push(v);
    };
    walk(value);
    // Order-free: integer-like keys ("1_0" → "10") move to the front of a JS object.
    const byJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null).localeCompare(JSON.stringify(b ?? null));
    return { leaves: leaves.sort(byJson), keyCounts: keyCounts.sort((a, b) => a - b) };
  }

  // A tiny alphabet, so keys that meet after camelizing ("a_b"/"aB", "b_1"/"b1") come up often.
  const snakeKey = fc.oneof(
    { arbitrary: fc.stringMatching(/^[ab1B_]{1,4}$/), weight: 4 },
    { arbitrary: fc.stringMatching(/^_?[a-zA-Z0-9]{0,4}(_{1,2}[a-zA-Z0-9]{0,4}){0,3}$/), weight: 1 },
    { arbitrary: fc.string(), weight: 1 },
  );
  const snakeJson = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      fc.jsonValue({ maxDepth: 0 }),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(snakeKey, tie("value"), { maxKeys: 6 }),
    ),
  })).value;

  it("property: never loses keys or values, and camelizing twice changes nothing more", () => {
    fc.assert(
      fc.property(snakeJson, (value) => {
        const once = camelize(value);
        expect(shape(once)).toEqual(shape(value));
        expect(camelize(once)).toEqual(once);
        // The result has no key left that could still be camelized.
        const keys: string[] = [];
        const collect = (v: unknown) => {
          if (Array.isArray(v)) v.forEach(collect);
          else if (v && typeof v === "object") Object.entries(v).forEach(([k, inner]) => (keys.push(k), collect(inner)));
        };
        collect(once);
        const originals = new Set<string>();
        const collectOriginal = (v: unknown) => {
          if (Array.isArray(v)) v.forEach(collectOriginal);
          else if (v && typeof v === "object") Object.entries(v).forEach(([k, inner]) => (originals.add(k), collectOriginal(inner)));
        };
        collectOriginal(value);
        for (const key of keys) {
          if (/[A-Za-z0-9]_[a-z0-9]/.test(key)) expect(originals.has(key)).toBe(true); // only kept when its camel form was taken
        }
      }),
      { numRuns: 500 },
    );
  });

  /** camelize as it was before ADR 179 (entry pairs, a Set per object, a property descriptor per key): the reference. */
  function camelizeBefore(value: unknown): unknown {
    const camelKey = (key: string) => key.replace(/(?<=[A-Za-z0-9])_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
    if (Array.isArray(value)) return value.map((entry) => camelizeBefore(entry));
    if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      const entries = Object.entries(value as Record<string, unknown>);
      const used = new Set(entries.map(([key]) => key).filter((key) => camelKey(key) === key));
      const out: Record<string, unknown> = {};
      for (const [key, entry] of entries) {
        let name = key;
        const camel = camelKey(key);
        if (camel !== key) {
          name = used.has(camel) ? key : camel;
          used.add(name);
        }
        Object.defineProperty(out, name, { value: camelizeBefore(entry), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    return value;
  }

  /** Every object's own keys in order, its prototype and its leaves: what a caller can tell apart. */
  function layout(value: unknown): unknown {
    if (Array.isArray(value)) return ["array", value.map(layout)];
    if (value && typeof value === "object") {
      const descriptors = Object.getOwnPropertyDescriptors(value);
      return [
        Object.getPrototypeOf(value) === Object.prototype ? "object" : "other",
        Reflect.ownKeys(value).map((key) => {
          const { enumerable, writable, configurable } = descriptors[key as string]!;
          return [String(key), enumerable, writable, configurable, layout((value as Record<string, unknown>)[key as string])];
        }),
      ];
    }
    return ["leaf", typeof value, value];
  }

  it("property: the same objects as before ADR 179, key for key and in the same order, __proto__ kept as data", () => {
    const withProto = fc.oneof(
      snakeJson,
      snakeJson.map((inner) => JSON.parse(`{"__proto__": ${JSON.stringify(inner) ?? "null"}, "a_b": 1}`) as unknown),
    );
    fc.assert(
      fc.property(withProto, (value) => {
        expect(layout(camelize(value))).toEqual(layout(camelizeBefore(value)));
      }),
      { numRuns: 1000 },
    );
  });
});
