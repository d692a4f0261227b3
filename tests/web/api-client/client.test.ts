/**
 * The web tier's v2 client against msw (spec section 7 "Shared behaviour",
 * section 8 error catalogue; issue 2 item 4). apiUrl points at
 * http://api.test, so every call goes over the global fetch msw intercepts.
 */
import { apiErrorReply } from "~/utils/api-errors";
import type { AppLoadContext } from "@remix-run/node";
import { delay, http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Operation, OperationMethod } from "#server/contract/operation";
import {
  batchCall,
  configuredTimeout,
  createApiClient,
  type ApiClient,
  type ApiResult,
  type CallSettings,
  type HttpMethod,
  type Params,
} from "~/api/client.server";
import { REQUEST_TIMEOUT_MS } from "#server/contract/constants";
import {
  CANCEL_REQUEST_CODE,
  DEFAULT_ERROR_KEY,
  NO_INTERNET_CODE,
  NO_INTERNET_ERROR_KEY,
  TIMEOUT_ERROR_KEY,
} from "#server/contract/errors";
import { apiError, apiOk } from "../../msw/api";
import { API, server, SITE, listenWithMsw } from "../../msw/server";
import { thrownResponse } from "../../helpers/thrown-response";

listenWithMsw();

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const VISITOR = "visitor-0001";
/** A live session: token plus an expiry one hour ahead. */
const SIGNED_IN = `tk=token-abc; tk_expired_at=${NOW + 3_600_000}; km_ff=${VISITOR}`;

interface PageInit {
  cookie?: string;
  headers?: Record<string, string>;
  context?: Partial<AppLoadContext>;
  sleep?: (ms: number) => Promise<void>;
}

/** A client for a page request to SITE + path. */
function clientFor(path: string, init: PageInit = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  const request = new Request(`${SITE}${path}`, { headers });
  return createApiClient({
    request,
    apiUrl: API,
    now: () => NOW,
    context: init.context as AppLoadContext | undefined,
    ...(init.sleep ? { sleep: init.sleep } : {}),
  });
}

interface CallOptions extends CallSettings {
  method?: HttpMethod;
  params?: Params;
  body?: unknown;
  /** The descriptor's `camelize: false`. */
  camelize?: false;
  /** The descriptor's `bodyFormat: "form"` (OAuth). */
  form?: true;
}

/** An operation for a made-up path: these tests are about the transport, not about any one endpoint. */
function operationFor(path: `/${string}`, { method = "GET", camelize, form }: CallOptions = {}): Operation {
  return {
    method: method.toLowerCase() as OperationMethod,
    path,
    ...(camelize === false ? { camelize } : {}),
    ...(form ? { bodyFormat: "form" as const } : {}),
  };
}

/** A call through `api.op` as an endpoint module makes it, for any path, method, query and body. */
function call<T = unknown>(api: ApiClient, path: `/${string}`, options: CallOptions = {}): Promise<ApiResult<T>> {
  const { method: _method, params, body, camelize: _camelize, form: _form, ...settings } = options;
  // A made-up operation has no schemas to type its input: the tests send what they need.
  return api.op(operationFor(path, options), { ...settings, query: params, body } as never) as Promise<ApiResult<T>>;
}

/** A batch entry for a made-up path, like `call`'s. */
function entry(path: `/${string}`, options: CallOptions = {}) {
  return batchCall(operationFor(path, options), { query: options.params, body: options.body } as never);
}

/** Records every request that reaches the handler and answers with `reply`. */
function capture(
  method: "get" | "post" | "put" | "patch" | "delete" | "all",
  url: string,
  reply: () => Response | Promise<Response> = () => apiOk({}),
) {
  const seen: Request[] = [];
  server.use(
    http[method](url, ({ request }) => {
      seen.push(request.clone());
      return reply();
    }),
  );
  return seen;
}

function expectFailure(result: ApiResult<unknown>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result;
}

