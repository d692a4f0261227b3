/**
 * ADR 053: the host's in-process calls (a page's loaders, /batch's sub-calls) reach the same API as a network
 * Request, through a lighter Request and without reading the answer back through its body stream. The API must
 * answer them exactly as it answers a Request built the ordinary way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProcessCaller, internalRequest, responseText, RESPONSE_TEXT } from "#server/api/internal-call";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../helpers/runtime";

const ORIGIN = "http://velora.test";
const BINDINGS = { remoteAddress: "203.0.113.30", internal: true, peerAddress: "203.0.113.30" };

function headersFor(token?: string, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ accept: "application/json", "accept-language": "en", "x-km-ff": "visitor-internal-1", ...extra });
  if (token) headers.set("authorization", `Bearer ${token}`);
  return headers;
}

/** Headers as a comparable list (the request id differs per call). */
function headerList(response: Response): Array<[string, string]> {
  return [...response.headers].filter(([name]) => name !== "x-request-id");
}

describe(`in-process calls answer as network requests do (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let token: string;

  beforeAll(async () => {
    rt = await createTestRuntime();
    const user = await createUser(rt);
    token = String((await login(rt, user.username, user.password)).body.access_token);
  });
  afterAll(async () => {
    await rt.close();
  });

  const calls: Array<{ name: string; path: string; method?: string; body?: unknown; signedIn?: boolean }> = [
    { name: "a signed-in read", path: "/api/v2/user/data", signedIn: true },
    { name: "a read that needs a token, without one (401)", path: "/api/v2/user/data" },
    { name: "a public read with its own Cache-Control", path: "/api/v2/definitions/languages" },
    { name: "a query string", path: "/api/v2/search/city?q=ber&country=DE" },
    { name: "a query string that fails validation (400)", path: "/api/v2/search/city?country=DE" },
    { name: "an unknown path (404)", path: "/api/v2/definitions/nothing_here" },
    {
      name: "a batch (JSON body, sub-calls dispatched in process)",
      path: "/api/v2/batch",
      method: "POST",
      signedIn: true,
      body: { requests: { me: { path: "/api/v2/user/data" }, languages: { path: "/api/v2/definitions/languages" } } },
    },
    { name: "a malformed JSON body (400)", path: "/api/v2/batch", method: "POST", body: "{not json" },
  ];

  for (const call of calls) {
    it(call.name, async () => {
      const method = call.method ?? "GET";
      const body = call.body === undefined ? undefined : typeof call.body === "string" ? call.body : JSON.stringify(call.body);
      const make = () => headersFor(call.signedIn ? token : undefined, body ? { "content-type": "application/json" } : {});
      const url = `${ORIGIN}${call.path}`;
      const viaRequest = await rt.api.fetch(new Request(url, { method, headers: make(), body }), BINDINGS);
      const viaInternal = await rt.api.fetch(internalRequest({ url, method, headers: make(), body }), BINDINGS);
      expect(viaInternal.status).toBe(viaRequest.status);
      expect(headerList(viaInternal)).toEqual(headerList(viaRequest));
      const expected = await viaRequest.text();
      expect(await responseText(viaInternal)).toBe(expected);
      // The caller the host hands the loaders gives the same status and text.
      const answer = await inProcessCaller(rt.api, BINDINGS)({ url, method, headers: make(), body });
      expect(answer).toEqual({ status: viaRequest.status, text: expected });
    });
  }

  it("a successful answer keeps exactly its body's text; an error answer keeps none and is read from its body", async () => {
    const success = await rt.api.fetch(
      internalRequest({ url: `${ORIGIN}/api/v2/definitions/languages`, method: "GET", headers: headersFor() }),
    );
    const kept = (success as Response & { [RESPONSE_TEXT]?: string })[RESPONSE_TEXT];
    expect(typeof kept).toBe("string");
    expect(await success.clone().text()).toBe(kept);
    expect(await responseText(success)).toBe(kept);

    const failure = await rt.api.fetch(internalRequest({ url: `${ORIGIN}/api/v2/user/data`, method: "GET", headers: headersFor() }));
    expect(failure.status).toBe(401);
    expect((failure as Response & { [RESPONSE_TEXT]?: string })[RESPONSE_TEXT]).toBeUndefined();
    expect(JSON.parse(await responseText(failure))).toMatchObject({ code: 401 });
  });

  it("every answer carries a Cache-Control: its route's own, else private, no-store", async () => {
    const own = await rt.api.fetch(
      internalRequest({ url: `${ORIGIN}/api/v2/definitions/languages`, method: "GET", headers: headersFor() }),
    );
    expect(own.headers.get("cache-control")).toMatch(/^public/);
    const fallback = await rt.api.fetch(
      internalRequest({ url: `${ORIGIN}/api/v2/user/data`, method: "GET", headers: headersFor(token) }),
      BINDINGS,
    );
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("the light request of a bodyless call", () => {
  const headers = new Headers({ accept: "application/json", "x-km-ff": "visitor-internal-2" });
  const url = `${ORIGIN}/api/v2/definitions/languages?x=1`;

  it("reads as a Request: method, url, headers, no body", async () => {
    const request = internalRequest({ url, method: "GET", headers });
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe("GET");
    expect(request.url).toBe(url);
    expect(request.headers.get("x-km-ff")).toBe("visitor-internal-2");
    expect(request.body).toBeNull();
    expect(request.bodyUsed).toBe(false);
    expect(await request.text()).toBe("");
  });

  it("answers everything else as the full Request would (signal, clone, mode)", () => {
    const request = internalRequest({ url, method: "DELETE", headers });
    const full = new Request(url, { method: "DELETE", headers });
    expect(request.signal).toBeInstanceOf(AbortSignal);
    expect(request.signal.aborted).toBe(false);
    expect(request.mode).toBe(full.mode);
    expect(request.redirect).toBe(full.redirect);
    const copy = request.clone();
    expect(copy.url).toBe(url);
    expect(copy.method).toBe("DELETE");
    expect(copy.headers.get("x-km-ff")).toBe("visitor-internal-2");
  });

  it("a call with a body is a full Request with that body", async () => {
    const request = internalRequest({ url, method: "POST", headers, body: '{"a":1}' });
    expect(request.body).not.toBeNull();
    expect(await request.text()).toBe('{"a":1}');
  });
});
