/**
 * The sitemaps are built from the feature manifests (issue 24, ADR 064): GET /seo/sitemaps lists what every manifest
 * declares and GET /seo/sitemaps/{name} serves one part, so a feature's sitemap needs no change in seo or the web tier.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SitemapEntry, SitemapIndex } from "#server/contract/seo";
import { FEATURES } from "#server/modules/index";
import { defineFeature } from "#server/modules/manifest";
import { featureRegistryOf } from "#server/modules/registry";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Envelope<T> {
  data: T;
  meta?: unknown;
}

describe(`sitemaps from the manifests (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let listed: { username: string };
  beforeAll(async () => {
    rt = await createTestRuntime();
    listed = await listedMember(rt);
  });
  afterAll(async () => await rt.close());

  const index = () => callJson<Envelope<SitemapIndex>>(rt, undefined, "GET", "/api/v2/seo/sitemaps");
  const part = (name: string, n = 1) => callJson<Envelope<SitemapEntry[]>>(rt, undefined, "GET", `/api/v2/seo/sitemaps/${name}?part=${n}`);

  it("lists the seo module's directory (one file) and profiles (numbered files)", async () => {
    const answer = await index();
    expect(answer.status).toBe(200);
    // Other features declare sitemaps of their own (the manifests decide); these are the seo module's.
    const seo = answer.json.data.files.filter(({ name }) => name === "directory" || name === "profiles");
    expect(seo.map(({ name, paged, parts }) => ({ name, paged, parts }))).toEqual([
      { name: "directory", paged: false, parts: 1 },
      { name: "profiles", paged: true, parts: 1 },
    ]);
    expect(seo[1]?.last_modified).toBe(rt.clock.now());
  });

  it("serves one part: guest-visible paths, meta.parts and meta.paged; 404 past the last part or for an unknown name", async () => {
    const profiles = await part("profiles");
    expect(profiles.json.data.map((entry) => entry.path)).toContain(`p/${listed.username}`);
    expect(profiles.json.meta).toEqual({ parts: 1, paged: true });
    expect((await part("directory")).json.meta).toEqual({ parts: 1, paged: false });
    expect((await part("profiles", 2)).status).toBe(404);
    expect((await part("directory", 2)).status).toBe(404);
    expect((await part("gifts")).status).toBe(404);
    expect((await part("profiles", 0)).status).toBe(400);
  });

  it("follows the list of manifests: a feature's declared sitemap is listed and served, a module left out is not", async () => {
    const registry = rt.deps.features;
    const gifts = defineFeature({
      name: "gifts",
      sitemaps: {
        gifts: { read: async (_deps, n) => (n === 1 ? { parts: 1, entries: [{ path: "gifts/rose", last_modified: 7 }] } : null) },
      },
    });
    try {
      rt.deps.features = featureRegistryOf([...FEATURES, gifts]);
      expect((await index()).json.data.files).toContainEqual({ name: "gifts", paged: false, parts: 1, last_modified: 7 });
      expect((await part("gifts")).json.data).toEqual([{ path: "gifts/rose", last_modified: 7 }]);
      rt.deps.features = featureRegistryOf(FEATURES.filter((feature) => feature.name !== "seo"));
      expect((await index()).json.data.files.map(({ name }) => name)).not.toEqual(expect.arrayContaining(["directory"]));
      expect((await index()).json.data.files.map(({ name }) => name)).not.toEqual(expect.arrayContaining(["profiles"]));
      expect((await part("profiles")).status).toBe(404);
    } finally {
      rt.deps.features = registry;
    }
  });
});
