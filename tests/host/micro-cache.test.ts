import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createMicroCache, MICRO_CACHE_TTL_MS } from "#server/micro-cache";

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
