/**
 * The white-label home's worldwide second search (spec section 9) against
 * the real search API: the request the web tier builds is accepted, the
 * global radius reaches beyond every regular radius, and only travel
 * companions (escort_service 133) who speak English (languages: en) match.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GLOBAL_RADIUS, MEMBER_MAX_RADIUS } from "#server/contract/search";
import { findTraitGroup } from "#server/contract/traits";
import { globalFallbackRequest } from "~/features/home/home-search.server";
import { createTestRuntime, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, createProfile, northOf } from "../../helpers/search-fixtures";

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime({ geoData: true });
}, 60_000);
afterAll(async () => rt?.close());

describe("white-label worldwide search", () => {
  it("finds English-speaking travel companions far beyond the largest radius, nobody else", async () => {
    const english = findTraitGroup("languages")!.options.find((o) => o.key === "en")!.id;
    const german = findTraitGroup("languages")!.options.find((o) => o.key === "de")!.id;
    const both: Array<[string, number]> = [
      ["escort_service", 133],
      ["languages", english],
    ];
    const near = await createProfile(rt, { point: northOf(BERLIN, 3), traits: both });
    const far = await createProfile(rt, { point: northOf(BERLIN, MEMBER_MAX_RADIUS + 1500), traits: both });
    const germanOnly = await createProfile(rt, {
      point: northOf(BERLIN, 4),
      traits: [
        ["escort_service", 133],
        ["languages", german],
      ],
    });
    const otherService = await createProfile(rt, {
      point: northOf(BERLIN, 5),
      traits: [
        ["escort_service", 134],
        ["languages", english],
      ],
    });
    const res = await rt.request("/api/v2/search/user-and-business", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(globalFallbackRequest(BERLIN)),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ username: string }>; meta: { location: { radius: number } | null } };
    expect(body.meta.location?.radius).toBe(GLOBAL_RADIUS);
    const names = body.data.map((hit) => hit.username);
    expect(names).toContain(near.username);
    expect(names).toContain(far.username);
    expect(names).not.toContain(germanOnly.username);
    expect(names).not.toContain(otherService.username);
  });
});
