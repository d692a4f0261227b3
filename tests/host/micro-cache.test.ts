import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMicroCache, MICRO_CACHE_STALE_MS, MICRO_CACHE_TTL_MS } from "#server/micro-cache";
import { createHttpServer } from "#server/ops/http-server";

function page(body: string, headers: Record<string, string> = {}) {
  return new Response(body, {
    status: 200,
    headers: { "cache-control": "public, max-age=60", etag: `W/"${body}"`, "content-type": "text/html", ...headers },
  });
}

describe("guest page micro-cache", () => {
  it("serves a public tagged page from memory within the window, then renders again", async () => {
    let clock = 1_000;
    let renders = 0;
    const cache = createMicroCache(() => clock);
    const render = async () => page(`v${++renders}`);
    const get = () => cache.handle(new Request("http://x.test/de/p/lena"), render);
    expect(await (await get()).text()).toBe("v1");
    const hit = await get();
    expect(await hit.text()).toBe("v1");
    expect(hit.headers.get("x-micro-cache")).toBe("hit");
    const revalidated = await cache.handle(new Request("http://x.test/de/p/lena", { headers: { "if-none-match": 'W/"v1"' } }), render);
    expect(revalidated.status).toBe(304);
    clock += MICRO_CACHE_TTL_MS;
    expect(await (await get()).text()).toBe("v2");
  });

  it("never caches signed-in requests, private pages, pages without ETag or with Set-Cookie", async () => {
    let renders = 0;
    const cache = createMicroCache(() => 0);
    const cases: Array<[RequestInit, Record<string, string>]> = [
      [{ headers: { cookie: "lang=de; tk=secret" } }, {}],
      [{}, { "cache-control": "private, no-cache" }],
      [{}, { "set-cookie": "visitor=1" }],
      [{ method: "POST" }, {}],
    ];
    for (const [init, headers] of cases) {
      const url = `http://x.test/case-${renders}`;
      for (let i = 0; i < 2; i++) await cache.handle(new Request(url, init), async () => page(`r${++renders}`, headers));
    }
    expect(renders).toBe(8);
    const untagged = createMicroCache(() => 0);
    let plain = 0;
    for (let i = 0; i < 2; i++)
      await untagged.handle(
        new Request("http://x.test/x"),
        async () => new Response(`p${++plain}`, { headers: { "cache-control": "public" } }),
      );
    expect(plain).toBe(2);
  });

  it("never stores a page whose policy names a nonce: one nonce is never served twice (ADR 143)", async () => {
    let renders = 0;
    const cache = createMicroCache(() => 0);
    const render = async () => page(`n${++renders}`, { "content-security-policy": `script-src 'self' 'nonce-n${renders}'` });
    for (let i = 0; i < 2; i++) await cache.handle(new Request("http://x.test/de/nonce"), render);
    expect(renders).toBe(2);
  });

  it("makes an answer to a request with a view cookie private, even one the page called public", async () => {
    const cache = createMicroCache(() => 0);
    for (const cookie of ["tk=secret", "lang=de; announcements_dismissed=4,5"]) {
      const answer = await cache.handle(new Request("http://x.test/de/about", { headers: { cookie } }), async () => page("p"));
      expect(answer.headers.get("cache-control"), cookie).toBe("private, no-cache");
    }
    const guest = await cache.handle(new Request("http://x.test/de/about", { headers: { cookie: "language=de" } }), async () => page("p"));
    expect(guest.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("keeps an encoded body per encoding, made once, with a weak ETag and Vary: Accept-Encoding", async () => {
    const cache = createMicroCache(() => 0);
    const html = `<!DOCTYPE html><p>${"guest page ".repeat(200)}</p>`;
    const get = () =>
      cache.handle(new Request("http://x.test/de/p/lena", { headers: { "accept-encoding": "gzip, br" } }), async () =>
        page(html, { etag: '"v1"', vary: "Accept-Language" }),
      );
    const first = await get();
    const second = await get();
    for (const answer of [first, second]) {
      expect(answer.headers.get("content-encoding")).toBe("br");
      expect(answer.headers.get("etag")).toBe('W/"v1"');
      expect(answer.headers.get("vary")).toBe("Accept-Language, Accept-Encoding");
    }
    const [a, b] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())];
    expect(a.equals(b)).toBe(true);
    expect(brotliDecompressSync(a).toString("utf8")).toBe(html);
    // A page under a kilobyte gains less than the encoding's headers cost: it stays as it is.
    const small = () =>
      cache.handle(new Request("http://x.test/de/small", { headers: { "accept-encoding": "br" } }), async () => page("<p>small</p>"));
    await small();
    const smallHit = await small();
    expect(smallHit.headers.get("content-encoding")).toBeNull();
    expect(await smallHit.text()).toBe("<p>small</p>");
  });
});

describe("one render per page at a time (ADR 150)", () => {
  /** A render the test finishes by hand, so requests can overlap it. */
  function gatedRender(headers: Record<string, string> = {}) {
    let renders = 0;
    let release: () => void = () => {};
    const render = async () => {
      const n = ++renders;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return page(`v${n}`, headers);
    };
    return { render, release: () => release(), renders: () => renders };
  }

  it("guests arriving during a page's first render get that render's page instead of rendering it again", async () => {
    const cache = createMicroCache(() => 0);
    const gate = gatedRender();
    const answers = Array.from({ length: 5 }, () => cache.handle(new Request("http://x.test/de"), gate.render));
    await new Promise((resolve) => setTimeout(resolve, 0));
    gate.release();
    const bodies = await Promise.all(answers.map(async (answer) => (await answer).text()));
    expect(bodies).toEqual(["v1", "v1", "v1", "v1", "v1"]);
    expect(gate.renders()).toBe(1);
  });

  it("a first render that is not for sharing: each waiting guest renders their own (nothing shared, nothing stored)", async () => {
    const cache = createMicroCache(() => 0);
    const gate = gatedRender({ "cache-control": "private, no-cache" });
    const first = cache.handle(new Request("http://x.test/de/private"), gate.render);
    const second = cache.handle(new Request("http://x.test/de/private"), gate.render);
    await new Promise((resolve) => setTimeout(resolve, 0));
    gate.release();
    expect(await (await first).text()).toBe("v1");
    await new Promise((resolve) => setTimeout(resolve, 0));
    gate.release();
    expect(await (await second).text()).toBe("v2");
    expect(gate.renders()).toBe(2);
  });

  it("past the window one guest renders the page anew while the others get the stored copy; then all get the new one", async () => {
    let clock = 0;
    const cache = createMicroCache(() => clock);
    const gate = gatedRender();
    const get = () => cache.handle(new Request("http://x.test/de/p/lena"), gate.render);
    const first = get();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gate.release();
    expect(await (await first).text()).toBe("v1");
    clock += MICRO_CACHE_TTL_MS;
    const renewing = get();
    const meanwhile = await Promise.all([get(), get()]);
    for (const answer of meanwhile) {
      expect(await answer.text()).toBe("v1");
      expect(answer.headers.get("x-micro-cache")).toBe("hit");
    }
    gate.release();
    expect(await (await renewing).text()).toBe("v2");
    expect(await (await get()).text()).toBe("v2");
    expect(gate.renders()).toBe(2);
    // A stored copy is never served once it is older than the window and the stale allowance, render or not.
    clock += MICRO_CACHE_TTL_MS + MICRO_CACHE_STALE_MS;
    const late = get();
    const alsoLate = get();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gate.release();
    expect(await (await late).text()).toBe("v3");
    expect(await (await alsoLate).text()).toBe("v3");
  });

  it("a page that is no longer for sharing at its next render loses its stored copy at once", async () => {
    let clock = 0;
    let headers: Record<string, string> = {};
    let renders = 0;
    const cache = createMicroCache(() => clock);
    const get = () => cache.handle(new Request("http://x.test/de/p/gone"), async () => page(`v${++renders}`, headers));
    await get();
    clock += MICRO_CACHE_TTL_MS;
    headers = { "cache-control": "private, no-cache" };
    expect(await (await get()).text()).toBe("v2");
    expect(await (await get()).text(), "no stale copy once the page turned private").toBe("v3");
  });

  it("a failed render keeps the stored copy for the guests waiting on the next one", async () => {
    let clock = 0;
    let status = 200;
    let renders = 0;
    let release: () => void = () => {};
    const cache = createMicroCache(() => clock);
    const get = () =>
      cache.handle(new Request("http://x.test/de/p/flaky"), async () => {
        const n = ++renders;
        if (n > 2) await new Promise<void>((resolve) => (release = resolve));
        return status === 200 ? page(`v${n}`) : new Response("busy", { status });
      });
    await get();
    clock += MICRO_CACHE_TTL_MS;
    status = 503;
    expect((await get()).status).toBe(503);
    status = 200;
    const renewing = get();
    expect(await (await get()).text(), "the copy from before the failure, while v3 renders").toBe("v1");
    release();
    expect(await (await renewing).text()).toBe("v3");
  });
});

describe("a hit straight on the socket (serveStored, ADR 150)", () => {
  const CSP = "default-src 'self'; script-src 'self' 'sha256-abc='";
  const html = `<!DOCTYPE html><p>${"guest page ".repeat(200)}</p>`;
  let server: Server;
  let base: string;
  let renders = 0;
  let clock = 0;
  const cache = createMicroCache(() => clock);

  beforeAll(async () => {
    // The host's part in small: the fetch handler is the micro-cache over a "render" that says it ran.
    const fetch = (request: Request) =>
      cache.handle(request, async () => {
        renders += 1;
        return page(html, { "content-security-policy": CSP, "x-rendered": String(renders) });
      });
    server = createHttpServer(fetch, (req, res) => Boolean(cache.serveStored(req, res)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A raw GET (fetch would set its own Host and Accept-Encoding). */
  function get(target: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = httpRequest(`${base}${target}`, { headers: { "accept-encoding": "identity", ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("answers a guest with the stored bytes and every stored header, a request id of its own, no render", async () => {
    const rendered = await get("/de/p/lena");
    const before = renders;
    const hit = await get("/de/p/lena");
    expect(renders).toBe(before);
    expect(hit.status).toBe(200);
    expect(hit.headers["x-micro-cache"]).toBe("hit");
    expect(hit.body.equals(rendered.body)).toBe(true);
    for (const name of ["content-security-policy", "cache-control", "etag", "content-type", "content-length", "x-rendered"])
      expect(hit.headers[name], name).toBe(rendered.headers[name]);
    // UUID-shaped: this process's random prefix and a counter.
    expect(hit.headers["x-request-id"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect((await get("/de/p/lena")).headers["x-request-id"]).not.toBe(hit.headers["x-request-id"]);
    expect((await get("/de/p/lena", { "x-request-id": "trace-42" })).headers["x-request-id"]).toBe("trace-42");
    expect((await get("/de/p/lena", { "x-request-id": "bad id" })).headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("encodes once per encoding, and answers If-None-Match with a bodiless 304 without a policy", async () => {
    await get("/de/p/encoded");
    const br = await get("/de/p/encoded", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(html);
    const etag = br.headers.etag!;
    const notModified = await get("/de/p/encoded", { "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.byteLength).toBe(0);
    expect(notModified.headers["content-security-policy"]).toBeUndefined();
    expect(notModified.headers["x-micro-cache"]).toBe("hit");
  });

  it("never gives the stored page to a request with a view cookie or credentials: those take the long way", async () => {
    await get("/de/p/member");
    const cases: Array<Record<string, string>> = [
      { cookie: "tk=secret" },
      { cookie: "lang=de; announcements_dismissed=1" },
      { authorization: "Bearer abc" },
    ];
    for (const headers of cases) {
      const before = renders;
      const answer = await get("/de/p/member", headers);
      expect(answer.headers["x-micro-cache"], JSON.stringify(headers)).toBeUndefined();
      expect(renders, JSON.stringify(headers)).toBe(before + 1);
      if (headers.cookie) expect(answer.headers["cache-control"]).toBe("private, no-cache");
    }
    // Cookies that change nothing on the page still share the guest's copy.
    expect((await get("/de/p/member", { cookie: "language=de; km_ff=1" })).headers["x-micro-cache"]).toBe("hit");
  });

  it("leaves a target or host it cannot key exactly as the host would to the long way, never to another page", async () => {
    await get("/de/p/exact");
    // A dot segment and a fragment are resolved by the host's URL (the same page, from its own path); a host
    // name in capitals is refused by the host (400). None of them is answered from a key the socket guessed.
    for (const [target, headers, status] of [
      ["/de/p/../p/exact", {}, 200],
      ["/de/p/exact#x", {}, 200],
      ["/de/p/exact", { host: `LOCALHOST:${new URL(base).port}` }, 400],
    ] as const) {
      const before = renders;
      const answer = await get(target, headers);
      expect(answer.status, target).toBe(status);
      if (status === 200) {
        expect(answer.body.toString("utf8"), target).toBe(html);
        expect(renders, "the host's own hit: the page its URL names").toBe(before);
      }
    }
    const other = await get("/de/p/other-page");
    expect(other.headers["x-micro-cache"]).toBeUndefined();
  });

  it("serves nothing stored once the page is older than the window, until it is rendered again", async () => {
    await get("/de/p/aging");
    clock += MICRO_CACHE_TTL_MS;
    const before = renders;
    const renewed = await get("/de/p/aging");
    expect(renewed.headers["x-micro-cache"]).toBeUndefined();
    expect(renders).toBe(before + 1);
    expect((await get("/de/p/aging")).headers["x-micro-cache"]).toBe("hit");
  });
});