function expectSuccess<T>(result: ApiResult<T>) {
  if (!result.ok) throw new Error(`expected a success, got ${JSON.stringify(result)}`);
  return result;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("method, query string and body", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"] as const)("sends the caller's method %s", async (method) => {
    const seen = capture("all", `${API}/api/v2/thing`);
    const result = await call(clientFor("/de"), "/api/v2/thing", { method });
    expect(result.ok).toBe(true);
    expect(seen.map((r) => r.method)).toEqual([method]);
  });

  it("defaults to GET", async () => {
    const seen = capture("all", `${API}/api/v2/thing`);
    await call(clientFor("/de"), "/api/v2/thing");
    expect(seen[0]!.method).toBe("GET");
  });

  it("puts GET params in the query string, arrays as repeated keys, skipping null and undefined", async () => {
    const seen = capture("get", `${API}/api/v2/search`);
    await call(clientFor("/de"), "/api/v2/search", {
      params: { page_no: 2, query: "berlin mitte", tags: ["a", "b"], verified: true, skip: undefined, none: null },
      body: { ignored: true },
    });
    const url = new URL(seen[0]!.url);
    expect(url.searchParams.get("page_no")).toBe("2");
    expect(url.searchParams.get("query")).toBe("berlin mitte");
    expect(url.searchParams.getAll("tags")).toEqual(["a", "b"]);
    expect(url.searchParams.get("verified")).toBe("true");
    expect(url.searchParams.has("skip")).toBe(false);
    expect(url.searchParams.has("none")).toBe(false);
    // GET never carries a body.
    expect(await seen[0]!.text()).toBe("");
    expect(seen[0]!.headers.get("content-type")).toBeNull();
  });

  it("sends a JSON body for other methods", async () => {
    const seen = capture("post", `${API}/api/v2/user/notes`);
    await call(clientFor("/de"), "/api/v2/user/notes", { method: "POST", body: { note_text: "hi", ids: [1, 2], nested: { a: null } } });
    expect(seen[0]!.headers.get("content-type")).toBe("application/json");
    expect(await seen[0]!.json()).toEqual({ note_text: "hi", ids: [1, 2], nested: { a: null } });
  });

  it("keeps query params on non-GET calls (POST /node/search/search-init takes query params)", async () => {
    const seen = capture("post", `${SITE}/node/search/search-init`, () => HttpResponse.json({ code: 200, data: {} }));
    await call(clientFor("/de"), "/node/search/search-init", { method: "POST", params: { city: "berlin" }, body: { a: 1 } });
    expect(new URL(seen[0]!.url).searchParams.get("city")).toBe("berlin");
    expect(await seen[0]!.json()).toEqual({ a: 1 });
  });

  it("form-encodes the body of a form operation (OAuth's /oauth/v2/token, RFC 6749)", async () => {
    const seen = capture("post", `${API}/oauth/v2/token`, () => HttpResponse.json({ access_token: "t", expires_in: 3600 }));
    const result = await call(clientFor("/de/login"), "/oauth/v2/token", {
      method: "POST",
      form: true,
      auth: false,
      body: { grant_type: "password", username: "anna", password: "p&ss=word", captcha_id: undefined, scope: ["a", "b"] },
    });
    expect(result.ok).toBe(true);
    expect(seen[0]!.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(await seen[0]!.text());
    expect(form.get("grant_type")).toBe("password");
    expect(form.get("username")).toBe("anna");
    expect(form.get("password")).toBe("p&ss=word");
    expect(form.has("captcha_id")).toBe(false);
    expect(form.getAll("scope")).toEqual(["a", "b"]);
  });
});

describe("headers", () => {
  it("sends accept, x-km-ff, x-forwarded-for from the host context and the bearer token", async () => {
    const seen = capture("get", `${API}/api/v2/user/data`);
    await call(clientFor("/de/my_dashboard", { cookie: SIGNED_IN, context: { clientAddress: "203.0.113.7" } }), "/api/v2/user/data");
    const headers = seen[0]!.headers;
    expect(headers.get("accept")).toBe("application/json");
    expect(headers.get("x-km-ff")).toBe(VISITOR);
    expect(headers.get("x-forwarded-for")).toBe("203.0.113.7");
    expect(headers.get("authorization")).toBe("Bearer token-abc");
  });

  it("takes x-forwarded-for from the first address of the incoming header without a host context", async () => {
    const seen = capture("get", `${API}/api/v2/thing`);
    await call(clientFor("/de", { headers: { "x-forwarded-for": "198.51.100.4, 10.0.0.1" } }), "/api/v2/thing");
    expect(seen[0]!.headers.get("x-forwarded-for")).toBe("198.51.100.4");
  });

  it("sends a fresh visitor id when the visitor has none, the same one the session cookie stores", async () => {
    const seen = capture("get", `${API}/api/v2/thing`);
    const api = clientFor("/de");
    await call(api, "/api/v2/thing");
    const sent = seen[0]!.headers.get("x-km-ff");
    expect(sent).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.session.setCookies.some((c) => c.startsWith(`km_ff=${sent};`))).toBe(true);
  });

  it.each([
    { path: "/en/search", cookie: undefined, expected: "en", why: "path language" },
    { path: "/de/search", cookie: "language=en", expected: "de", why: "the path wins over a stale cookie" },
    { path: "/healthz", cookie: "language=pl", expected: "pl", why: "language cookie when the path has none" },
    { path: "/healthz", cookie: "language=xx", expected: "de", why: "an unsupported cookie falls back to de" },
    { path: "/healthz", cookie: undefined, expected: "de", why: "default de" },
  ])("accept-language $expected: $why", async ({ path, cookie, expected }) => {
    const seen = capture("get", `${API}/api/v2/thing`);
    const api = clientFor(path, { cookie });
    await call(api, "/api/v2/thing");
    expect(seen[0]!.headers.get("accept-language")).toBe(expected);
    expect(api.language).toBe(expected);
  });

  it("leaves out the token when the call opts out (auth: false)", async () => {
    const seen = capture("get", `${API}/api/v2/definitions/languages`);
    await call(clientFor("/de", { cookie: SIGNED_IN }), "/api/v2/definitions/languages", { auth: false });
    expect(seen[0]!.headers.get("authorization")).toBeNull();
    expect(seen[0]!.headers.get("x-km-ff")).toBe(VISITOR);
  });

  it("sends no token for a signed-out visitor, nor for an expired 24-hour session", async () => {
    const seen = capture("get", `${API}/api/v2/thing`);
    await call(clientFor("/de", { cookie: `km_ff=${VISITOR}` }), "/api/v2/thing");
    await call(clientFor("/de", { cookie: `tk=old; tk_expired_at=${NOW - 1}; km_ff=${VISITOR}` }), "/api/v2/thing");
    expect(seen.map((r) => r.headers.get("authorization"))).toEqual([null, null]);
  });

  it("sends /node/ calls to the front end's own origin, never with the token", async () => {
    const seen = capture("get", `${SITE}/node/blog/anna/list-init`, () => HttpResponse.json({ code: 200, data: { blog_posts: [] } }));
    const result = await call(clientFor("/de/blog/anna", { cookie: SIGNED_IN }), "/node/blog/anna/list-init", { params: { page: 1 } });
    expect(expectSuccess(result).data).toEqual({ blogPosts: [] });
    expect(new URL(seen[0]!.url).origin).toBe(SITE);
    expect(seen[0]!.headers.get("authorization")).toBeNull();
    expect(seen[0]!.headers.get("x-km-ff")).toBe(VISITOR);
    expect(seen[0]!.headers.get("accept-language")).toBe("de");
  });
});

