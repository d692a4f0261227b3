/**
 * The web tier's client against the real v2 API on a real database (the
 * in-process path the host uses), so the msw answers in the unit tests are
 * known to match what the API really sends: the token grant with a
 * form-encoded body, field errors, camelized data, the batch envelope and the
 * 401 → login redirect with a revoked token.
 */
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inProcessCaller } from "#server/api/internal-call";
import { defineOperation } from "#server/contract/operation";
import { authOps } from "#server/contract/operations/auth";
import { definitionsOps } from "#server/contract/operations/definitions";
import { batchCall, createApiClient, type ApiResult } from "~/api/client.server";
import { createTestRuntime, createUser, type TestRuntime } from "../../helpers/runtime";

let runtime: TestRuntime;

beforeAll(async () => {
  vi.stubEnv("API_URL", ""); // the host's in-process API, not an external one
  runtime = await createTestRuntime();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await runtime.close();
});

const VISITOR = "contract-visitor-1";

/**
 * The host's two in-process ways: `apiFetch` (a Request, the body read back; the client's raw calls and hosts
 * without `apiCall`) and `apiCall` (the JSON calls' light path, ADR 053). Every test runs over both.
 */
const TRANSPORTS = ["apiFetch", "apiCall"] as const;
let transport: (typeof TRANSPORTS)[number] = "apiFetch";

/** A client as a loader on `path` would create it, with the host's in-process API. */
function clientFor(path: string, cookie = `km_ff=${VISITOR}`) {
  const request = new Request(`http://velora.test${path}`, { headers: { cookie } });
  const bindings = { remoteAddress: "203.0.113.20", internal: true };
  const context = {
    apiFetch: (apiRequest: Request) => runtime.api.fetch(apiRequest, bindings),
    ...(transport === "apiCall" ? { apiCall: inProcessCaller(runtime.api, bindings) } : {}),
    clientAddress: "203.0.113.20",
  } as unknown as AppLoadContext;
  return createApiClient({ request, context, now: () => runtime.clock.now() });
}

function signedIn(token: string) {
  return `tk=${token}; tk_expired_at=${runtime.clock.now() + 60_000}; km_ff=${VISITOR}`;
}

function expectSuccess<T>(result: ApiResult<T>) {
  if (!result.ok) throw new Error(`expected a success, got ${JSON.stringify(result)}`);
  return result;
}

async function tokenFor(username: string, password: string): Promise<string> {
  const result = await clientFor("/de/login").op(authOps.token, {
    auth: false,
    handleErrors: true,
    body: { grant_type: "password", username, password },
  });
  return expectSuccess(result).data.access_token;
}

describe.each(TRANSPORTS)("the client against the real API (in process over %s)", (name) => {
  beforeAll(() => {
    transport = name;
  });

  it("logs in over /oauth/v2/token with a form-encoded body and reads camelized user data", async () => {
    const user = await createUser(runtime);
    const token = await tokenFor(user.username, user.password);
    expect(token.length).toBeGreaterThan(20);
    const me = expectSuccess(await clientFor("/de/my_dashboard", signedIn(token)).op(authOps.userData));
    expect(me.data.username).toBe(user.username);
    expect(Object.keys(me.data).some((key) => key.includes("_"))).toBe(false);
  });

  it("a wrong password comes back as a 401-coded failure with the password field error", async () => {
    const user = await createUser(runtime);
    const result = await clientFor("/de/login").op(authOps.token, {
      auth: false,
      handleErrors: true,
      body: { grant_type: "password", username: user.username, password: "wrong-password-1" },
    });
    if (result.ok) throw new Error("expected a failure");
    expect(result.status).toBe(401);
    expect(result.errors.find((error) => error.source === "password")?.title).toBe("exception.login.invalid_credentials");
  });

  it("runs named calls through /api/v2/batch and returns each by name", async () => {
    const results = await clientFor("/en").batch({
      languages: batchCall(definitionsOps.languages),
      // No such operation: the batch answers its 404 under its name.
      missing: batchCall(defineOperation({ method: "get", path: "/api/v2/definitions/nothing_here" })),
    });
    const languages = expectSuccess(results.languages).data;
    expect(languages.map((l) => l.code)).toEqual(["de", "en", "es", "pl"]);
    expect(languages.find((l) => l.code === "de")?.nativeName).toBe("Deutsch");
    if (results.missing.ok) throw new Error("expected a failure");
    expect(results.missing.status).toBe(404);
    expect(results.missing.errors[0]?.title).toBe("exception.common.not_found");
  });

  it("a revoked token turns the next call into a redirect to login with the current path", async () => {
    const user = await createUser(runtime);
    const token = await tokenFor(user.username, user.password);
    expectSuccess(await clientFor("/de/settings", signedIn(token)).op(authOps.logout));
    let thrown: unknown;
    try {
      await clientFor("/de/settings?tab=privacy", signedIn(token)).op(authOps.userData);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe(`/de/login?r=${encodeURIComponent("/de/settings?tab=privacy")}`);
  });
});
