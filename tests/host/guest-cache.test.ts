/**
 * Issue 33 item 3 (ADR 143): a cached guest page is the same bytes for every guest, with an ETag that holds
 * across hits and encodings; no `Vary: Cookie` — instead a guest never gets a signed-in page from a shared
 * copy and a signed-in visitor never a guest's, and every answer to a request with a view cookie is private.
 */
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRuntime, createUser, signIn, type TestRuntime } from "../helpers/runtime";
import { createHttpServer } from "#server/ops/http-server";
import { createTestHost, webBuild, type TestHost } from "../helpers/host";

let rt: TestRuntime;
let member: { username: string; token: string };
beforeAll(async () => {
  rt = await createTestRuntime();
  member = await signIn(rt, await createUser(rt));
  // The web build is compiled once per file: on a loaded machine that alone takes minutes.
  await webBuild();
}, 300_000);
afterAll(async () => {
  await rt.close();
});

/** A host of its own per test: its micro-cache starts empty. */
const freshHost = () => createTestHost(rt);
const memberCookie = () => `tk=${member.token}; keep_logged_in=1`;
const PAGE = "/de/escorts";

async function page(host: TestHost, path: string, headers: Record<string, string> = {}) {
  const response = await host.get(path, headers);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

// Each test renders a page a few times: generous on a loaded machine (no timing is asserted).
describe("a cached guest page", { timeout: 60_000 }, () => {
  it("is byte-identical with the same policy and ETag on every hit; no Vary: Cookie", async () => {
    const host = await freshHost();
    const first = await page(host, PAGE);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("x-micro-cache"), "the first request renders").toBeNull();
    expect(first.response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, must-revalidate");
    expect(first.response.headers.get("vary") ?? "").not.toMatch(/cookie/i);
    for (let i = 0; i < 2; i++) {
      const hit = await page(host, PAGE);
      expect(hit.response.headers.get("x-micro-cache")).toBe("hit");
      expect(hit.body.equals(first.body)).toBe(true);
      for (const name of ["etag", "content-security-policy", "cache-control", "content-type"])
        expect(hit.response.headers.get(name), name).toBe(first.response.headers.get(name));
    }
  });

  it("answers If-None-Match with a bodiless 304 (no policy: the browser keeps its copy's), rendered or cached", async () => {
    const host = await freshHost();
    const etag = (await page(host, PAGE)).response.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const cached = await page(host, PAGE, { "if-none-match": etag });
    expect(cached.response.status).toBe(304);
    expect(cached.response.headers.get("x-micro-cache")).toBe("hit");
    expect(cached.body.byteLength).toBe(0);
    expect(cached.response.headers.get("content-security-policy")).toBeNull();
    // A new render (another host: nothing cached) of the same page gives the same tag: no nonce in the bytes.
    const rendered = await page(await freshHost(), PAGE, { "if-none-match": etag });
    expect(rendered.response.status).toBe(304);
    expect(rendered.response.headers.get("x-micro-cache")).toBeNull();
    expect((await page(host, PAGE, { "if-none-match": 'W/"other"' })).response.status).toBe(200);
  });

  it("goes out brotli or gzip encoded once, with the same weak ETag and Vary: Accept-Encoding", async () => {
    const host = await freshHost();
    const identity = await page(host, PAGE, { "accept-encoding": "identity" });
    const etag = identity.response.headers.get("etag");
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const encoded = await page(host, PAGE, { "accept-encoding": accept });
        expect(encoded.response.headers.get("x-micro-cache")).toBe("hit");
        expect(encoded.response.headers.get("content-encoding")).toBe(encoding);
        expect(encoded.response.headers.get("etag")).toBe(etag);
        expect(encoded.response.headers.get("vary")).toBe("Accept-Encoding");
        expect(decode(encoded.body).equals(identity.body)).toBe(true);
      }
    }
  });
});