describe("success and failure", () => {
  it.each([200, 201, 202])("HTTP %i with code 200 is a success, data unwrapped", async (status) => {
    server.use(http.get(`${API}/api/v2/thing`, () => apiOk({ id: 7 }, { status })));
    const result = expectSuccess(await call(clientFor("/de"), "/api/v2/thing"));
    expect(result).toEqual({ ok: true, status, data: { id: 7 } });
  });

  it.each([203, 204, 206, 301])("HTTP %i is not a success status", async (status) => {
    server.use(
      http.get(
        `${API}/api/v2/thing`,
        () =>
          new HttpResponse(status === 204 ? null : JSON.stringify({ code: 200, data: { id: 7 } }), {
            status,
            headers: status === 301 ? { location: `${API}/api/v2/elsewhere` } : {},
          }),
      ),
    );
    const result = expectFailure(await call(clientFor("/de"), "/api/v2/thing"));
    expect(result.status).not.toBe(200);
    expect(result.errors[0]!.title).toBe(DEFAULT_ERROR_KEY);
  });

  it("a body code other than 200 is a failure, reported with that code", async () => {
    server.use(
      http.get(`${API}/api/v2/thing`, () =>
        HttpResponse.json({ code: 422, errors: [{ code: 422, title: "validation.required", key: "validation.required", source: "city" }] }),
      ),
    );
    const result = expectFailure(await call(clientFor("/de"), "/api/v2/thing"));
    expect(result.status).toBe(422);
    expect(result.errors).toEqual([
      { code: 422, title: "validation.required", message: "validation.required", key: "validation.required", source: "city" },
    ]);
  });

  it("an errors list is a failure even with code 200", async () => {
    server.use(
      http.get(`${API}/api/v2/thing`, () => HttpResponse.json({ code: 200, data: {}, errors: [{ title: "exception.thing.broken" }] })),
    );
    const result = expectFailure(await call(clientFor("/de"), "/api/v2/thing"));
    expect(result.errors.map((e) => e.title)).toEqual(["exception.thing.broken"]);
  });

  it("a non-JSON body on a success status is a type error, not a success", async () => {
    server.use(http.get(`${API}/api/v2/thing`, () => HttpResponse.text("<html>proxy page</html>", { status: 200 })));
    const result = expectFailure(await call(clientFor("/de"), "/api/v2/thing"));
    expect(result.status).toBe(500);
    expect(result.errors[0]!.title).toBe(DEFAULT_ERROR_KEY);
  });

  it("camelizes response data and meta deeply", async () => {
    server.use(
      http.get(`${API}/api/v2/profiles/anna`, () =>
        apiOk({ user_data: { first_name: "Anna", photo_list: [{ is_main: true, image_url: "/a.jpg" }] } }, { meta: { total_count: 1 } }),
      ),
    );
    const result = expectSuccess(await call(clientFor("/de"), "/api/v2/profiles/anna"));
    expect(result.data).toEqual({ userData: { firstName: "Anna", photoList: [{ isMain: true, imageUrl: "/a.jpg" }] } });
    expect(result.meta).toEqual({ totalCount: 1 });
  });

  it("keeps keys as they are with camelize: false (the filters call)", async () => {
    server.use(
      http.get(`${API}/api/v2/search/filters`, () =>
        apiOk({ escort_service: [133], price_range: { min_price: 0 } }, { meta: { per_page: 24 } }),
      ),
    );
    const result = expectSuccess(await call(clientFor("/de"), "/api/v2/search/filters", { camelize: false }));
    expect(result.data).toEqual({ escort_service: [133], price_range: { min_price: 0 } });
    expect(result.meta).toEqual({ per_page: 24 });
  });

  it("passes a top-level array through as data", async () => {
    server.use(http.get(`${API}/api/v2/thing`, () => HttpResponse.json([{ url_detail: null }])));
    expect(expectSuccess(await call(clientFor("/de"), "/api/v2/thing")).data).toEqual([{ urlDetail: null }]);
  });

  it.each([
    { status: 404, key: "exception.common.not_found" },
    { status: 500, key: DEFAULT_ERROR_KEY },
    { status: 403, key: "exception.common.forbidden" },
  ])("HTTP $status is rejected with the API's error item", async ({ status, key }) => {
    server.use(http.get(`${API}/api/v2/thing`, () => apiError(status, [{ key }])));
    const result = expectFailure(await call(clientFor("/de"), "/api/v2/thing"));
    expect(result.status).toBe(status);
    expect(result.errors).toEqual([{ code: status, title: key, message: key, key }]);
  });

  it("a 502 HTML page becomes the default error, not the markup", async () => {
    server.use(http.get(`${API}/api/v2/thing`, () => HttpResponse.html("<html><body>502 Bad Gateway</body></html>", { status: 502 })));
    const result = expectFailure(await call(clientFor("/de"), "/api/v2/thing"));
    expect(result.status).toBe(502);
    expect(result.errors).toEqual([{ code: 502, title: DEFAULT_ERROR_KEY, message: DEFAULT_ERROR_KEY, key: DEFAULT_ERROR_KEY }]);
  });

  it.each([200, 500])("an empty response (HTTP %i) is rejected", async (status) => {
    server.use(http.get(`${API}/api/v2/thing`, () => new HttpResponse("", { status })));
    const result = expectFailure(await call(clientFor("/de"), "/api/v2/thing"));
    expect(result.status).toBe(500);
    expect(result.errors[0]!.title).toBe(DEFAULT_ERROR_KEY);
  });
});

