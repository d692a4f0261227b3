/**
 * ADR 165: haproxy's cache in front of the instances (scripts/cluster/haproxy.mjs) keys guest pages on the URL and
 * the session cookie's presence, as ADR 143's CDN rule says: a guest gets a stored page, a request with a view cookie
 * or credentials always reaches an instance and never gets the guest's copy, and nothing private, nothing with a
 * Set-Cookie and nothing asked with a view cookie is ever stored. Debian's haproxy in front of a stub instance that
 * counts what reaches it (scripts/ensure-system-packages.mjs installs haproxy for the tests).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEW_COOKIES } from "#server/contract/shared-cache";
import { startHaproxy, VIEW_COOKIES as PROXY_VIEW_COOKIES } from "../../scripts/cluster/haproxy.mjs";
import { listenPortBelowEphemeral } from "../helpers/ports";

const GUEST_PAGE = "public, max-age=0, s-maxage=60, must-revalidate";
let stub: Server;
let proxy: Awaited<ReturnType<typeof startHaproxy>>;
let base: string;
let dir: string;
/** Requests that reached the instance, per path and query. */
const reached = new Map<string, number>();

beforeAll(async () => {
  stub = createServer((req, res) => {
    const target = req.url ?? "/";
    if (target === "/readyz") return void res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    reached.set(target, (reached.get(target) ?? 0) + 1);
    const member = /(?:^|;\s*)tk=/.test(req.headers.cookie ?? "");
    const text = member ? `member page ${target}` : `guest page ${target}`;
    // As the app does: gzip for a client that takes it, one copy per encoding for a cache (Vary: Accept-Encoding).
    const gzipped = /gzip/.test(req.headers["accept-encoding"] ?? "");
    const body = gzipped ? gzipSync(text) : Buffer.from(text);
    const headers: Record<string, string> = {
      "content-type": "text/html; charset=utf-8",
      "content-length": String(body.byteLength),
      ...(gzipped ? { "content-encoding": "gzip" } : {}),
      // As the app answers (ADR 143): public for guests, private once a view cookie came with the request.
      "cache-control": member || /(?:^|;\s*)announcements_dismissed=/.test(req.headers.cookie ?? "") ? "private, no-cache" : GUEST_PAGE,
      etag: `W/"${Buffer.from(text).toString("base64url")}"`,
      vary: "Accept-Encoding",
      "x-request-id": `origin-${reached.get(target)}`,
    };
    if (target.startsWith("/private")) headers["cache-control"] = "private, no-cache";
    if (target.startsWith("/sets-cookie")) headers["set-cookie"] = "visitor=1; Path=/; HttpOnly";
    res.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  dir = mkdtempSync(join(tmpdir(), "haproxy-cache-"));
  // Another test may hold the ports drawn: a few draws before giving up.
  for (let attempt = 1; ; attempt++) {
    const tlsPort = listenPortBelowEphemeral();
    const httpPort = tlsPort + 1;
    try {
      proxy = await startHaproxy({ dir, port: tlsPort, httpPort, servers: [{ name: "app1", port: (stub.address() as AddressInfo).port }] });
      base = `http://127.0.0.1:${httpPort}`;
      break;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
  // haproxy sends nothing to an instance before its first health check passed.
  for (let i = 0; i < 100 && (await proxy.servers())[0]?.status !== "UP"; i++) await new Promise((r) => setTimeout(r, 100));
}, 30_000);
afterAll(async () => {
  await proxy?.stop();
  stub?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity", ...headers } });
  return { response, body: await response.text(), hit: response.headers.get("x-proxy-cache") === "hit" };
}

describe("haproxy's cache of guest pages", () => {
  it("names the same view cookies as the app", () => {
    expect([...PROXY_VIEW_COOKIES].sort()).toEqual([...VIEW_COOKIES].sort());
  });

  it("a guest gets the stored page: one request reaches the instance, the hit carries no stale request id", async () => {
    const first = await get("/de/escorts");
    expect(first.hit).toBe(false);
    expect(first.response.headers.get("x-request-id")).toBe("origin-1");
    const second = await get("/de/escorts");
    expect(second.hit).toBe(true);
    expect(second.body).toBe("guest page /de/escorts");
    expect(second.response.headers.get("x-request-id")).toBeNull();
    expect(second.response.headers.get("cache-control")).toBe(GUEST_PAGE);
    // Cookies that change nothing on the page still share the guest's copy.
    expect((await get("/de/escorts", { cookie: "language=de; km_ff=1" })).hit).toBe(true);
    expect(reached.get("/de/escorts")).toBe(1);
  });

  it("a signed-in request never gets the guest's stored page, and its own page is never stored", async () => {
    await get("/de/p/lena");
    expect((await get("/de/p/lena")).hit).toBe(true);
    for (const cookie of ["tk=secret", "language=de; tk=secret", "tk=", "announcements_dismissed=1"]) {
      const before = reached.get("/de/p/lena")!;
      const answer = await get("/de/p/lena", { cookie });
      expect(answer.hit, cookie).toBe(false);
      expect(reached.get("/de/p/lena"), cookie).toBe(before + 1);
      expect(answer.response.headers.get("cache-control"), cookie).toBe("private, no-cache");
    }
    const withCredentials = await get("/de/p/lena", { authorization: "Bearer abc" });
    expect(withCredentials.hit).toBe(false);
    // A member first on a page nobody asked for yet: the guest after them gets a guest page, rendered for them.
    const member = await get("/de/p/mara", { cookie: "tk=secret" });
    expect(member.body).toBe("member page /de/p/mara");
    const guest = await get("/de/p/mara");
    expect(guest.hit).toBe(false);
    expect(guest.body).toBe("guest page /de/p/mara");
    expect((await get("/de/p/mara", { cookie: "tk=secret" })).body).toBe("member page /de/p/mara");
  });

  it("stores nothing private and nothing with a Set-Cookie", async () => {
    for (const path of ["/private", "/sets-cookie"]) {
      for (let i = 0; i < 3; i++) expect((await get(path)).hit, path).toBe(false);
      expect(reached.get(path), path).toBe(3);
    }
  });

  it("keeps one copy per encoding (Vary: Accept-Encoding): a client never gets bytes in an encoding it did not ask for", async () => {
    const path = "/de/escort/deutschland/berlin/berlin";
    const raw = async (encoding: string) => {
      const response = await fetch(`${base}${path}`, { headers: { "accept-encoding": encoding } });
      const bytes = Buffer.from(await response.arrayBuffer());
      return { hit: response.headers.get("x-proxy-cache") === "hit", encoding: response.headers.get("content-encoding"), bytes };
    };
    expect((await raw("gzip")).hit).toBe(false);
    const identity = await raw("identity");
    expect(identity.hit, "another encoding is another copy").toBe(false);
    const gzipHit = await raw("gzip");
    expect(gzipHit.hit).toBe(true);
    expect(gzipHit.encoding).toBe("gzip");
    expect(gzipHit.bytes.toString(), "fetch decodes what it asked for").toBe(`guest page ${path}`);
    const identityHit = await raw("identity");
    expect(identityHit.hit).toBe(true);
    expect(identityHit.encoding).toBeNull();
    expect(identityHit.bytes.toString()).toBe(`guest page ${path}`);
    expect(reached.get(path)).toBe(2);
  });
});