describe("any public answer", { timeout: 60_000 }, () => {
  it("a guest's 404, which a CDN may keep for its minute, carries no nonce either", async () => {
    const host = await freshHost();
    const missing = await page(host, "/de/no-such-page/at-all");
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get("cache-control")).toMatch(/^public\b/);
    expect(missing.response.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    expect(missing.response.headers.get("content-security-policy")).not.toMatch(/'nonce-/);
    expect(missing.body.toString("utf8")).not.toMatch(/\bnonce="/);
  });
});

describe("guests and signed-in visitors never share a copy", { timeout: 60_000 }, () => {
  it("a signed-in request after a guest's: rendered for the member, private, with a fresh nonce", async () => {
    const host = await freshHost();
    const guest = await page(host, PAGE);
    const signedIn = await page(host, PAGE, { cookie: memberCookie() });
    expect(signedIn.response.status).toBe(200);
    expect(signedIn.response.headers.get("x-micro-cache")).toBeNull();
    expect(signedIn.response.headers.get("cache-control")).toMatch(/^private\b/);
    expect(signedIn.response.headers.get("etag")).toBeNull();
    expect(signedIn.response.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    expect(signedIn.body.equals(guest.body)).toBe(false);
    expect(signedIn.body.toString("utf8")).toContain("/logout");
    expect(guest.body.toString("utf8")).not.toContain("/logout");
  });

  it("a guest after a signed-in request: the member's page never entered the cache", async () => {
    const host = await freshHost();
    await page(host, PAGE, { cookie: memberCookie() });
    await page(host, PAGE, { cookie: memberCookie() });
    const guest = await page(host, PAGE);
    expect(guest.response.headers.get("x-micro-cache"), "a miss: rendered for the guest").toBeNull();
    expect(guest.response.headers.get("cache-control")).toMatch(/^public\b/);
    expect(guest.body.toString("utf8")).not.toContain("/logout");
  });

  it("every answer to a request with a view cookie is private, also a page that is public for everyone", async () => {
    const host = await freshHost();
    // The benefits page is public with no signed-in variant of its own, but its header shows the member.
    expect((await page(host, "/de/join/benefits")).response.headers.get("cache-control")).toMatch(/^public\b/);
    for (const cookie of [memberCookie(), "tk=expired-or-forged", "announcements_dismissed=1", "language=de; announcements_dismissed="]) {
      const answer = await page(host, "/de/join/benefits", { cookie });
      expect(answer.response.headers.get("x-micro-cache"), cookie).toBeNull();
      expect(answer.response.headers.get("cache-control"), cookie).toMatch(/^private\b/);
    }
    // Cookies that do not change the page (language, visitor id) still share the guest's copy.
    const plain = await page(host, "/de/join/benefits", { cookie: "language=en; km_ff=abc" });
    expect(plain.response.headers.get("x-micro-cache")).toBe("hit");
  });
});

describe("a hit on the socket, ahead of the host (ADR 150)", { timeout: 120_000 }, () => {
  it("is the host's cached page with its headers; a member's cookie still gets their own private page", async () => {
    const { host } = await freshHost();
    const server = createHttpServer(host.fetch, host.serveStored);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const get = async (headers: Record<string, string> = {}) => {
        const response = await fetch(`${base}${PAGE}`, { headers: { "accept-encoding": "identity", ...headers } });
        return { response, body: Buffer.from(await response.arrayBuffer()) };
      };
      const rendered = await get();
      expect(rendered.response.headers.get("x-micro-cache")).toBeNull();
      const hit = await get();
      expect(hit.response.headers.get("x-micro-cache")).toBe("hit");
      expect(hit.body.equals(rendered.body)).toBe(true);
      for (const name of ["etag", "content-security-policy", "cache-control", "content-type", "x-frame-options", "referrer-policy"])
        expect(hit.response.headers.get(name), name).toBe(rendered.response.headers.get(name));
      expect(hit.response.headers.get("x-request-id")).toBeTruthy();
      const member = await get({ cookie: memberCookie() });
      expect(member.response.headers.get("x-micro-cache")).toBeNull();
      expect(member.response.headers.get("cache-control")).toMatch(/^private\b/);
      expect(member.body.toString("utf8")).toContain("/logout");
      expect(hit.body.toString("utf8")).not.toContain("/logout");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