describe("error bodies become error items", () => {
  const failWith = async (response: () => Response, options: CallOptions = {}) => {
    server.use(http.post(`${API}/api/v2/form`, response));
    return expectFailure(await call(clientFor("/de"), "/api/v2/form", { method: "POST", ...options })).errors;
  };

  it("uses a server errors list as is, sources attached to fields", async () => {
    const errors = await failWith(() =>
      apiError(400, [
        { key: "validation.required", source: "email" },
        { key: "validation.password.too_short", source: "password", params: { requirement: 8 } },
        { key: "exception.form.general" },
      ]),
    );
    expect(errors).toEqual([
      { code: 400, title: "validation.required", message: "validation.required", key: "validation.required", source: "email" },
      {
        code: 400,
        title: "validation.password.too_short",
        message: "validation.password.too_short",
        key: "validation.password.too_short",
        source: "password",
        params: { requirement: 8 },
      },
      { code: 400, title: "exception.form.general", message: "exception.form.general", key: "exception.form.general" },
    ]);
    // The one mapping of the form kit (issue 8 item 2): sourced items at their fields, the rest general.
    const split = apiErrorReply(errors, ["email", "password"]);
    expect(Object.keys(split.fieldErrors)).toEqual(["email", "password"]);
    expect(split.fieldErrors.password).toEqual(["validation.password.too_short?requirement=8"]);
    expect(split.formErrors).toEqual(["exception.form.general"]);
    // A form whose fields are named differently maps each source itself; undefined sends an item to the general list.
    const renamed = apiErrorReply(errors, (source) => (source === "password" ? "new_password" : undefined));
    expect(renamed.fieldErrors).toEqual({ new_password: ["validation.password.too_short?requirement=8"] });
    expect(renamed.formErrors).toHaveLength(errors.length - 1);
  });

  it("turns a single error/error_description into one item", async () => {
    const errors = await failWith(() =>
      HttpResponse.json({ error: "invalid_request", error_description: "exception.oauth.missing_grant" }, { status: 400 }),
    );
    expect(errors).toEqual([
      { code: 400, title: "exception.oauth.missing_grant", message: "exception.oauth.missing_grant", key: "invalid_request" },
    ]);
  });

  it("turns a string body into one item", async () => {
    const errors = await failWith(() => HttpResponse.text("Service temporarily unavailable", { status: 503 }));
    expect(errors).toEqual([
      {
        code: 503,
        title: "Service temporarily unavailable",
        message: "Service temporarily unavailable",
        key: "Service temporarily unavailable",
      },
    ]);
  });

  it("turns a keyed object into items with key, title and source", async () => {
    const errors = await failWith(() =>
      HttpResponse.json(
        { email: ["validation.email.taken", "validation.email.bounced"], username: "validation.required" },
        { status: 400 },
      ),
    );
    expect(errors).toEqual([
      { code: 400, title: "validation.email.taken", message: "validation.email.taken", key: "email", source: "email" },
      { code: 400, title: "validation.email.bounced", message: "validation.email.bounced", key: "email", source: "email" },
      { code: 400, title: "validation.required", message: "validation.required", key: "username", source: "username" },
    ]);
  });

  it("falls back to exception.common.something_wrong_happened", async () => {
    const errors = await failWith(() => HttpResponse.json({ code: 500, whatever: { deep: 1 } }, { status: 500 }));
    expect(errors).toEqual([{ code: 500, title: DEFAULT_ERROR_KEY, message: DEFAULT_ERROR_KEY, key: DEFAULT_ERROR_KEY }]);
  });
});

