/**
 * The web tier calls the API by the contract's operation descriptors (issue 24 item 2, ADR 062): the path comes from
 * the descriptor with its parameters encoded, the method, body format and key style too, and the answer is typed by
 * the descriptor's declared response. The type-level cases are checked by `npx tsc --noEmit` (the `@ts-expect-error`
 * lines fail the typecheck the day they stop being errors).
 */
import { http, HttpResponse } from "msw";
import { describe, expect, expectTypeOf, it } from "vitest";
import { defineOperation, pathOf } from "#server/contract/operation";
import { authOps } from "#server/contract/operations/auth";
import { datesOps } from "#server/contract/operations/dates";
import { messengerOps } from "#server/contract/operations/messenger";
import { settingsOps } from "#server/contract/operations/settings";
import type { DateDetail } from "#server/contract/dates";
import type { NotificationPreferences } from "#server/contract/settings";
import { batchCall, createApiClient, type ApiResult } from "~/api/client.server";
import type { Camelize } from "~/api/camelize";
import { apiOk } from "../../msw/api";
import { API, server, SITE, listenWithMsw } from "../../msw/server";

listenWithMsw();

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

function client() {
  return createApiClient({
    request: new Request(`${SITE}/de`, { headers: { cookie: `tk=token-abc; tk_expired_at=${NOW + 3_600_000}; km_ff=visitor-1` } }),
    apiUrl: API,
    now: () => NOW,
  });
}

/** Records every request to `API + path` (any method) and answers with `reply`. */
function capture(path: string, reply: () => Response = () => apiOk({ some_key: 1 })) {
  const seen: Request[] = [];
  server.use(
    http.all(`${API}${path}`, ({ request }) => {
      seen.push(request.clone());
      return reply();
    }),
  );
  return seen;
}

describe("a call by descriptor", () => {
  it("takes method and path from the descriptor, each path parameter encoded as one segment", async () => {
    const seen = capture("/api/v2/messenger/threads/:id/:action");
    await client().op(messengerOps.threadAction, { params: { id: 7, action: "read" }, query: { up_to: 42 } });
    expect(seen[0]!.method).toBe("POST");
    expect(new URL(seen[0]!.url).pathname).toBe("/api/v2/messenger/threads/7/read");
    expect(new URL(seen[0]!.url).searchParams.get("up_to")).toBe("42");
  });

  it("never lets a parameter's value add a path segment or a query", () => {
    expect(pathOf(datesOps.options, { username: "a/../b?x=1" })).toBe("/api/v2/dates/options/a%2F..%2Fb%3Fx%3D1");
  });

  it("refuses to send a call with a path parameter missing (a programming error, not an 'undefined' segment)", () => {
    expect(() => pathOf(datesOps.options, {})).toThrow(/:username/);
  });

  it("sends the body as JSON, or form-encoded where the descriptor says so (OAuth)", async () => {
    const json = capture("/api/v2/dates/:id/accept");
    await client().op(datesOps.answer.accept, { params: { id: 3 }, body: { version: 2 } });
    expect(json[0]!.headers.get("content-type")).toBe("application/json");
    expect(await json[0]!.json()).toEqual({ version: 2 });

    const form = capture("/oauth/v2/token", () => HttpResponse.json({ access_token: "t" }));
    await client().op(authOps.token, { body: { grant_type: "password", username: "anna b", password: "p&ss" }, auth: false });
    expect(form[0]!.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(await form[0]!.text()).toBe("grant_type=password&username=anna+b&password=p%26ss");
  });

  it("camelizes the answer's keys unless the descriptor keeps them (keys that are data)", async () => {
    capture("/api/v2/dates/:id", () => apiOk({ starts_at: 1 }));
    capture("/api/v2/settings/notifications", () => apiOk({ new_message: { email: true } }));
    expect(await client().op(datesOps.detail, { params: { id: 1 } })).toMatchObject({ ok: true, data: { startsAt: 1 } });
    expect(await client().op(settingsOps.notifications)).toMatchObject({ ok: true, data: { new_message: { email: true } } });
  });

  it("shapes each batch entry by its own descriptor", async () => {
    const seen = capture("/api/v2/batch", () =>
      apiOk({
        date: { status: 200, body: { code: 200, data: { starts_at: 1 } } },
        prefs: { status: 200, body: { code: 200, data: { new_message: { email: true } } } },
      }),
    );
    const results = await client().batch({
      date: batchCall(datesOps.detail, { params: { id: 5 } }),
      prefs: batchCall(settingsOps.notifications),
    });
    expect(await seen[0]!.json()).toEqual({
      requests: {
        date: { method: "GET", path: "/api/v2/dates/5" },
        prefs: { method: "GET", path: "/api/v2/settings/notifications" },
      },
    });
    expect(results.date).toMatchObject({ ok: true, data: { startsAt: 1 } });
    expect(results.prefs).toMatchObject({ ok: true, data: { new_message: { email: true } } });
  });
});

describe("the types a descriptor gives a call (checked by tsc)", () => {
  it("types the answer by the declared response, camelized or not as the descriptor says", () => {
    const api = client();
    const detail = () => api.op(datesOps.detail, { params: { id: 1 } });
    const preferences = () => api.op(settingsOps.notifications);
    expectTypeOf(detail).returns.resolves.toEqualTypeOf<ApiResult<Camelize<DateDetail>>>();
    expectTypeOf(preferences).returns.resolves.toEqualTypeOf<ApiResult<NotificationPreferences>>();
  });

  it("types the body by the schema's input, the path parameters by the path and the query by the schema's keys", () => {
    const api = client();
    const calls = [
      // @ts-expect-error -- the path has :id
      () => api.op(datesOps.detail),
      // @ts-expect-error -- :username, not :id
      () => api.op(datesOps.options, { params: { id: 1 } }),
      // @ts-expect-error -- the body needs the version the member saw
      () => api.op(datesOps.answer.accept, { params: { id: 1 }, body: {} }),
      // @ts-expect-error -- version is a number
      () => api.op(datesOps.answer.accept, { params: { id: 1 }, body: { version: "2" } }),
      // @ts-expect-error -- the list takes stage and page, no other key
      () => api.op(datesOps.list, { query: { stage: "all", sort: "new" } }),
      // @ts-expect-error -- GET /dates/{id} takes no body
      () => api.op(datesOps.detail, { params: { id: 1 }, body: { version: 1 } }),
    ];
    expect(calls).toHaveLength(6);
  });

  it("gives a made-up operation no declared type: unknown until the contract declares one", () => {
    const api = client();
    const call = () => api.op(defineOperation({ method: "get", path: "/api/v2/anything" }));
    expectTypeOf(call).returns.resolves.toEqualTypeOf<ApiResult<unknown>>();
  });
});
