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
});
