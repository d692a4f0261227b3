/**
 * The web tier's sitemap files follow the feature manifests (issue 24, ADR 064): the index names every sitemap
 * GET /seo/sitemaps lists (one file, or numbered files), and each file is served at exactly one address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURES } from "#server/modules/index";
import { defineFeature } from "#server/modules/manifest";
import { featureRegistryOf } from "#server/modules/registry";
import { createTestHost, type TestHost } from "../helpers/host";
import { createTestRuntime, listedMember, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
let web: TestHost;
let listed: { username: string };
beforeAll(async () => {
  rt = await createTestRuntime();
  web = await createTestHost(rt);
  listed = await listedMember(rt);
}, 120_000);
afterAll(async () => await rt.close());

const text = async (path: string) => {
  const response = await web.get(path);
  return { status: response.status, body: await response.text() };
};

describe("the sitemap files", () => {
  it("list the info pages and every declared sitemap in every language", async () => {
    const index = await text("/sitemap.xml");
    expect(index.status).toBe(200);
    for (const lang of ["de", "en", "es", "pl"])
      for (const file of ["pages.xml", "directory.xml", "profiles-1.xml"]) expect(index.body).toContain(`/sitemaps/${lang}/${file}</loc>`);
    expect(index.body).not.toContain("profiles.xml");
  });

  it("serve each part at one address", async () => {
    const profiles = await text("/sitemaps/de/profiles-1.xml");
    expect(profiles.status).toBe(200);
    expect(profiles.body).toContain(`/de/p/${listed.username}</loc>`);
    expect((await text("/sitemaps/en/directory.xml")).status).toBe(200);
    for (const path of [
      "/sitemaps/de/profiles.xml",
      "/sitemaps/de/directory-1.xml",
      "/sitemaps/de/profiles-2.xml",
      "/sitemaps/de/gifts.xml",
    ])
      expect((await text(path)).status, path).toBe(404);
  });

  it("take a new feature's sitemap from its manifest, without a change to the web tier", async () => {
    const registry = rt.deps.features;
    const gifts = defineFeature({
      name: "gifts",
      sitemaps: {
        gifts: {
          paged: true,
          read: async (_deps, n) => (n <= 2 ? { parts: 2, entries: [{ path: `gifts/${n}`, last_modified: 7 }] } : null),
        },
      },
    });
    try {
      rt.deps.features = featureRegistryOf([...FEATURES, gifts]);
      const index = await text("/sitemap.xml");
      expect(index.body).toContain("/sitemaps/pl/gifts-1.xml</loc>");
      expect(index.body).toContain("/sitemaps/pl/gifts-2.xml</loc>");
      expect((await text("/sitemaps/pl/gifts-2.xml")).body).toContain("/pl/gifts/2</loc>");
    } finally {
      rt.deps.features = registry;
    }
  });
});