describe("timeout", () => {
  it("gives exception.common.request_timeout_and_try_again when the API is slower than timeoutMs", async () => {
    server.use(
      http.get(`${API}/api/v2/slow`, async () => {
        await delay(5000);
        return apiOk({});
      }),
    );
    const started = Date.now();
    const result = expectFailure(await call(clientFor("/de"), "/api/v2/slow", { timeoutMs: 30 }));
    // Cut short by the timeout, long before the API would have answered.
    expect(Date.now() - started).toBeLessThan(2500);
    expect(result.status).toBe(408);
    expect(result.errors).toEqual([{ code: 408, title: TIMEOUT_ERROR_KEY, message: TIMEOUT_ERROR_KEY, key: TIMEOUT_ERROR_KEY }]);
  });

  it("is not retried like a network failure", async () => {
    let attempts = 0;
    server.use(
      http.get(`${API}/api/v2/slow`, async () => {
        attempts += 1;
        await delay(500);
        return apiOk({});
      }),
    );
    const sleep = vi.fn(async () => {});
    const result = expectFailure(await call(clientFor("/de", { sleep }), "/api/v2/slow", { timeoutMs: 30, retries: 3 }));
    expect(result.errors[0]!.title).toBe(TIMEOUT_ERROR_KEY);
    expect(attempts).toBe(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it.each(["apiFetch", "apiCall"] as const)(
    "also bounds the in-process API (context.%s), which ignores abort signals",
    async (transport) => {
      vi.stubEnv("API_URL", ""); // no external API: the host's in-process one
      let calls = 0;
      const hang = () => {
        calls += 1;
        return new Promise<never>(() => {});
      };
      // With apiCall present the client's JSON calls take it (ADR 053); apiFetch then must not be reached.
      const context =
        transport === "apiFetch" ? { apiFetch: hang } : { apiFetch: () => Promise.reject(new Error("not this way")), apiCall: hang };
      const api = createApiClient({
        request: new Request(`${SITE}/de`, { headers: { cookie: `km_ff=${VISITOR}` } }),
        context: { ...context, clientAddress: "203.0.113.9" } as unknown as AppLoadContext,
        now: () => NOW,
      });
      const result = expectFailure(await call(api, "/api/v2/hangs", { timeoutMs: 20 }));
      expect(calls).toBe(1);
      expect(result.errors[0]!.title).toBe(TIMEOUT_ERROR_KEY);
    },
  );

  it("defaults to 25000 ms, configurable with API_TIMEOUT_MS", () => {
    vi.stubEnv("API_TIMEOUT_MS", "");
    expect(REQUEST_TIMEOUT_MS).toBe(25_000);
    expect(configuredTimeout()).toBe(25_000);
    vi.stubEnv("API_TIMEOUT_MS", "8000");
    expect(configuredTimeout()).toBe(8000);
    vi.stubEnv("API_TIMEOUT_MS", "not-a-number");
    expect(configuredTimeout()).toBe(25_000);
    vi.stubEnv("API_TIMEOUT_MS", "-5");
    expect(configuredTimeout()).toBe(25_000);
  });

  it("arms the default 25000 ms timer for a call without timeoutMs", async () => {
    vi.stubEnv("API_TIMEOUT_MS", "");
    server.use(http.get(`${API}/api/v2/thing`, () => apiOk({})));
    const timers = vi.spyOn(globalThis, "setTimeout");
    await call(clientFor("/de"), "/api/v2/thing");
    expect(timers.mock.calls.map((call) => call[1])).toContain(25_000);
  });

  it("applies API_TIMEOUT_MS to calls", async () => {
    vi.stubEnv("API_TIMEOUT_MS", "30");
    server.use(
      http.get(`${API}/api/v2/slow`, async () => {
        await delay(500);
        return apiOk({});
      }),
    );
    const result = expectFailure(await call(clientFor("/de"), "/api/v2/slow"));
    expect(result.errors[0]!.title).toBe(TIMEOUT_ERROR_KEY);
  });
});

describe("network failure", () => {
  /** GET /api/v2/thing with the network down; counts the tries. */
  function unreachableThing() {
    const tries = { count: 0 };
    server.use(
      http.get(`${API}/api/v2/thing`, () => {
        tries.count += 1;
        return HttpResponse.error();
      }),
    );
    return tries;
  }

  it("gives E_NO_INTERNET with the no-internet title and no retry without a retries value", async () => {
    const tries = unreachableThing();
    const sleep = vi.fn(async () => {});
    const result = expectFailure(await call(clientFor("/de", { sleep }), "/api/v2/thing"));
    expect(result.status).toBe(0);
    expect(result.errors).toEqual([
      { code: NO_INTERNET_CODE, title: NO_INTERNET_ERROR_KEY, message: NO_INTERNET_ERROR_KEY, key: NO_INTERNET_CODE },
    ]);
    expect(NO_INTERNET_CODE).toBe("E_NO_INTERNET");
    expect(NO_INTERNET_ERROR_KEY).toBe("exception.common.no_internet_connection_and_please_check_your_internet");
    expect(tries.count).toBe(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it("retries after 2 s while a retries value remains, then gives up", async () => {
    const tries = unreachableThing();
    const sleep = vi.fn(async () => {});
    const result = expectFailure(await call(clientFor("/de", { sleep }), "/api/v2/thing", { retries: 2 }));
    expect(result.errors[0]!.code).toBe(NO_INTERNET_CODE);
    expect(tries.count).toBe(3);
    expect(sleep.mock.calls).toEqual([[2000], [2000]]);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1])("treats a retries value of %s as none", async (retries) => {
    const tries = unreachableThing();
    const sleep = vi.fn(async () => {});
    expectFailure(await call(clientFor("/de", { sleep }), "/api/v2/thing", { retries }));
    expect(tries.count).toBe(1);
  });

  it("succeeds when a retry gets through", async () => {
    let attempts = 0;
    server.use(
      http.get(`${API}/api/v2/thing`, () => {
        attempts += 1;
        return attempts === 1 ? HttpResponse.error() : apiOk({ back: true });
      }),
    );
    const sleep = vi.fn(async () => {});
    const result = expectSuccess(await call(clientFor("/de", { sleep }), "/api/v2/thing", { retries: 5 }));
    expect(result.data).toEqual({ back: true });
    expect(attempts).toBe(2);
    expect(sleep.mock.calls).toEqual([[2000]]);
  });
});

describe("auto-cancel", () => {
  /** A handler that holds every request until released. */
  function heldEndpoint(method: "get" | "post", path: string) {
    const releases: Array<() => void> = [];
    let count = 0;
    server.use(
      http[method](`${API}${path}`, async () => {
        count += 1;
        const n = count;
        await new Promise<void>((resolve) => releases.push(resolve));
        return apiOk({ n });
      }),
    );
    return { releaseAll: () => releases.splice(0).forEach((release) => release()), started: () => count };
  }

  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await delay(5);
    expect(check()).toBe(true);
  };

  it("aborts the earlier call with the same method and endpoint, which resolves with E_CANCEL_REQUEST", async () => {
    const held = heldEndpoint("post", "/api/v2/search/users");
    const cookie = `km_ff=${VISITOR}`;
    const first = call(clientFor("/de/search", { cookie }), "/api/v2/search/users", {
      method: "POST",
      body: { page_no: 1 },
      autoCancel: true,
    });
    await waitFor(() => held.started() === 1);
    const second = call(clientFor("/de/search", { cookie }), "/api/v2/search/users", {
      method: "POST",
      body: { page_no: 2 },
      autoCancel: true,
    });
    const firstResult = expectFailure(await first);
    expect(firstResult.errors[0]!.code).toBe(CANCEL_REQUEST_CODE);
    expect(CANCEL_REQUEST_CODE).toBe("E_CANCEL_REQUEST");
    await waitFor(() => held.started() === 2);
    held.releaseAll();
    expect(expectSuccess(await second).data).toEqual({ n: 2 });
  });

  it("leaves calls alone without autoCancel, with another method, or from another visitor", async () => {
    const held = heldEndpoint("get", "/api/v2/search/users");
    server.use(http.post(`${API}/api/v2/search/users`, () => apiOk({ post: true })));
    const a = call(clientFor("/de", { cookie: `km_ff=${VISITOR}` }), "/api/v2/search/users", { autoCancel: true });
    await waitFor(() => held.started() === 1);
    const b = call(clientFor("/de", { cookie: `km_ff=${VISITOR}` }), "/api/v2/search/users");
    const c = call(clientFor("/de", { cookie: `km_ff=${VISITOR}` }), "/api/v2/search/users", { method: "POST", autoCancel: true });
    const d = call(clientFor("/de", { cookie: "km_ff=other-visitor-1" }), "/api/v2/search/users", { autoCancel: true });
    await waitFor(() => held.started() === 3);
    held.releaseAll();
    const results = await Promise.all([a, b, c, d]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true]);
  });

  it("a call waiting to retry is cancelled too and does not retry over the newer one", async () => {
    let failing = 0;
    server.use(
      http.get(`${API}/api/v2/feed`, () => {
        failing += 1;
        return failing === 1 ? HttpResponse.error() : apiOk({ fresh: true });
      }),
    );
    let wake: () => void = () => {};
    const sleep = vi.fn(() => new Promise<void>((resolve) => (wake = resolve)));
    const cookie = `km_ff=${VISITOR}`;
    const first = call(clientFor("/de", { cookie, sleep }), "/api/v2/feed", { autoCancel: true, retries: 3 });
    await waitFor(() => sleep.mock.calls.length === 1);
    const second = await call(clientFor("/de", { cookie }), "/api/v2/feed", { autoCancel: true });
    wake();
    expect(expectFailure(await first).errors[0]!.code).toBe(CANCEL_REQUEST_CODE);
    expect(expectSuccess(second).data).toEqual({ fresh: true });
    expect(failing).toBe(2);
  });
});

describe("unauthorized: code 401 and the login redirect", () => {
  it("redirects an unhandled HTTP 401 to /{lang}/login?r={path+search} and drops the dead token", async () => {
    server.use(http.get(`${API}/api/v2/user/data`, () => apiError(401, [{ key: "exception.common.unauthorized" }])));
    const response = await thrownResponse(
      call(clientFor("/en/my_dashboard?tab=dates&_data=routes%2F%24lang.my_dashboard", { cookie: SIGNED_IN }), "/api/v2/user/data"),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/en/login?r=${encodeURIComponent("/en/my_dashboard?tab=dates")}`);
    const cleared = response.headers.getSetCookie().map((c) => c.split(";")[0]);
    expect(cleared).toEqual(["tk=", "tk_expired_at=", "keep_logged_in=", "user_filters="]);
  });

  it("sets no cookies on the redirect for a visitor who had no token", async () => {
    server.use(http.get(`${API}/api/v2/user/data`, () => apiError(401, [{ key: "exception.common.unauthorized" }])));
    const response = await thrownResponse(call(clientFor("/de/favorites", { cookie: `km_ff=${VISITOR}` }), "/api/v2/user/data"));
    expect(response.headers.get("location")).toBe("/de/login?r=%2Fde%2Ffavorites");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    { name: "invalid_grant in an errors list", reply: () => apiError(400, [{ key: "invalid_grant" }]) },
    { name: "access_denied as an OAuth error", reply: () => HttpResponse.json({ error: "access_denied" }, { status: 403 }) },
    {
      name: "invalid_grant beside an errors list (our API's refresh failure)",
      reply: () => apiError(400, [{ key: "exception.oauth.invalid_refresh_token" }], { error: "invalid_grant" }),
    },
  ])("treats $name as 401", async ({ reply }) => {
    server.use(http.post(`${API}/oauth/v2/token`, reply));
    const response = await thrownResponse(
      call(clientFor("/de/my_dashboard"), "/oauth/v2/token", { method: "POST", form: true, body: { grant_type: "refresh_token" } }),
    );
    expect(response.headers.get("location")).toBe("/de/login?r=%2Fde%2Fmy_dashboard");

    const handled = expectFailure(
      await call(clientFor("/de/my_dashboard"), "/oauth/v2/token", {
        method: "POST",
        form: true,
        body: { grant_type: "refresh_token" },
        handleErrors: true,
      }),
    );
    expect(handled.status).toBe(401);
    expect(handled.errors.length).toBeGreaterThan(0);
    expect(handled.errors.every((e) => e.code === 401)).toBe(true);
  });

  it("returns the 401 to a caller that handles errors itself", async () => {
    server.use(http.get(`${API}/api/v2/user/data`, () => apiError(401, [{ key: "exception.common.unauthorized" }])));
    const result = expectFailure(
      await call(clientFor("/de/my_dashboard", { cookie: SIGNED_IN }), "/api/v2/user/data", { handleErrors: true }),
    );
    expect(result).toEqual({
      ok: false,
      status: 401,
      errors: [
        {
          code: 401,
          title: "exception.common.unauthorized",
          message: "exception.common.unauthorized",
          key: "exception.common.unauthorized",
        },
      ],
    });
  });

  it.each(["/de/login", "/de/login/", "/DE/Login", "/de/login?r=%2Fde%2Fsettings"])(
    "does nothing on the login page itself (%s): no redirect loop",
    async (path) => {
      server.use(http.get(`${API}/api/v2/user/data`, () => apiError(401, [{ key: "exception.common.unauthorized" }])));
      const result = expectFailure(await call(clientFor(path, { cookie: SIGNED_IN }), "/api/v2/user/data"));
      expect(result.status).toBe(401);
      expect(result.errors[0]!.code).toBe(401);
    },
  );

  it("a wrong password (invalid_grant with a field error) keeps its field for the login form", async () => {
    server.use(
      http.post(`${API}/oauth/v2/token`, () =>
        apiError(400, [{ key: "exception.login.invalid_credentials", source: "password" }], {
          error: "invalid_grant",
          error_description: "exception.login.invalid_credentials",
        }),
      ),
    );
    const result = expectFailure(
      await call(clientFor("/de/login"), "/oauth/v2/token", {
        method: "POST",
        form: true,
        auth: false,
        handleErrors: true,
        body: { grant_type: "password", username: "a", password: "b" },
      }),
    );
    expect(result.errors.find((error) => error.source === "password")?.title).toBe("exception.login.invalid_credentials");
  });
});

describe("batch over POST /api/v2/batch", () => {
  it("sends named calls and returns each result by name: data unwrapped, meta kept, failures per name", async () => {
    const seen = capture("post", `${API}/api/v2/batch`, () =>
      HttpResponse.json({
        code: 200,
        data: {
          user_data: { status: 200, body: { code: 200, data: { display_name: "Anna" } } },
          latest: { status: 200, body: { code: 200, data: [{ created_at: 1 }], meta: { total_count: 40 } } },
          missing: {
            status: 404,
            body: { code: 404, errors: [{ code: 404, title: "exception.common.not_found", key: "exception.common.not_found" }] },
          },
          broken: { status: 500, body: null },
        },
      }),
    );
    const api = clientFor("/de/my_dashboard", { cookie: SIGNED_IN });
    const results = await api.batch({
      user_data: entry("/api/v2/user/data"),
      latest: entry("/api/v2/newsfeed", { params: { page_size: 10 } }),
      missing: entry("/api/v2/profiles/nobody"),
      broken: entry("/api/v2/thing", { method: "POST", body: { a: 1 } }),
    });

    expect(seen[0]!.headers.get("authorization")).toBe("Bearer token-abc");
    expect(await seen[0]!.json()).toEqual({
      requests: {
        user_data: { method: "GET", path: "/api/v2/user/data" },
        latest: { method: "GET", path: "/api/v2/newsfeed", params: { page_size: 10 } },
        missing: { method: "GET", path: "/api/v2/profiles/nobody" },
        broken: { method: "POST", path: "/api/v2/thing", body: { a: 1 } },
      },
    });
    expect(Object.keys(results)).toEqual(["user_data", "latest", "missing", "broken"]);
    expect(results.user_data).toEqual({ ok: true, status: 200, data: { displayName: "Anna" } });
    expect(results.latest).toEqual({ ok: true, status: 200, data: [{ createdAt: 1 }], meta: { totalCount: 40 } });
    expect(results.missing).toEqual({
      ok: false,
      status: 404,
      errors: [
        { code: 404, title: "exception.common.not_found", message: "exception.common.not_found", key: "exception.common.not_found" },
      ],
    });
    expect(expectFailure(results.broken).errors[0]!.title).toBe(DEFAULT_ERROR_KEY);
  });

  it("gives every name the failure when the batch call itself fails", async () => {
    server.use(http.post(`${API}/api/v2/batch`, () => HttpResponse.error()));
    const results = await clientFor("/de").batch({ a: entry("/api/v2/a"), b: entry("/api/v2/b") });
    expect(expectFailure(results.a).errors[0]!.code).toBe(NO_INTERNET_CODE);
    expect(expectFailure(results.b).errors[0]!.code).toBe(NO_INTERNET_CODE);
  });

  it("reports a name the API did not answer as a failure", async () => {
    server.use(http.post(`${API}/api/v2/batch`, () => apiOk({ a: { status: 200, body: { code: 200, data: 1 } } })));
    const results = await clientFor("/de").batch({ a: entry("/api/v2/a"), b: entry("/api/v2/b") });
    expect(results.a).toEqual({ ok: true, status: 200, data: 1 });
    expect(expectFailure(results.b).status).toBe(500);
  });

  it("a 401 inside the batch redirects to login unless errors are handled", async () => {
    server.use(
      http.post(`${API}/api/v2/batch`, () =>
        apiOk({ me: { status: 401, body: { code: 401, errors: [{ code: 401, title: "exception.common.unauthorized" }] } } }),
      ),
    );
    const response = await thrownResponse(clientFor("/de/settings").batch({ me: entry("/api/v2/user/data") }));
    expect(response.headers.get("location")).toBe("/de/login?r=%2Fde%2Fsettings");
    const handled = await clientFor("/de/settings").batch({ me: entry("/api/v2/user/data") }, { handleErrors: true });
    expect(expectFailure(handled.me).status).toBe(401);
  });
});

describe("in process over the host's light path (context.apiCall, ADR 053)", () => {
  function inProcessClient(path: string) {
    vi.stubEnv("API_URL", "");
    const calls: Array<{ url: string; method: string; headers: Headers; body?: string }> = [];
    const fetched: Request[] = [];
    const context = {
      clientAddress: "203.0.113.7",
      requestId: "req-light-1",
      apiCall: async (call: { url: string; method: string; headers: Headers; body?: string }) => {
        calls.push(call);
        return { status: 200, text: JSON.stringify({ code: 200, data: { some_key: 1 } }) };
      },
      apiFetch: async (request: Request) => {
        fetched.push(request);
        return new Response("raw bytes");
      },
    };
    const api = createApiClient({
      request: new Request(`${SITE}${path}`, { headers: { cookie: SIGNED_IN, "user-agent": "Browser/1.0" } }),
      context: context as unknown as AppLoadContext,
      now: () => NOW,
    });
    return { api, calls, fetched };
  }

  it("sends JSON calls with the same address, method, headers and body a Request would carry", async () => {
    const { api, calls, fetched } = inProcessClient("/en/my_dashboard");
    const result = expectSuccess(
      await call<{ someKey: number }>(api, "/api/v2/thing", { method: "PATCH", params: { a: [1, 2] }, body: { x: 1 } }),
    );
    expect(result.data).toEqual({ someKey: 1 });
    expect(fetched).toHaveLength(0);
    const [sent] = calls;
    expect(sent!.url).toBe(`${SITE}/api/v2/thing?a=1&a=2`);
    expect(sent!.method).toBe("PATCH");
    expect(sent!.body).toBe('{"x":1}');
    expect(Object.fromEntries(sent!.headers)).toEqual({
      accept: "application/json",
      "accept-language": "en",
      authorization: "Bearer token-abc",
      "content-type": "application/json",
      "user-agent": "Browser/1.0",
      "x-forwarded-for": "203.0.113.7",
      "x-km-ff": VISITOR,
      "x-request-id": "req-light-1",
    });
  });

  it("form-encodes a form operation's body (OAuth) and runs batches over it too", async () => {
    const { api, calls } = inProcessClient("/de/login");
    await call(api, "/oauth/v2/token", { method: "POST", form: true, auth: false, body: { grant_type: "password", username: "a b" } });
    await api.batch({ one: entry("/api/v2/thing") });
    expect(calls.map((c) => [c.method, new URL(c.url).pathname, c.headers.get("content-type")])).toEqual([
      ["POST", "/oauth/v2/token", "application/x-www-form-urlencoded"],
      ["POST", "/api/v2/batch", "application/json"],
    ]);
    expect(calls[0]!.body).toBe("grant_type=password&username=a+b");
    expect(calls[0]!.headers.has("authorization")).toBe(false);
  });

  it("gives a client's GETs one header set with the token, and a call with a body or without the token its own (ADR 144)", async () => {
    const { api, calls } = inProcessClient("/de/my_dashboard");
    await call(api, "/api/v2/one");
    await call(api, "/api/v2/two", { params: { q: "x" } });
    await call(api, "/api/v2/three", { method: "PUT", body: { x: 1 } });
    await call(api, "/api/v2/four", { auth: false });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(["/api/v2/one", "/api/v2/two", "/api/v2/three", "/api/v2/four"]);
    expect(calls[1]!.headers).toBe(calls[0]!.headers);
    expect(calls[0]!.headers.get("authorization")).toBe("Bearer token-abc");
    expect(calls[0]!.headers.has("content-type")).toBe(false);
    expect(calls[2]!.headers).not.toBe(calls[0]!.headers);
    expect(calls[2]!.headers.get("content-type")).toBe("application/json");
    expect(calls[3]!.headers.has("authorization")).toBe(false);
  });

  it("cancels an earlier in-process call superseded by autoCancel, without waiting for its answer", async () => {
    vi.stubEnv("API_URL", "");
    const releases: Array<() => void> = [];
    const context = {
      clientAddress: "203.0.113.7",
      apiCall: () =>
        new Promise<{ status: number; text: string }>((resolve) => {
          const n = releases.length + 1;
          releases.push(() => resolve({ status: 200, text: JSON.stringify({ code: 200, data: { n } }) }));
        }),
      apiFetch: () => Promise.reject(new Error("not this way")),
    };
    const client = () =>
      createApiClient({
        request: new Request(`${SITE}/de/search`, { headers: { cookie: SIGNED_IN } }),
        context: context as unknown as AppLoadContext,
        now: () => NOW,
      });
    const first = call(client(), "/api/v2/search/users", { autoCancel: true });
    const second = call(client(), "/api/v2/search/users", { autoCancel: true });
    const firstResult = expectFailure(await first);
    expect(firstResult.errors[0]!.code).toBe(CANCEL_REQUEST_CODE);
    releases.forEach((release) => release());
    expect(expectSuccess(await second).data).toEqual({ n: 2 });
  });

  it("leaves raw calls (files, uploads) to apiFetch", async () => {
    const { api, calls, fetched } = inProcessClient("/de");
    const response = await api.raw(operationFor("/api/v2/media/x/original"));
    expect(await response.text()).toBe("raw bytes");
    expect(fetched).toHaveLength(1);
    expect(calls).toHaveLength(0);
  });
});
