/**
 * The error shape everywhere (spec section 8): unknown routes, auth
 * failures, unreadable bodies, and a property test that throws random input
 * at the POST endpoints and never gets a 5xx or a malformed error item.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiApp } from "#server/api/app";
import { expectErrorShape, freshIp, jsonOf } from "../helpers/auth";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../helpers/runtime";

describe(`API error shape (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it("answers unknown routes and methods with 404 {code, errors}", async () => {
    for (const [method, path] of [
      ["GET", "/api/v2/no/such/route"],
      ["POST", "/api/v2/no/such/route"],
      ["DELETE", "/api/v2/user/data"],
      ["GET", "/oauth/v2/token"],
      ["GET", "/oauth/v2/authorize"],
      ["GET", "/api/v2/%E0%A4%A"],
    ] as const) {
      const response = await rt.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await jsonOf(response);
      expectErrorShape(body, 404);
      expect(body.errors).toEqual([
        { code: 404, title: "exception.common.not_found", message: "exception.common.not_found", key: "exception.common.not_found" },
      ]);
    }
  });

  it("marks answers private, no-store unless a route chose its own caching", async () => {
    for (const path of ["/api/v2/captcha", "/api/v2/no/such/route", "/api/v2/user/data", "/api/v2/openapi.json"]) {
      expect((await rt.request(path)).headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("answers unreadable JSON bodies with 400 items, and oversized ones with 413", async () => {
    const post = (body: string, type = "application/json") =>
      rt.request("/api/v2/registration/password/validate", { method: "POST", headers: { "content-type": type }, body, ip: freshIp() });
    const malformed = await post('{"password": ');
    expect(malformed.status).toBe(400);
    expect((await jsonOf(malformed)).errors).toEqual([expect.objectContaining({ key: "validation.malformed_json" })]);
    for (const body of ["null", "[]", "42", '"text"', "{}", ""]) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expectErrorShape(await jsonOf(response), 400);
    }
    const huge = await post(JSON.stringify({ password: "a1".repeat(600_000) }));
    expect(huge.status).toBe(413);
    expectErrorShape(await jsonOf(huge), 413);
    // A form body on a JSON route is read as a form, and validated the same way.
    const form = await post("password=short", "application/x-www-form-urlencoded");
    expect(form.status).toBe(400);
    expect((await jsonOf(form)).errors).toContainEqual(
      expect.objectContaining({ key: "validation.password.too_short", source: "password" }),
    );
  });

  it("refuses an array where the body must be an object (it would read as an object with every field left out)", async () => {
    const member = await createUser(rt);
    const token = String((await login(rt, member.username, member.password, freshIp())).body.access_token);
    for (const body of ["[true]", "[]", '[{"search_hidden": true}]']) {
      const response = await rt.request("/api/v2/settings/search_visibility", {
        method: "PUT",
        token,
        headers: { "content-type": "application/json" },
        body,
      });
      expect(response.status, body).toBe(400);
      expect((await jsonOf(response)).errors, body).toEqual([expect.objectContaining({ key: "validation.malformed_body" })]);
    }
  });

  it("answers ids beyond the id column with 404, on PostgreSQL too (where they would fail the query)", async () => {
    const member = await createUser(rt);
    const token = String((await login(rt, member.username, member.password, freshIp())).body.access_token);
    const calls: Array<[string, string]> = [
      ["PUT", "/api/v2/media/9999999999/avatar"],
      ["PUT", "/api/v2/media/2147483648/cover"],
      ["DELETE", "/api/v2/media/9999999999"],
      ["POST", "/api/v2/media/9999999999/move-to-top"],
      ["GET", "/api/v2/user/data-export/9999999999/file"],
      ["POST", "/api/v2/tours/9999999999/cancel"],
    ];
    for (const [method, path] of calls) {
      const response = await rt.request(path, { method, token });
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expect([403, 404], `${method} ${path}`).toContain(response.status);
    }
  });

  it("answers an unexpected failure with a bare 500 item, logs it, and leaks no stack trace", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const brokenDb = new Proxy(rt.deps.db, {
      get(target, property, receiver) {
        if (property === "selectFrom")
          return () => {
            throw new Error("database is down at /secret/path.ts:12");
          };
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const api = createApiApp({ ...rt.deps, db: brokenDb });
    const response = await api.fetch(
      new Request("http://velora.test/api/v2/user/data", { headers: { authorization: "Bearer some-token" } }),
      { remoteAddress: freshIp() },
    );
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      code: 500,
      errors: [
        {
          code: 500,
          title: "exception.common.something_wrong_happened",
          message: "exception.common.something_wrong_happened",
          key: "exception.common.something_wrong_happened",
        },
      ],
    });
    expect(text).not.toMatch(/secret|database is down|\bat\s/);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it("hides the dev outbox when devRoutes is off: 404 and absent from the routes", async () => {
    expect((await rt.request("/api/v2/dev/outbox")).status).toBe(200);
    const production = createApiApp({ ...rt.deps, config: { ...rt.deps.config, devRoutes: "off" } });
    const response = await production.fetch(new Request("http://velora.test/api/v2/dev/outbox"), { remoteAddress: freshIp() });
    expect(response.status).toBe(404);
    expectErrorShape(await jsonOf(response), 404);
    expect(production.routes.map((r) => r.fullPath)).not.toContain("/api/v2/dev/outbox");
    const doc = (await jsonOf(await production.fetch(new Request("http://velora.test/api/v2/openapi.json")))) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain("/api/v2/dev/outbox");
  });

  describe("random input never yields a 5xx or a malformed error item (fast-check)", () => {
    async function expectWellFormed(response: Response, label: string) {
      expect(response.status, label).toBeLessThan(500);
      const text = await response.text();
      expect(text.length, label).toBeGreaterThan(0);
      const json = JSON.parse(text) as Record<string, unknown>;
      if (response.status >= 400) expectErrorShape(json, response.status);
      else expect(json.code === 200 || typeof json.access_token === "string", label).toBe(true);
    }

    const keys = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        "__proto__",
        "constructor",
        "prototype",
        "email",
        "password",
        "password_confirmation",
        "token",
        "requests",
        "path",
        "method",
        "body",
      ),
    );
    const jsonBodies = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.dictionary(keys, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
      fc.record({ email: fc.oneof(fc.string(), fc.emailAddress(), fc.jsonValue({ maxDepth: 1 })) }),
      fc.record({ token: fc.string(), password: fc.string({ unit: "binary", maxLength: 200 }), password_confirmation: fc.string() }),
      fc.record({
        requests: fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8 }),
          fc.record({
            method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "get", "HEAD", 7),
            path: fc.oneof(
              fc.string(),
              fc.constantFrom(
                "/api/v2/user/data",
                "/api/v2/definitions/languages",
                "/api/v2/registration/password/validate",
                "/api/v2/batch",
                "/api/v2/x/../batch",
              ),
            ),
            params: fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string(), fc.integer(), fc.boolean()), { maxKeys: 3 }),
            body: fc.jsonValue({ maxDepth: 2 }),
          }),
          { maxKeys: 4 },
        ),
      }),
    );
    const rawBodies = fc.oneof(
      fc.string({ unit: "binary", maxLength: 300 }),
      jsonBodies.map((value) => JSON.stringify(value)),
    );
    const contentTypes = fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "multipart/form-data; boundary=----x",
      "",
    );
    const jsonEndpoints = fc.constantFrom(
      "/api/v2/registration/password/forgot",
      "/api/v2/registration/password/reset",
      "/api/v2/registration/password/validate",
      "/api/v2/batch",
      "/api/v2/user/logout",
    );

    it("POST endpoints taking JSON", async () => {
      await fc.assert(
        fc.asyncProperty(jsonEndpoints, rawBodies, contentTypes, async (path, body, type) => {
          const headers: Record<string, string> = type ? { "content-type": type } : {};
          const response = await rt.request(path, { method: "POST", headers, body, ip: freshIp() });
          await expectWellFormed(response, `${path} ${type} ${body.slice(0, 80)}`);
        }),
        { numRuns: 150 },
      );
    });

    it("the OAuth token endpoint with random forms", async () => {
      const forms = fc.oneof(
        fc.dictionary(keys, fc.string({ unit: "binary", maxLength: 60 }), { maxKeys: 5 }),
        fc.record({
          grant_type: fc.constantFrom("password", "refresh_token", "client_credentials", "", "PASSWORD"),
          username: fc.string({ maxLength: 300 }),
          password: fc.string({ maxLength: 140 }),
          refresh_token: fc.string({ maxLength: 300 }),
          captcha_id: fc.string({ maxLength: 40 }),
          captcha_answer: fc.string({ maxLength: 10 }),
        }),
      );
      await fc.assert(
        fc.asyncProperty(forms, contentTypes, async (form, type) => {
          const headers: Record<string, string> = type ? { "content-type": type } : {};
          const body = new URLSearchParams(form as Record<string, string>).toString();
          const response = await rt.request("/oauth/v2/token", { method: "POST", headers, body, ip: freshIp() });
          await expectWellFormed(response, `${type} ${body.slice(0, 80)}`);
        }),
        { numRuns: 40 },
      );
    });

    it("query strings on GET endpoints", async () => {
      const paths = fc.constantFrom("/api/v2/dev/outbox", "/api/v2/captcha", "/api/v2/definitions/countries", "/api/v2/user/data");
      const queries = fc.oneof(
        fc.string({ maxLength: 60 }),
        fc
          .dictionary(fc.constantFrom("limit", "to", "lang", "x", "limit[]"), fc.string({ maxLength: 20 }), { maxKeys: 3 })
          .map((q) => new URLSearchParams(q).toString()),
        fc.constantFrom("limit=%zz", "to=%E0%A4%A", "limit=1&limit=2", "limit=0", "limit=101", "limit=1e3", "limit=-1"),
      );
      await fc.assert(
        fc.asyncProperty(paths, queries, async (path, query) => {
          const response = await rt.request(`${path}?${query}`, { ip: freshIp() });
          await expectWellFormed(response, `${path}?${query}`);
        }),
        { numRuns: 80 },
      );
    });
  });
});
