/**
 * Ads by page key (issue 32 item 1, ADR 131) through the real API on both databases: targeting by page key,
 * language, channel and city; daily caps per visitor; impression and click counts; the click answers only the stored
 * address; "show no ads" for plus members only; partner frames only after consent; the back office for staff only.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADS_PLUS_ONLY, AD_URL_INVALID, type AdCampaignItem, type AdSettings, type AdZoneAnswer } from "#server/contract/ads";
import { USER_TYPE } from "#server/contract/users";
import { signSeen } from "#server/modules/ads/seen";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { jsonCaller } from "./call";

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`ads by page key (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let staff: string;
  let basic: { id: number; token: string };
  let plus: { id: number; token: string };

  beforeAll(async () => {
    rt = await createTestRuntime();
    staff = (await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }))).token;
    basic = await signIn(rt, await createUser(rt, { userType: USER_TYPE.client }));
    plus = await signIn(rt, await createUser(rt, { userType: USER_TYPE.client }));
    await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: null }).where("id", "=", plus.id).execute();
  }, 60_000);
  afterAll(() => rt.close());

  const call = jsonCaller(() => rt);

  const zone = (query: string, init: { token?: string; visitor?: string; language?: string } = {}) =>
    call<AdZoneAnswer>(`/api/v2/ads/zone?${query}`, {
      token: init.token,
      headers: { "accept-language": init.language ?? "de", ...(init.visitor ? { "x-km-ff": init.visitor } : {}) },
    });

  /** The page's pixel (seen_url is the web tier's path; the web route relays it to the same path under /api/v2). */
  const pixel = (seenUrl: string, init: { token?: string; visitor?: string } = {}) =>
    rt.request(`/api/v2${seenUrl}`, { token: init.token, headers: init.visitor ? { "x-km-ff": init.visitor } : {} });

  const impressionsOf = async (creativeId: number) =>
    Number(
      (await rt.deps.db.selectFrom("ad_creatives").select("impressions").where("id", "=", creativeId).executeTakeFirstOrThrow())
        .impressions,
    );

  const ALT = { alt_de: "Anzeige", alt_en: "Ad", alt_es: "Anuncio", alt_pl: "Reklama" };

  async function campaign(fields: Record<string, unknown>, creative: Record<string, unknown> = {}) {
    const created = await call<AdCampaignItem>("/api/v2/backoffice/ads/campaigns", {
      token: staff,
      method: "POST",
      body: { name: "Test", starts_on: "2026-11-01", ...fields },
    });
    expect(created.status).toBe(201);
    const withCreative = await call<AdCampaignItem>(`/api/v2/backoffice/ads/campaigns/${created.body.data.id}/creatives`, {
      token: staff,
      method: "POST",
      body: { size: "320x100", headline: "Hallo", target_url: "/de/events", ...ALT, ...creative },
    });
    expect(withCreative.status).toBe(201);
    return withCreative.body.data;
  }

  it("targets by page key, language, channel and city", async () => {
    const made = await campaign({ page_keys: "favorite", languages: "de", channels: "basic", cities: "Göttingen" });
    const creativeId = made.creatives[0]!.id;
    const shown = await zone("page_key=favorite&sizes=320x100&city=G%C3%B6ttingen", { token: basic.token, visitor: "visitor-aaaa" });
    expect(shown.status).toBe(200);
    expect(shown.body.data.placement).toMatchObject({ source: "house", creative_id: creativeId, width: 320, height: 100, alt: "Anzeige" });
    // Another city, language, channel, page key or size: not this campaign.
    for (const [query, init] of [
      ["page_key=favorite&sizes=320x100&city=Berlin", { token: basic.token }],
      ["page_key=favorite&sizes=320x100&city=G%C3%B6ttingen", { token: basic.token, language: "en" }],
      ["page_key=favorite&sizes=320x100&city=G%C3%B6ttingen", { token: plus.token }],
      ["page_key=favorite&sizes=320x100&city=G%C3%B6ttingen", {}],
      ["page_key=visitor&sizes=320x100&city=G%C3%B6ttingen", { token: basic.token }],
      ["page_key=favorite&sizes=300x250&city=G%C3%B6ttingen", { token: basic.token }],
    ] as const) {
      const other = await zone(query, init);
      expect(other.body.data.placement?.creative_id ?? null, query).not.toBe(creativeId);
    }
    // Plus members have their own channel.
    const plusOnly = await campaign({ page_keys: "my_notification", channels: "plus" });
    expect((await zone("page_key=my_notification&sizes=320x100", { token: plus.token })).body.data.placement?.creative_id).toBe(
      plusOnly.creatives[0]!.id,
    );
    expect((await zone("page_key=my_notification&sizes=320x100", { token: basic.token })).body.data.placement).toBeNull();
  });

  it("refuses a bad zone request with 400, never a 5xx", async () => {
    for (const query of [
      "page_key=nowhere&sizes=320x100",
      "page_key=search&sizes=1x1",
      "page_key=search",
      "page_key=search&sizes=320x100&extra=1",
    ]) {
      const answer = await zone(query);
      expect(answer.status, query).toBe(400);
    }
  });

  it("caps a campaign per visitor and day, and counts impressions and clicks", async () => {
    const made = await campaign({ page_keys: "newsfeed", daily_cap: 2 });
    const id = made.creatives[0]!.id;
    // Shown means the zone answered and the page loaded the box's pixel (the cap and the impressions count there).
    const seen = async (visitor: string) => {
      const placement = (await zone("page_key=newsfeed&sizes=320x100", { visitor })).body.data.placement;
      if (placement?.seen_url) expect((await pixel(placement.seen_url, { visitor })).status).toBe(200);
      return placement?.creative_id ?? null;
    };
    expect(await seen("visitor-one-1")).toBe(id);
    expect(await seen("visitor-one-1")).toBe(id);
    expect(await seen("visitor-one-1")).toBeNull();
    expect(await seen("visitor-two-2")).toBe(id);
    // No visitor id: a capped campaign cannot be counted, so it is not shown.
    expect(await seen("")).toBeNull();
    // The cap is per day; the stored key is a hash, never the visitor id.
    const keys = await rt.deps.db.selectFrom("ad_frequency").select("viewer_key").execute();
    expect(keys.some((row) => row.viewer_key.includes("visitor"))).toBe(false);
    rt.clock.advance(DAY_MS);
    expect(await seen("visitor-one-1")).toBe(id);
    // Back to today (the tokens of this file live 24 hours); the past day's counters were dropped with the new day.
    rt.clock.advance(-DAY_MS);

    const click = await call<{ target_url: string }>(`/api/v2/ads/creatives/${id}/click`, { method: "POST" });
    expect(click.status).toBe(200);
    expect(click.body.data.target_url).toBe("/de/events");
    expect((await call(`/api/v2/ads/creatives/999999/click`, { method: "POST" })).status).toBe(404);

    const list = await call<{ items: AdCampaignItem[] }>("/api/v2/backoffice/ads", { token: staff });
    const counted = list.body.data.items.find((item) => item.id === made.id)!;
    expect(counted.creatives[0]).toMatchObject({ impressions: 4, clicks: 1 });
    expect(counted).toMatchObject({ impressions: 4, clicks: 1 });
  });

  it("answering a zone counts nothing: the cap and the impressions count when the pixel loads", async () => {
    const made = await campaign({ page_keys: "visitor", daily_cap: 1 });
    const id = made.creatives[0]!.id;
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push((await zone("page_key=visitor&sizes=320x100", { visitor: "visitor-cap-1" })).body.data.placement);
    // Three answers, no pixel: still under the cap of 1, nothing counted.
    expect(answers.map((placement) => placement?.creative_id)).toEqual([id, id, id]);
    expect(await impressionsOf(id)).toBe(0);
    expect((await pixel(answers[1]!.seen_url!, { visitor: "visitor-cap-1" })).status).toBe(200);
    expect(await impressionsOf(id)).toBe(1);
    // Now the cap is reached for this visitor, not for another.
    expect((await zone("page_key=visitor&sizes=320x100", { visitor: "visitor-cap-1" })).body.data.placement).toBeNull();
    expect((await zone("page_key=visitor&sizes=320x100", { visitor: "visitor-cap-2" })).body.data.placement?.creative_id).toBe(id);
  });

  it("rotates by what was shown and follows staff edits at once, though zones read the instance's cached creatives (ADR 154)", async () => {
    const made = await campaign({ page_keys: "forum" });
    const olderId = made.creatives[0]!.id;
    const withNewer = await call<AdCampaignItem>(`/api/v2/backoffice/ads/campaigns/${made.id}/creatives`, {
      token: staff,
      method: "POST",
      body: { size: "320x100", headline: "Zwei", target_url: "/de/events", ...ALT },
    });
    const newerId = withNewer.body.data.creatives.find((creative) => creative.id !== olderId)!.id;
    const shown = async () => (await zone("page_key=forum&sizes=320x100", { visitor: "visitor-rotate" })).body.data.placement!;
    // A tie shows the newest; its pixel puts it behind the other at the next zone, answers alone change nothing.
    const first = await shown();
    expect(first.creative_id).toBe(newerId);
    expect((await pixel(first.seen_url!, { visitor: "visitor-rotate" })).status).toBe(200);
    const second = await shown();
    expect(second.creative_id).toBe(olderId);
    expect((await shown()).creative_id).toBe(olderId);
    expect((await pixel(second.seen_url!, { visitor: "visitor-rotate" })).status).toBe(200);
    expect((await shown()).creative_id).toBe(newerId);
    // Staff pause the campaign: the very next zone no longer shows it.
    const paused = await call<AdCampaignItem>(`/api/v2/backoffice/ads/campaigns/${made.id}`, {
      token: staff,
      method: "PUT",
      body: { name: "Test", starts_on: "2026-11-01", page_keys: "forum", paused: true },
    });
    expect(paused.status).toBe(200);
    expect((await zone("page_key=forum&sizes=320x100")).body.data.placement).toBeNull();
  });

  it("asks for both sizes in one call: the wide one falls back to 468x60, each with its own signed pixel", async () => {
    const made = await campaign({ page_keys: "messenger", cities: "Gera" });
    const narrowId = made.creatives[0]!.id;
    const wideOne = await call<AdCampaignItem>(`/api/v2/backoffice/ads/campaigns/${made.id}/creatives`, {
      token: staff,
      method: "POST",
      body: { size: "728x90", headline: "Breit", target_url: "/de/events", ...ALT },
    });
    const wideId = wideOne.body.data.creatives.find((creative) => creative.size === "728x90")!.id;
    const both = await zone("page_key=messenger&sizes=320x100,728x90&city=Gera", { visitor: "visitor-wide-1" });
    expect(both.status).toBe(200);
    expect(both.body.data.placement).toMatchObject({ creative_id: narrowId, size: "320x100", width: 320, height: 100 });
    expect(both.body.data.wide).toMatchObject({ creative_id: wideId, size: "728x90", width: 728, height: 90 });
    expect(both.body.data.placement!.seen_url).toMatch(new RegExp(`^/ads/seen/${narrowId}\\?k=`));
    expect(both.body.data.wide!.seen_url).toMatch(new RegExp(`^/ads/seen/${wideId}\\?k=`));
    expect([await impressionsOf(narrowId), await impressionsOf(wideId)]).toEqual([0, 0]);
    // One size asked: no wide placement.
    expect((await zone("page_key=messenger&sizes=320x100&city=Gera")).body.data.wide).toBeNull();

    // Nothing targets 728x90 on this page: the wide box gets the 468x60 banner; with neither, no wide box.
    const banner = await campaign({ page_keys: "favorite", cities: "Gera" }, { size: "468x60" });
    const fallback = await zone("page_key=favorite&sizes=320x100,728x90&city=Gera");
    expect(fallback.body.data.wide).toMatchObject({ creative_id: banner.creatives[0]!.id, size: "468x60", width: 468, height: 60 });
    expect((await zone("page_key=my_dating&sizes=320x100,728x90&city=Gera")).body.data.wide).toBeNull();

    // The shown box's pixel counts that creative only, once.
    const narrowPixel = both.body.data.placement!.seen_url!;
    const first = await pixel(narrowPixel);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/gif");
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect([await impressionsOf(narrowId), await impressionsOf(wideId)]).toEqual([1, 0]);
    expect((await pixel(narrowPixel)).status).toBe(200);
    expect(await impressionsOf(narrowId)).toBe(1);
  });

  it("a forged, expired, foreign or repeated signature counts nothing (and still answers the pixel)", async () => {
    const made = await campaign({ page_keys: "my_notification", cities: "Gera" });
    const id = made.creatives[0]!.id;
    const other = (await campaign({ page_keys: "my_notification", cities: "Gera" })).creatives[0]!.id;
    const secret = rt.deps.config.appSecret;
    const today = Math.floor(rt.clock.now() / DAY_MS);
    const [, nonce = "", mac = ""] = signSeen(secret, id, today).split(".");
    const forgedMac = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    for (const token of [
      `${today}.${nonce}.${forgedMac}`,
      signSeen("another-secret-of-someone-else", id, today),
      signSeen(secret, id, today - 2),
      signSeen(secret, id, today + 1),
      signSeen(secret, other, today),
      "nonsense",
      "",
    ]) {
      const answer = await pixel(`/ads/seen/${id}?k=${encodeURIComponent(token)}`);
      expect(answer.status, token).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/gif");
    }
    expect(await impressionsOf(id)).toBe(0);
    // Yesterday's render (a page left open over midnight) still counts, once.
    const yesterday = signSeen(secret, id, today - 1);
    await pixel(`/ads/seen/${id}?k=${yesterday}`);
    await pixel(`/ads/seen/${id}?k=${yesterday}`);
    expect(await impressionsOf(id)).toBe(1);
    // An unknown creative with a valid signature: nothing, no error.
    expect((await pixel(`/ads/seen/999999?k=${signSeen(secret, 999_999, today)}`)).status).toBe(200);
    expect((await pixel(`/ads/seen/abc?k=x`)).status).toBe(404);
  });

  it("refuses sizes that are not one or two different spec sizes with 400", async () => {
    for (const query of ["sizes=320x100,320x100", "sizes=320x100,728x90,468x60", "sizes=", "sizes=320x100,1x1", "size=320x100"]) {
      expect((await zone(`page_key=search&${query}`)).status, query).toBe(400);
    }
  });

  it("stores only https addresses or internal paths as click targets", async () => {
    const created = await call<AdCampaignItem>("/api/v2/backoffice/ads/campaigns", {
      token: staff,
      method: "POST",
      body: { name: "Targets", starts_on: "2026-11-01", page_keys: "event_search" },
    });
    for (const target_url of [
      "//evil.example/x",
      "http://evil.example/",
      "javascript:alert(1)",
      "/\\evil.example",
      "https://user:pw@evil.example/",
    ]) {
      const refused = await call(`/api/v2/backoffice/ads/campaigns/${created.body.data.id}/creatives`, {
        token: staff,
        method: "POST",
        body: { size: "320x100", headline: "x", target_url, ...ALT },
      });
      expect(refused.status, target_url).toBe(400);
      expect(refused.body.errors?.[0]).toMatchObject({ key: AD_URL_INVALID });
    }
    const ok = await call<AdCampaignItem>(`/api/v2/backoffice/ads/campaigns/${created.body.data.id}/creatives`, {
      token: staff,
      method: "POST",
      body: { size: "320x100", headline: "x", target_url: "https://velora.example/plus", ...ALT },
    });
    expect(ok.status).toBe(201);
    // The click answers the stored address: there is no parameter a link could set.
    const click = await call<{ target_url: string }>(
      `/api/v2/ads/creatives/${ok.body.data.creatives[0]!.id}/click?url=https://evil.example`,
      {
        method: "POST",
      },
    );
    expect(click.body.data.target_url).toBe("https://velora.example/plus");
  });

  it("lets plus members switch ads off, refuses basic members, and touches only the caller's settings", async () => {
    await campaign({ page_keys: "blog_search" });
    // Plus that ends in 5 s (written before the member's own write below, which the zone cache follows: ADR 154).
    await rt.deps.db
      .updateTable("users")
      .set({ member_until: rt.clock.now() + 5_000 })
      .where("id", "=", plus.id)
      .execute();
    const refused = await call<AdSettings>("/api/v2/user/ad-settings", { token: basic.token, method: "PUT", body: { ads_off: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.[0]?.key).toBe(ADS_PLUS_ONLY);
    expect((await call<AdSettings>("/api/v2/user/ad-settings", { token: basic.token })).body.data).toMatchObject({
      channel: "basic",
      may_switch_off: false,
      ads_off: false,
    });

    const off = await call<AdSettings>("/api/v2/user/ad-settings", { token: plus.token, method: "PUT", body: { ads_off: true } });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ channel: "plus", may_switch_off: true, ads_off: true });
    expect((await zone("page_key=blog_search&sizes=320x100", { token: plus.token })).body.data.placement).toBeNull();
    // The basic member still sees ads: the switch was the plus member's own.
    expect((await zone("page_key=blog_search&sizes=320x100", { token: basic.token })).body.data.placement).not.toBeNull();
    expect((await call<AdSettings>("/api/v2/user/ad-settings", { token: basic.token })).body.data.ads_off).toBe(false);

    // When plus ends, the stored switch no longer hides ads — on time, although the zone's member state is cached.
    rt.clock.advance(5_001);
    expect((await zone("page_key=blog_search&sizes=320x100", { token: plus.token })).body.data.placement).not.toBeNull();
    rt.clock.advance(-5_001);
    await rt.deps.db.updateTable("users").set({ member_until: null }).where("id", "=", plus.id).execute();

    expect((await call("/api/v2/user/ad-settings")).status).toBe(401);
    expect((await call("/api/v2/user/ad-settings", { token: basic.token, method: "PUT", body: { ads_off: "yes" } })).status).toBe(400);
  });

  it("asks a partner ad server only after the member's consent, and sends it no personal data", async () => {
    const requests: URL[] = [];
    const fake: Server = createServer((req, res) => {
      requests.push(new URL(req.url ?? "/", "http://127.0.0.1"));
      res.writeHead(200, { "content-type": "text/html" }).end("<html><body>partner ad</body></html>");
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const port = (fake.address() as AddressInfo).port;
    const config = rt.deps.config as { adServer: { reviveDeliveryUrl: string | undefined; reviveZones: string | undefined } };
    config.adServer = { reviveDeliveryUrl: `http://127.0.0.1:${port}/www/delivery`, reviveZones: "magazine:320x100=12" };
    try {
      const house = await campaign({ page_keys: "magazine" });
      // Without consent: the house ad.
      expect((await zone("page_key=magazine&sizes=320x100", { token: basic.token })).body.data.placement?.creative_id).toBe(
        house.creatives[0]!.id,
      );
      const consent = await call<AdSettings>("/api/v2/user/ad-settings", {
        token: basic.token,
        method: "PUT",
        body: { third_party_ads: true },
      });
      expect(consent.body.data.third_party_ads).toBe(true);
      const partner = (await zone("page_key=magazine&sizes=320x100", { token: basic.token, visitor: "visitor-partner" })).body.data
        .placement!;
      expect(partner).toMatchObject({ source: "partner", creative_id: null, width: 320, height: 100 });
      const src = new URL(partner.frame_src!);
      expect(src.pathname).toBe("/www/delivery/afr.php");
      expect(src.searchParams.get("zoneid")).toBe("12");
      expect(src.searchParams.get("source")).toBe("basic");
      // The browser loads the frame from the partner: what reaches it is the zone, the channel and a cache buster.
      expect((await fetch(src)).status).toBe(200);
      expect([...requests[0]!.searchParams.keys()].sort()).toEqual(["cb", "source", "zoneid"]);
      // A zone the partner has no zone for: the house ad.
      expect((await zone("page_key=favorite&sizes=300x250", { token: basic.token })).body.data.placement?.source ?? null).not.toBe(
        "partner",
      );
      // Withdrawn: house ads again; guests never get a partner frame.
      await call("/api/v2/user/ad-settings", { token: basic.token, method: "PUT", body: { third_party_ads: false } });
      expect((await zone("page_key=magazine&sizes=320x100", { token: basic.token })).body.data.placement?.source).toBe("house");
      expect((await zone("page_key=magazine&sizes=320x100")).body.data.placement?.source).toBe("house");
    } finally {
      config.adServer = { reviveDeliveryUrl: undefined, reviveZones: undefined };
      fake.close();
    }
  });

  it("keeps the back office to staff", async () => {
    const member = await signIn(rt, await createUser(rt, { userType: USER_TYPE.escort }));
    expect((await call("/api/v2/backoffice/ads", { token: member.token })).status).toBe(403);
    expect((await call("/api/v2/backoffice/ads")).status).toBe(401);
    const body = { name: "Nope", starts_on: "2026-11-01" };
    expect((await call("/api/v2/backoffice/ads/campaigns", { token: member.token, method: "POST", body })).status).toBe(403);
    expect((await call("/api/v2/backoffice/ads/campaigns/1", { token: basic.token, method: "PUT", body })).status).toBe(403);
    // Field errors name their field.
    const bad = await call("/api/v2/backoffice/ads/campaigns", {
      token: staff,
      method: "POST",
      body: { name: "", starts_on: "2026-11-02", ends_on: "2026-11-01", daily_cap: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((error) => error.source).sort()).toEqual(expect.arrayContaining(["name"]));
  });
});
