/**
 * Issue 9 item 9: canonical and hreflang URLs, robots.txt and sitemaps name PUBLIC_URL's origin, never the
 * request's Host header (a cache in front of the site would otherwise keep a page that points elsewhere),
 * and production refuses to start without PUBLIC_URL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "#server/config";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";
import { createTestHost } from "../helpers/host";

const PUBLIC_URL = "https://www.velora.example";
let rt: TestRuntime;
let get: (path: string) => Promise<Response>;
beforeAll(async () => {
  rt = await createTestRuntime();
  // Every request names another host than PUBLIC_URL's.
  ({ get } = await createTestHost(rt, { publicUrl: PUBLIC_URL, origin: "http://evil.example" }));
}, 60_000);
afterAll(async () => {
  await rt.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the public origin", () => {
  it("canonical and hreflang links come from PUBLIC_URL, whatever the Host header says", async () => {
    vi.stubEnv("PUBLIC_URL", PUBLIC_URL);
    const html = await (await get("/de/escorts")).text();
    const links = [...html.matchAll(/<link[^>]+rel="(?:canonical|alternate)"[^>]*>/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(4);
    for (const link of links) expect(link).toContain(`href="${PUBLIC_URL}/`);
    expect(html).not.toContain("evil.example");
  });

  it("robots.txt and the sitemap index too", async () => {
    vi.stubEnv("PUBLIC_URL", PUBLIC_URL);
    expect(await (await get("/robots.txt")).text()).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const index = await (await get("/sitemap.xml")).text();
    expect(index).toContain(PUBLIC_URL);
    expect(index).not.toContain("evil.example");
  });

  it("production does not start without PUBLIC_URL; the demo of npm start runs on localhost", () => {
    expect(() => loadConfig({ NODE_ENV: "production", APP_SECRET: "s" })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: "production", APP_SECRET: "s", DEMO_MODE: "1", PORT: "3000" }).publicUrl).toBe("http://localhost:3000");
  });
});
