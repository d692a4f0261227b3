/**
 * Issue 9 item 6: every response carries the security headers (Hono's secure-headers middleware), and a
 * page's inline scripts carry the nonce its Content-Security-Policy names — or, on a public guest page that
 * many visitors share, are named by their hashes (ADR 143). Cookies are HttpOnly.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeCookie } from "~/session/session.server";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";
import { createTestHost, webBuild, type TestHost } from "../helpers/host";

let rt: TestRuntime;
let hostFor: (publicUrl: string) => (path: string, init?: RequestInit) => Promise<Response>;
beforeAll(async () => {
  rt = await createTestRuntime();
  const hosts = new Map<string, TestHost>();
  hostFor = (publicUrl) => async (path, init) => {
    if (!hosts.has(publicUrl)) hosts.set(publicUrl, await createTestHost(rt, { publicUrl }));
    return await hosts.get(publicUrl)!.send(new Request(`${publicUrl}${path}`, init));
  };
  // The web build is compiled once per file, here rather than inside the first test's time-out (a loaded machine).
  await webBuild();
}, 300_000);
afterAll(async () => {
  await rt.close();
});

const nonceOfPolicy = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
const noncesInBody = (html: string) => [...html.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((m) => m[1]);
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g)].map((m) => m[0]);

describe("security headers", () => {
  it("a hydrated page: a CSP whose nonce every inline script carries, and the other headers", async () => {
    const response = await hostFor("http://velora.test")("/de/login");
    expect(response.status).toBe(200);
    const policy = response.headers.get("content-security-policy");
    expect(policy).toMatch(/default-src 'self'/);
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).toMatch(/object-src 'none'/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await response.text();
    const scripts = inlineScripts(html);
    expect(scripts.length, "the login page hydrates").toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonceOfPolicy(policy)}"`);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toMatch(/geolocation=\(self\)/);
    expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    expect(response.headers.get("strict-transport-security"), "no HSTS over http").toBeNull();
  });

  it("a fresh nonce per response", async () => {
    const fetchPage = hostFor("http://velora.test");
    const first = nonceOfPolicy((await fetchPage("/de/login")).headers.get("content-security-policy"));
    const second = nonceOfPolicy((await fetchPage("/de/login")).headers.get("content-security-policy"));
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it("HSTS and upgrade-insecure-requests when PUBLIC_URL is https", async () => {
    const response = await hostFor("https://www.velora.example")("/de/login");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
    expect(response.headers.get("content-security-policy")).toMatch(/upgrade-insecure-requests/);
  });

  it("API answers carry them too", async () => {
    const response = await hostFor("http://velora.test")("/api/v2/openapi.json");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBeTruthy();
  });

  it("a guest page shared from the micro-cache carries no nonce: its policy names each inline script's SHA-256 (ADR 143)", async () => {
    const fetchPage = hostFor("http://velora.test");
    const path = "/de/escorts";
    const first = await fetchPage(path);
    const second = await fetchPage(path);
    expect(second.headers.get("x-micro-cache"), "the second guest request is a cache hit").toBe("hit");
    const policy = second.headers.get("content-security-policy") ?? "";
    expect(policy).toBe(first.headers.get("content-security-policy"));
    expect(policy).not.toMatch(/'nonce-/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await second.text();
    expect(html).toBe(await first.text());
    expect(noncesInBody(html)).toEqual([]);
    // The hashes, computed here from the bytes the browser gets: a changed inline script would not match.
    const texts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => m[1] ?? "",
    );
    expect(texts.length, "the page hydrates: Remix's inline scripts").toBeGreaterThanOrEqual(3);
    const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
    expect(new Set(scriptSrc)).toEqual(new Set(["'self'", ...texts.map(sha256)]));
    expect(scriptSrc).not.toContain(sha256(`${texts[0]};`));
  });
});

describe("cookies", () => {
  it("are HttpOnly unless a caller says a script needs one", () => {
    expect(serializeCookie("language", "de", { maxAge: 60 })).toMatch(/; HttpOnly/);
    expect(serializeCookie("x", "1", { httpOnly: false })).not.toMatch(/HttpOnly/);
  });

  it("every cookie a sign-in sets is HttpOnly (tk, tk_expired_at, keep_logged_in, visitor, language)", async () => {
    const { createUser } = await import("../helpers/runtime");
    const user = await createUser(rt);
    const response = await hostFor("http://velora.test")("/de/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://velora.test" },
      body: new URLSearchParams({ username: user.username, password: user.password, keep_logged_in: "on" }),
    });
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(expect.arrayContaining(["tk", "tk_expired_at", "keep_logged_in"]));
    for (const cookie of cookies) expect(cookie).toMatch(/; HttpOnly/);
  });
});
