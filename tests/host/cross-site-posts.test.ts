/**
 * Issue 9 item 3: a page of another site must not act with the visitor's cookies. The host refuses every
 * cross-site non-GET request to the web tier with the translated 403 page before Remix runs: document
 * posts, `?_data=` posts (which once bypassed the check), resource routes and logout alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { originVerdict, ownOrigins } from "#server/security/same-origin";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";
import { createTestHost } from "../helpers/host";

const ORIGIN = "http://velora.test";
const PUBLIC_URL = "https://www.velora.example";
const EVIL = "https://evil.example";

let rt: TestRuntime;
let hostFetch: (request: Request) => Promise<Response>;
beforeAll(async () => {
  rt = await createTestRuntime();
  ({ send: hostFetch } = await createTestHost(rt, { publicUrl: PUBLIC_URL }));
}, 60_000);
afterAll(async () => {
  await rt.close();
});

const loginForm = () => new URLSearchParams({ username: "nobody_here", password: "wrong-password-1" });
const post = (path: string, headers: Record<string, string>, body: BodyInit = loginForm()) =>
  hostFetch(
    new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } }),
  );

describe("cross-site posts to the web tier", () => {
  const paths = ["/de/login", "/de/login?_data=routes%2F%24lang.login", "/de/logout", "/en/forgot_password", "/de/join/check-unique"];

  for (const path of paths) {
    it(`${path}: refused with 403 for a foreign Origin and for Sec-Fetch-Site cross-site`, async () => {
      for (const headers of <Record<string, string>[]>[
        { origin: EVIL },
        { "sec-fetch-site": "cross-site", origin: EVIL },
        { "sec-fetch-site": "same-site" },
        { origin: "null" },
      ]) {
        const response = await post(path, headers);
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expect(response.headers.get("set-cookie") ?? "", "no session is touched").not.toMatch(/\btk=/);
      }
    });
  }

  it("answers with the translated error page in the path's language, never cached", async () => {
    const german = await post("/de/login", { origin: EVIL });
    expect(german.headers.get("content-type")).toMatch(/text\/html/);
    expect(german.headers.get("cache-control")).toBe("no-store");
    expect(await german.text()).toContain("Formular von einer fremden Seite");
    const english = await post("/en/login?_data=routes%2F%24lang.login", { origin: EVIL });
    expect(await english.text()).toContain("Form sent from another site");
  });

  it("lets our own pages post: the request's origin, and clients that send neither header", async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: ORIGIN, "sec-fetch-site": "same-origin" },
      {},
      { "sec-fetch-site": "none" },
    ]) {
      const response = await post("/de/login", headers);
      expect(response.status, JSON.stringify(headers)).toBe(400);
    }
  });

  it("lets PUBLIC_URL's https origin post behind a TLS-terminating proxy (the request itself arrives as http)", async () => {
    const behindProxy = new Request(`http://www.velora.example/de/login`, {
      method: "POST",
      body: loginForm(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL, "sec-fetch-site": "same-origin" },
    });
    expect((await hostFetch(behindProxy)).status).toBe(400);
  });

  it("never refuses a GET, whatever its headers", async () => {
    const response = await hostFetch(new Request(`${ORIGIN}/de/login`, { headers: { origin: EVIL, "sec-fetch-site": "cross-site" } }));
    expect(response.status).toBe(200);
  });
});

describe("originVerdict", () => {
  const isOwn = ownOrigins(undefined);
  const verdict = (method: string, headers: Record<string, string>) =>
    originVerdict(new Request(`${ORIGIN}/de/x`, { method, headers }), isOwn);
  it("judges by Sec-Fetch-Site first, then Origin", () => {
    expect(verdict("POST", { "sec-fetch-site": "cross-site", origin: ORIGIN })).toBe("cross-site");
    expect(verdict("POST", { "sec-fetch-site": "same-origin", origin: EVIL })).toBe("cross-site");
    expect(verdict("DELETE", { origin: "garbage" })).toBe("cross-site");
    expect(verdict("PUT", { origin: `${ORIGIN}` })).toBe("same-origin");
    expect(verdict("OPTIONS", { origin: EVIL })).toBe("same-origin");
  });

  it("knows PUBLIC_URL's origin and the request's own host under either scheme, nothing else", () => {
    const isOwnBehindProxy = ownOrigins(PUBLIC_URL);
    expect(isOwnBehindProxy(PUBLIC_URL, "internal:8080")).toBe(true);
    expect(isOwnBehindProxy("https://velora.test", "velora.test")).toBe(true);
    expect(isOwnBehindProxy("https://velora.test.evil.example", "velora.test")).toBe(false);
    expect(isOwnBehindProxy("null", "velora.test")).toBe(false);
    expect(isOwnBehindProxy(EVIL, undefined)).toBe(false);
  });
});
