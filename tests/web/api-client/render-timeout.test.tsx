/**
 * Spec section 7: "A timeout during server rendering sets a flag." An API
 * call that times out marks the request's load context; the render then
 * serves the page uncacheable with X-Render-Timeout and a translated notice.
 */
import type { AppLoadContext } from "@remix-run/node";
import { delay, http } from "msw";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { defineOperation } from "#server/contract/operation";
import { createApiClient } from "~/api/client.server";
import { applyRenderTimeoutHeaders, hadRenderTimeout, RENDER_TIMEOUT_HEADER } from "~/api/render-timeout.server";
import { RenderTimeoutContext, RenderTimeoutNotice } from "~/components/RenderTimeoutNotice";
import { serverI18n } from "~/i18n/i18next.server";
import { createMicroCache } from "#server/micro-cache";
import { apiOk } from "../../msw/api";
import { API, server, SITE, listenWithMsw } from "../../msw/server";

listenWithMsw();

function clientWith(context: object) {
  return createApiClient({ request: new Request(`${SITE}/de/p/lena`), apiUrl: API, context: context as AppLoadContext });
}

describe("the render-timeout flag", () => {
  it("is set on the request's load context when an API call times out", async () => {
    server.use(
      http.get(`${API}/api/v2/slow`, async () => {
        await delay(2000);
        return apiOk({});
      }),
    );
    const context = {};
    const other = {};
    const result = await clientWith(context).op(defineOperation({ method: "get", path: "/api/v2/slow" }), { timeoutMs: 20 });
    expect(result.ok).toBe(false);
    expect(hadRenderTimeout(context as AppLoadContext)).toBe(true);
    // Another request's context is untouched.
    expect(hadRenderTimeout(other as AppLoadContext)).toBe(false);
  });

  it("stays off for answered calls, API errors and network failures", async () => {
    server.use(
      http.get(`${API}/api/v2/fast`, () => apiOk({ a: 1 })),
      http.get(`${API}/api/v2/broken`, () =>
        Response.json({ code: 500, errors: [{ key: "exception.common.something_wrong_happened" }] }, { status: 500 }),
      ),
      http.get(`${API}/api/v2/gone`, () => Response.error()),
    );
    const context = {};
    const api = clientWith(context);
    expect((await api.op(defineOperation({ method: "get", path: "/api/v2/fast" }))).ok).toBe(true);
    expect((await api.op(defineOperation({ method: "get", path: "/api/v2/broken" }), { handleErrors: true })).ok).toBe(false);
    expect((await api.op(defineOperation({ method: "get", path: "/api/v2/gone" }))).ok).toBe(false);
    expect(hadRenderTimeout(context as AppLoadContext)).toBe(false);
  });

  it("makes the answer uncacheable and tagged, so the micro-cache never keeps it", async () => {
    const headers = new Headers({ "Cache-Control": "public, max-age=60, must-revalidate", ETag: 'W/"x"' });
    applyRenderTimeoutHeaders(headers);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("etag")).toBeNull();
    expect(headers.get(RENDER_TIMEOUT_HEADER)).toBe("1");

    let renders = 0;
    const cache = createMicroCache(() => 0);
    const render = async () => {
      renders += 1;
      return new Response("<p>degraded</p>", { status: 200, headers });
    };
    await cache.handle(new Request(`${SITE}/de/p/lena`), render);
    await cache.handle(new Request(`${SITE}/de/p/lena`), render);
    expect(renders).toBe(2);
  });
});

describe("the notice", () => {
  function render(flag: boolean, lang: "de" | "en") {
    return renderToString(
      <I18nextProvider i18n={serverI18n(lang)}>
        <RenderTimeoutContext.Provider value={flag}>
          <StaticRouter location="/de/p/lena?tab=1">
            <RenderTimeoutNotice />
          </StaticRouter>
        </RenderTimeoutContext.Provider>
      </I18nextProvider>,
    );
  }

  it("shows a translated notice with a link to load the page again", () => {
    const de = render(true, "de");
    expect(de).toContain("Einige Inhalte konnten nicht geladen werden");
    expect(de).toContain('href="/de/p/lena?tab=1"');
    expect(render(true, "en")).toContain("Some content could not be loaded");
  });

  it("renders nothing on a complete page", () => {
    expect(render(false, "de")).toBe("");
  });
});
