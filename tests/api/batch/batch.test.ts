/**
 * POST /api/v2/batch: named calls through the same API with the caller's
 * auth, results per name, path rules and the 20-call limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BATCH_MAX_CALLS, isBatchablePath } from "#server/contract/batch";
import { expectErrorShape, freshIp, jsonOf, passwordLogin } from "../../helpers/auth";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

type Results = Record<string, { status: number; body: Record<string, unknown> & { data?: unknown } }>;

describe(`batch (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  const batch = (requests: unknown, token?: string) =>
    rt.request("/api/v2/batch", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ requests }),
      token,
      ip: freshIp(),
    });

  async function results(requests: unknown, token?: string): Promise<Results> {
    const response = await batch(requests, token);
    expect(response.status).toBe(200);
    const json = (await response.json()) as { code: number; data: Results };
    expect(json.code).toBe(200);
    return json.data;
  }

  it("runs named calls with the caller's token and reports each by name", async () => {
    const user = await createUser(rt);
    const token = (await passwordLogin(rt, user.username, user.password, freshIp())).body.access_token!;
    const data = await results(
      {
        me: { path: "/api/v2/user/data" },
        languages: { method: "GET", path: "/api/v2/definitions/languages" },
        missing: { path: "/api/v2/no/such/endpoint" },
        weak: { method: "POST", path: "/api/v2/registration/password/validate", body: { password: "short" } },
        strong: { method: "POST", path: "/api/v2/registration/password/validate", body: { password: "long-enough-1" } },
      },
      token,
    );
    expect(Object.keys(data).sort()).toEqual(["languages", "me", "missing", "strong", "weak"]);
    expect(data.me!.status).toBe(200);
    expect(data.me!.body.data).toMatchObject({ id: user.id, username: user.username });
    expect(data.languages!.status).toBe(200);
    expect(data.strong).toEqual({ status: 200, body: { code: 200, data: { valid: true } } });
    // Failures stay with their name and keep the error shape.
    expect(data.missing!.status).toBe(404);
    expectErrorShape(data.missing!.body, 404);
    expect(data.weak!.status).toBe(400);
    expectErrorShape(data.weak!.body, 400);
    expect(data.weak!.body.errors).toContainEqual(expect.objectContaining({ key: "validation.password.too_short", source: "password" }));
  });

  it("runs calls without a token as anonymous: auth-only calls answer 401 each", async () => {
    const data = await results({ me: { path: "/api/v2/user/data" }, languages: { path: "/api/v2/definitions/languages" } });
    expect(data.me!.status).toBe(401);
    expectErrorShape(data.me!.body, 401);
    expect(data.languages!.status).toBe(200);
  });

  it("passes params as the query string", async () => {
    const user = await createUser(rt);
    await rt.request("/api/v2/registration/password/forgot", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email }),
    });
    const data = await results({
      one: { path: "/api/v2/dev/outbox", params: { to: user.email, limit: 1 } },
      bad: { path: "/api/v2/dev/outbox", params: { limit: "lots" } },
    });
    expect(data.one!.status).toBe(200);
    const mails = data.one!.body.data as Array<{ recipient: string }>;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(user.email);
    expect(data.bad!.status).toBe(400);
    expect(data.bad!.body.errors).toEqual([expect.objectContaining({ source: "limit" })]);
  });

  it("refuses paths that leave /api/v2/ or reach /batch again, in any spelling", async () => {
    const refused = [
      "/api/v2/batch",
      "/api/v2/batch/",
      "/api/v2/BATCH",
      "/api/v2/x/../batch",
      "/api/v2/./batch",
      "/api/v2/%62atch",
      "/api/v2/%2e%2e/v2/batch",
      "/api/v2//batch",
      "/api/v2/user/%2e%2e/%2e%2e/batch",
      "/oauth/v2/token",
      "/api/v1/user/data",
      "api/v2/user/data",
      "http://evil.test/api/v2/user/data",
      "//evil.test/api/v2/user/data",
      "/api/v2/user/data?x=1",
      "/api/v2/user/data#x",
      "/api/v2/%zz",
      "/api/v2/",
      "",
    ];
    for (const path of refused) {
      expect(isBatchablePath(path), path).toBe(false);
      const response = await batch({ call: { path } });
      expect(response.status, path).toBe(400);
      const json = await jsonOf(response);
      expectErrorShape(json, 400);
      expect(json.errors, path).toContainEqual(expect.objectContaining({ source: "requests.call.path" }));
    }
    for (const path of [
      "/api/v2/user/data",
      "/api/v2/definitions/languages",
      "/api/v2/pages/legal/terms_and_conditions",
      "/api/v2/batched-thing",
    ]) {
      expect(isBatchablePath(path), path).toBe(true);
    }
  });

  it("never runs a batch inside a batch, even if a path got past the rule", async () => {
    // The /batch handler's own guard: dispatched calls are marked inBatch.
    const response = await rt.api.fetch(
      new Request("http://velora.test/api/v2/batch", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ requests: { a: { path: "/api/v2/user/data" } } }),
      }),
      { remoteAddress: freshIp(), inBatch: true },
    );
    expect(response.status).toBe(400);
    expectErrorShape(await jsonOf(response), 400);
  });

  it(`takes 1 to ${BATCH_MAX_CALLS} calls`, async () => {
    expect(BATCH_MAX_CALLS).toBe(20);
    const calls = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`call_${i}`, { path: "/api/v2/definitions/languages" }]));
    const full = await results(calls(20));
    expect(Object.keys(full)).toHaveLength(20);
    expect(Object.values(full).every((r) => r.status === 200)).toBe(true);
    for (const n of [0, 21]) {
      const response = await batch(calls(n));
      expect(response.status).toBe(400);
      const json = await jsonOf(response);
      expectErrorShape(json, 400);
      expect(json.errors).toEqual([expect.objectContaining({ key: "validation.batch.size", source: "requests" })]);
    }
  });

  it("refuses bad names, methods and shapes with field errors", async () => {
    const cases: Array<[unknown, string]> = [
      [{ "bad name!": { path: "/api/v2/user/data" } }, "validation.batch.name"],
      [{ ["x".repeat(65)]: { path: "/api/v2/user/data" } }, "validation.batch.name"],
      [{ a: { method: "TRACE", path: "/api/v2/user/data" } }, "validation.batch.method"],
      [{ a: { method: "get", path: "/api/v2/user/data" } }, "validation.batch.method"],
      [{ a: {} }, "validation.required"],
      [{ a: "GET /api/v2/user/data" }, "validation.required"],
      [[{ path: "/api/v2/user/data" }], "validation.required"],
      ["nope", "validation.required"],
    ];
    for (const [requests, key] of cases) {
      const response = await batch(requests);
      expect(response.status, JSON.stringify(requests).slice(0, 60)).toBe(400);
      const json = await jsonOf(response);
      expectErrorShape(json, 400);
      expect(
        (json.errors as { key: string }[]).map((e) => e.key),
        JSON.stringify(requests).slice(0, 60),
      ).toContain(key);
    }
  });
});
