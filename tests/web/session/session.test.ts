/**
 * Session cookie rules (spec section 4; issue 2 item 7), with explicit clock
 * values: the 24-hour sliding window, keep_logged_in, the visitor id and the
 * language cookie, and the cookie attributes.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { LANGUAGE_COOKIE_MAX_AGE_S, SESSION_WINDOW_MS, VISITOR_COOKIE_MAX_AGE_S } from "#server/contract/constants";
import {
  applySessionCookies,
  COOKIE,
  KEEP_LOGGED_IN_MAX_AGE_S,
  loginCookies,
  logoutCookies,
  parseCookies,
  readSession,
  serializeCookie,
} from "~/session/session.server";

const NOW = Date.UTC(2025, 2, 1, 9, 30, 0);
const HOUR = 60 * 60 * 1000;
const VISITOR = "visitor-0001";

function page(path: string, cookie?: string): Request {
  return new Request(`http://site.test${path}`, { headers: cookie ? { cookie } : {} });
}

/** Set-Cookie strings by cookie name. */
function byName(setCookies: string[]): Map<string, { value: string; attributes: string[] }> {
  const cookies = new Map<string, { value: string; attributes: string[] }>();
  for (const raw of setCookies) {
    const [pair, ...attributes] = raw.split("; ");
    const index = pair!.indexOf("=");
    cookies.set(pair!.slice(0, index), { value: decodeURIComponent(pair!.slice(index + 1)), attributes });
  }
  return cookies;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the 24-hour window without keep_logged_in", () => {
  it("signs out when tk_expired_at is in the past: no token, expired, tk, tk_expired_at and user_filters cleared", () => {
    const state = readSession(
      page("/de/my_dashboard", `tk=abc; tk_expired_at=${NOW - 1}; user_filters=%7B%7D; km_ff=${VISITOR}; language=de`),
      NOW,
    );
    expect(state.token).toBeNull();
    expect(state.expired).toBe(true);
    const set = byName(state.setCookies);
    expect([...set.keys()].sort()).toEqual(["tk", "tk_expired_at", "user_filters"]);
    for (const name of ["tk", "tk_expired_at", "user_filters"]) {
      expect(set.get(name)!.value).toBe("");
      expect(set.get(name)!.attributes).toContain("Max-Age=0");
    }
  });

  it("treats an expiry exactly at now as past", () => {
    const state = readSession(page("/de", `tk=abc; tk_expired_at=${NOW}; km_ff=${VISITOR}`), NOW);
    expect(state.token).toBeNull();
    expect(state.expired).toBe(true);
  });

  it("slides the expiry to now + 24 h while it is in the future", () => {
    const state = readSession(page("/de", `tk=abc; tk_expired_at=${NOW + HOUR}; km_ff=${VISITOR}; language=de`), NOW);
    expect(state.token).toBe("abc");
    expect(state.expired).toBe(false);
    const set = byName(state.setCookies);
    expect([...set.keys()]).toEqual(["tk_expired_at"]);
    expect(Number(set.get("tk_expired_at")!.value)).toBe(NOW + 24 * HOUR);
    expect(SESSION_WINDOW_MS).toBe(24 * HOUR);
    expect(set.get("tk_expired_at")!.attributes).toContain("Max-Age=86400");
  });

  it("keeps a session alive across requests as long as each comes within 24 h of the last", () => {
    let expiresAt = NOW + 24 * HOUR;
    let now = NOW;
    for (const gap of [23 * HOUR, 20 * HOUR, 24 * HOUR - 1]) {
      now += gap;
      const state = readSession(page("/de", `tk=abc; tk_expired_at=${expiresAt}; km_ff=${VISITOR}`), now);
      expect(state.token).toBe("abc");
      expiresAt = Number(byName(state.setCookies).get("tk_expired_at")!.value);
      expect(expiresAt).toBe(now + 24 * HOUR);
    }
    const late = readSession(page("/de", `tk=abc; tk_expired_at=${expiresAt}; km_ff=${VISITOR}`), expiresAt + 1);
    expect(late.token).toBeNull();
  });

  it.each([
    ["missing", ""],
    ["not a number", "; tk_expired_at=soon"],
  ])("signs out a token whose tk_expired_at is %s", (_name, extra) => {
    const state = readSession(page("/de", `tk=abc${extra}; km_ff=${VISITOR}`), NOW);
    expect(state.token).toBeNull();
    expect(state.expired).toBe(true);
    expect(byName(state.setCookies).get("tk")!.value).toBe("");
  });

  it("does nothing for a visitor without a token", () => {
    const state = readSession(page("/de", `tk_expired_at=${NOW - 1}; km_ff=${VISITOR}; language=de`), NOW);
    expect(state).toEqual({ token: null, keepLoggedIn: false, expired: false, visitorId: VISITOR, languageCookie: "de", setCookies: [] });
  });
});

