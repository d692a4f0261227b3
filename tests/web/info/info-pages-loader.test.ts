/**
 * The info page loaders (issue 2 item 10; spec section 2 redirects) against
 * an msw-mocked v2 API: unknown keys redirect, a 404 redirects too, the
 * brand goes into the text, dates are formatted, guests get a cacheable page.
 */
import type { AppLoadContext } from "@remix-run/node";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageSection, PageVersion } from "#server/contract/pages";
import { brand } from "~/brand/brand";
import { loadInfoPage } from "~/features/info/info-pages.server";
import { formatCalendarDate } from "~/utils/dates";
import { apiError, apiOk } from "../../msw/api";
import { API, server, SITE, listenWithMsw } from "../../msw/server";

listenWithMsw();

beforeEach(() => {
  vi.stubEnv("API_URL", API);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function page(overrides: Record<string, unknown> = {}) {
  return {
    section: "legal",
    key: "imprint",
    version: "current",
    language: "de",
    title: "Impressum von {{brand}}",
    description: "Anbieter von {{ brand }}",
    updated_at: "2026-10-01",
    html: "<p>{{brand}} &amp; Co</p>",
    has_previous: false,
    ...overrides,
  };
}

async function load(path: string, section: PageSection, key: string | undefined, version: PageVersion = "current", cookie?: string) {
  const request = new Request(`${SITE}${path}`, { headers: cookie ? { cookie } : {} });
  return loadInfoPage({ request, context: {} as AppLoadContext, lang: path.split("/")[1], section, key, version });
}

async function redirectOf(promise: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    throw error;
  }
  throw new Error("expected a redirect");
}

describe("loadInfoPage", () => {
  it("fetches the page in the path's language without the token, and fills in the brand", async () => {
    const seen: Request[] = [];
    server.use(
      http.get(`${API}/api/v2/pages/legal/imprint`, ({ request }) => {
        seen.push(request);
        return apiOk(page());
      }),
    );
    const result = await load("/en/legal/imprint", "legal", "imprint", "current", `tk=secret; tk_expired_at=${Date.now() + 60_000}`);
    expect(seen[0]!.headers.get("accept-language")).toBe("en");
    expect(seen[0]!.headers.get("authorization")).toBeNull();
    expect(result.data.title).toBe(`Impressum von ${brand.name}`);
    expect(result.data.description).toBe(`Anbieter von ${brand.name}`);
    expect(result.data.html).toBe(`<p>${brand.name} &amp; Co</p>`);
    expect(result.data.updated).toBe("Oct 1, 2026");
    expect(result.data.currentPath).toBe("/en/legal/imprint");
    expect(result.data.previousPath).toBe("/en/legal/imprint/previous");
  });

  it("lets shared caches keep a guest's page for five minutes but keeps a signed-in viewer's private", async () => {
    server.use(http.get(`${API}/api/v2/pages/legal/imprint`, () => apiOk(page())));
    const guest = await load("/de/legal/imprint", "legal", "imprint");
    expect(new Headers(guest.init?.headers).get("cache-control")).toBe("public, max-age=0, s-maxage=300");
    const member = await load("/de/legal/imprint", "legal", "imprint", "current", "tk=abc; keep_logged_in=1");
    expect(new Headers(member.init?.headers).get("cache-control")).toBe("private, no-cache");
  });

  it.each([
    ["/de/about/unknown", "/de/about", "about", "unknown"],
    ["/de/legal/unknown", "/de/legal/terms_and_conditions", "legal", "unknown"],
    ["/en/legal", "/en/legal/terms_and_conditions", "legal", undefined],
    ["/de/misc/unknown", "/de/misc/press", "misc", "unknown"],
    ["/pl/misc", "/pl/misc/press", "misc", undefined],
  ] as const)("redirects %s to %s without asking the API", async (path, target, section, key) => {
    // No msw handler is registered: a call to the API would fail the test.
    expect(await redirectOf(load(path, section, key))).toEqual({ status: 302, location: target });
  });

  it("moves /about/index to /about for good", async () => {
    expect(await redirectOf(load("/de/about/index", "about", "index"))).toEqual({ status: 301, location: "/de/about" });
  });

  it("redirects an unknown previous version like the page itself", async () => {
    expect(await redirectOf(load("/de/legal/nope/previous", "legal", "nope", "previous"))).toEqual({
      status: 302,
      location: "/de/legal/terms_and_conditions",
    });
    expect(await redirectOf(load("/de/about/nope/previous", "about", "nope", "previous"))).toEqual({ status: 302, location: "/de/about" });
  });

  it("redirects when the API has no file for a known key (404)", async () => {
    server.use(http.get(`${API}/api/v2/pages/about/rules`, () => apiError(404, [{ key: "exception.common.not_found" }])));
    expect(await redirectOf(load("/de/about/rules", "about", "rules"))).toEqual({ status: 302, location: "/de/about" });
  });

  it("asks for the previous version and fails with the API's status on a server error", async () => {
    const versions: Array<string | null> = [];
    server.use(
      http.get(`${API}/api/v2/pages/legal/terms_and_conditions`, ({ request }) => {
        versions.push(new URL(request.url).searchParams.get("version"));
        return apiOk(page({ key: "terms_and_conditions", version: "previous" }));
      }),
    );
    const result = await load("/de/legal/terms_and_conditions/previous", "legal", "terms_and_conditions", "previous");
    expect(versions).toEqual(["previous"]);
    expect(result.data.version).toBe("previous");

    server.use(http.get(`${API}/api/v2/pages/legal/imprint`, () => apiError(500, [{ key: "exception.common.something_wrong_happened" }])));
    const failure = await redirectOf(load("/de/legal/imprint", "legal", "imprint"));
    expect(failure.status).toBe(500);
  });
});

describe("formatCalendarDate", () => {
  it("formats per language and never shifts the day", () => {
    expect(formatCalendarDate("2026-01-01", "de")).toBe("1. Jan. 2026");
    expect(formatCalendarDate("2026-12-31", "en")).toBe("Dec 31, 2026");
    expect(formatCalendarDate("2026-03-05", "es")).toMatch(/^5 mar\.? 2026$/);
    expect(formatCalendarDate("not a date", "pl")).toBe("not a date");
  });
});