describe("keep_logged_in", () => {
  it("skips the expiry check entirely", () => {
    const state = readSession(
      page("/de", `tk=abc; keep_logged_in=1; tk_expired_at=${NOW - 7 * 24 * HOUR}; km_ff=${VISITOR}; language=de`),
      NOW,
    );
    expect(state.token).toBe("abc");
    expect(state.keepLoggedIn).toBe(true);
    expect(state.expired).toBe(false);
    expect(state.setCookies).toEqual([]);
  });

  it("only counts the value 1", () => {
    const state = readSession(page("/de", `tk=abc; keep_logged_in=0; km_ff=${VISITOR}`), NOW);
    expect(state.keepLoggedIn).toBe(false);
    expect(state.token).toBeNull();
  });
});

describe("visitor id (km_ff)", () => {
  it("is created once, with a Max-Age of 2 years", () => {
    const request = page("/de");
    const first = readSession(request, NOW);
    const cookie = byName(first.setCookies).get(COOKIE.visitor)!;
    expect(cookie.value).toBe(first.visitorId);
    expect(first.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(VISITOR_COOKIE_MAX_AGE_S).toBe(2 * 365 * 24 * 60 * 60);
    expect(cookie.attributes).toContain(`Max-Age=${2 * 365 * 24 * 60 * 60}`);

    // Read again for the same request (entry + loaders): the same new id.
    expect(readSession(request, NOW + 5).visitorId).toBe(first.visitorId);
    // Once the browser has it, it is kept and never set again.
    const later = readSession(page("/de", `km_ff=${first.visitorId}`), NOW + HOUR);
    expect(later.visitorId).toBe(first.visitorId);
    expect(byName(later.setCookies).has(COOKIE.visitor)).toBe(false);
  });

  it("gives different visitors different ids", () => {
    expect(readSession(page("/de"), NOW).visitorId).not.toBe(readSession(page("/de"), NOW).visitorId);
  });

  it("replaces a malformed id", () => {
    const state = readSession(page("/de", "km_ff=<script>"), NOW);
    expect(state.visitorId).not.toBe("<script>");
    expect(byName(state.setCookies).get(COOKIE.visitor)!.value).toBe(state.visitorId);
  });
});

describe("language cookie", () => {
  it("is set from the path language for 360 days when it differs", () => {
    const state = readSession(page("/en/about", `km_ff=${VISITOR}; language=de`), NOW);
    const cookie = byName(state.setCookies).get(COOKIE.language)!;
    expect(cookie.value).toBe("en");
    expect(LANGUAGE_COOKIE_MAX_AGE_S).toBe(360 * 24 * 60 * 60);
    expect(cookie.attributes).toContain(`Max-Age=${360 * 24 * 60 * 60}`);
    // languageCookie reports what the browser sent.
    expect(state.languageCookie).toBe("de");
  });

  it("is set when missing and left alone when it already matches", () => {
    expect(byName(readSession(page("/pl", `km_ff=${VISITOR}`), NOW).setCookies).get(COOKIE.language)!.value).toBe("pl");
    expect(readSession(page("/pl/search", `km_ff=${VISITOR}; language=pl`), NOW).setCookies).toEqual([]);
  });

  it("is not touched on paths without a language, and an unsupported value reads as none", () => {
    const state = readSession(page("/healthz", `km_ff=${VISITOR}; language=fr`), NOW);
    expect(state.setCookies).toEqual([]);
    expect(state.languageCookie).toBeNull();
  });
});

describe("cookie attributes", () => {
  it("every cookie is HttpOnly (issue 9 item 6: no script reads one), Path=/ and SameSite=Lax, none Secure on http", () => {
    vi.stubEnv("PUBLIC_URL", "http://localhost:3000");
    vi.stubEnv("COOKIE_SECURE", "");
    const cookies = byName(loginCookies("tok", false, NOW));
    expect(cookies.get("tk")!.attributes).toEqual(["Path=/", "SameSite=Lax", "HttpOnly"]);
    for (const [, cookie] of cookies) {
      expect(cookie.attributes).toContain("SameSite=Lax");
      expect(cookie.attributes).toContain("Path=/");
      expect(cookie.attributes).not.toContain("Secure");
      expect(cookie.attributes).toContain("HttpOnly");
    }
    // The previous user's saved search is dropped at login (a shared browser must not show it to the next person).
    expect(cookies.get("user_filters")?.value).toBe("");
  });

  it.each([
    { publicUrl: "https://velora.example", flag: "", secure: true },
    { publicUrl: "http://localhost:3000", flag: "1", secure: true },
    { publicUrl: "", flag: "", secure: false },
    { publicUrl: "http://velora.example", flag: "0", secure: false },
  ])("Secure is $secure for PUBLIC_URL=$publicUrl COOKIE_SECURE=$flag", ({ publicUrl, flag, secure }) => {
    vi.stubEnv("PUBLIC_URL", publicUrl);
    vi.stubEnv("COOKIE_SECURE", flag);
    expect(serializeCookie("tk", "x", { httpOnly: true }).split("; ").includes("Secure")).toBe(secure);
    const state = readSession(page("/de"), NOW);
    expect(state.setCookies.every((c) => c.split("; ").includes("Secure") === secure)).toBe(true);
  });

  it("encodes values and parses them back", () => {
    const filters = JSON.stringify({ city: "München", radius: 50 });
    const header = serializeCookie(COOKIE.userFilters, filters).split(";")[0]!;
    expect(header).not.toContain(" ");
    expect(parseCookies(header).get(COOKIE.userFilters)).toBe(filters);
  });
});

describe("parseCookies", () => {
  it("reads a cookie header, keeps the first of duplicate names and survives bad encoding", () => {
    const cookies = parseCookies("a=1; b=%E2%82%AC; a=2; broken=%E0%A4%A; =nameless; flag");
    expect(cookies.get("a")).toBe("1");
    expect(cookies.get("b")).toBe("€");
    expect(cookies.get("broken")).toBe("%E0%A4%A");
    expect([...cookies.keys()]).toEqual(["a", "b", "broken"]);
    expect(parseCookies(null).size).toBe(0);
  });
});

describe("login and logout cookies", () => {
  it("without keep_logged_in: a browser-session tk, the expiry at now + 24 h, keep_logged_in cleared", () => {
    const cookies = byName(loginCookies("tok", false, NOW));
    expect(cookies.get("tk")!.value).toBe("tok");
    expect(cookies.get("tk")!.attributes.some((a) => a.startsWith("Max-Age"))).toBe(false);
    expect(Number(cookies.get("tk_expired_at")!.value)).toBe(NOW + 24 * HOUR);
    expect(cookies.get("keep_logged_in")!.attributes).toContain("Max-Age=0");
    // The very next request sees a live session.
    const next = readSession(page("/de", `tk=tok; tk_expired_at=${NOW + 24 * HOUR}; km_ff=${VISITOR}`), NOW + HOUR);
    expect(next.token).toBe("tok");
  });

  it("with keep_logged_in: tk and keep_logged_in for 30 days, the expiry cleared", () => {
    const cookies = byName(loginCookies("tok", true, NOW));
    expect(cookies.get("tk")!.attributes).toContain(`Max-Age=${KEEP_LOGGED_IN_MAX_AGE_S}`);
    expect(KEEP_LOGGED_IN_MAX_AGE_S).toBe(30 * 24 * 60 * 60);
    expect(cookies.get("keep_logged_in")!.value).toBe("1");
    expect(cookies.get("tk_expired_at")!.attributes).toContain("Max-Age=0");
  });

  it("logout clears tk, tk_expired_at, keep_logged_in and user_filters", () => {
    const cookies = byName(logoutCookies());
    expect([...cookies.keys()]).toEqual(["tk", "tk_expired_at", "keep_logged_in", "user_filters"]);
    for (const [, cookie] of cookies) {
      expect(cookie.value).toBe("");
      expect(cookie.attributes).toContain("Max-Age=0");
    }
  });
});

describe("applySessionCookies", () => {
  it("appends the session's cookies", () => {
    const headers = new Headers();
    const state = readSession(page("/en", `tk=abc; tk_expired_at=${NOW + HOUR}; km_ff=${VISITOR}`), NOW);
    applySessionCookies(headers, state);
    expect(headers.getSetCookie()).toEqual(state.setCookies);
    expect([...byName(headers.getSetCookie()).keys()]).toEqual(["tk_expired_at", "language"]);
  });

  it("does not duplicate a cookie the response already sets (login/logout win)", () => {
    const headers = new Headers();
    for (const cookie of loginCookies("fresh", false, NOW)) headers.append("Set-Cookie", cookie);
    // The old session had expired: the state wants to clear tk and tk_expired_at.
    const state = readSession(page("/de/login", `tk=old; tk_expired_at=${NOW - 1}; user_filters=x; km_ff=${VISITOR}; language=de`), NOW);
    applySessionCookies(headers, state);
    const names = headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names.filter((n) => n === "tk")).toHaveLength(1);
    expect(names.filter((n) => n === "tk_expired_at")).toHaveLength(1);
    expect(byName(headers.getSetCookie()).get("tk")!.value).toBe("fresh");
    // Cookies the response did not set still go out.
    expect(byName(headers.getSetCookie()).get("user_filters")!.attributes).toContain("Max-Age=0");
  });

  it("applied twice adds nothing the second time", () => {
    const headers = new Headers();
    const state = readSession(page("/en", `tk=abc; tk_expired_at=${NOW + HOUR}`), NOW);
    applySessionCookies(headers, state);
    const first = headers.getSetCookie();
    applySessionCookies(headers, readSession(page("/en", `tk=abc; tk_expired_at=${NOW + HOUR}`), NOW + 1));
    expect(headers.getSetCookie()).toEqual(first);
  });
});

describe("cookies on publicly cacheable responses", () => {
  it("leaves out the visitor id and language cookies so shared caches can store the page", async () => {
    const { applySessionCookies, readSession } = await import("~/session/session.server");
    const state = readSession(new Request("http://velora.test/en/about"), Date.UTC(2026, 10, 21));
    expect(state.setCookies.map((c) => c.split("=")[0])).toEqual(expect.arrayContaining(["km_ff", "language"]));
    const cacheable = new Headers({ "Cache-Control": "public, max-age=300" });
    applySessionCookies(cacheable, state);
    expect(cacheable.getSetCookie()).toEqual([]);
    const privatePage = new Headers({ "Cache-Control": "private, no-store" });
    applySessionCookies(privatePage, state);
    expect(privatePage.getSetCookie().map((c) => c.split("=")[0])).toEqual(expect.arrayContaining(["km_ff", "language"]));
  });
});
