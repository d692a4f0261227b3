/**
 * The embedded ad server (ADR 131): house campaigns from our own tables. A zone's candidates are the live creatives
 * of its size whose campaign runs now, targets the page key, language, channel and city (an empty list: all) and is
 * under its daily cap for this viewer (the live creatives come from the instance's zone cache, ADR 154; the caps are
 * read per zone); of those the one shown least so far (an even rotation, no randomness to
 * test around). Answering counts nothing: the page asks for two sizes and shows one (ADR 140 decision 2), so an
 * impression counts when the shown box's pixel loads (`countImpression`), in two single-statement writes: the
 * creative's counter (`+ 1` in the database, no read-modify-write) and the viewer's daily counter for capped campaigns
 * (an upsert).
 */
import { sql } from "kysely";
import { AD_SIZES, adAltKey, adImagePath, type AdCreativeFormat, type AdPlacement } from "../../contract/ads";
import type { ApiDeps } from "../../api/types";
import type { AdServer, ZoneRequest } from "./ad-server";
import { zoneCacheOf, type CreativeRow } from "./zone-cache";

/** A comma list as stored; "" means every value. */
export const listOf = (stored: string): string[] => (stored === "" ? [] : stored.split(","));
const targets = (stored: string, value: string | null) => stored === "" || (value !== null && listOf(stored).includes(value));

/** The creatives a zone may show from: not paused, their campaign not paused and not over (one statement, cached). */
function loadLiveCreatives(deps: ApiDeps): Promise<CreativeRow[]> {
  return deps.db
    .selectFrom("ad_creatives")
    .innerJoin("ad_campaigns", "ad_campaigns.id", "ad_creatives.campaign_id")
    .select([
      "ad_creatives.id",
      "ad_creatives.campaign_id",
      "ad_creatives.size",
      "ad_creatives.format",
      "ad_creatives.headline",
      "ad_creatives.text",
      "ad_creatives.image_key",
      "ad_creatives.alt_de",
      "ad_creatives.alt_en",
      "ad_creatives.alt_es",
      "ad_creatives.alt_pl",
      "ad_creatives.impressions",
      "ad_campaigns.starts_at",
      "ad_campaigns.ends_at",
      "ad_campaigns.page_keys",
      "ad_campaigns.languages",
      "ad_campaigns.channels",
      "ad_campaigns.cities",
      "ad_campaigns.daily_cap",
    ])
    .where("ad_creatives.paused", "=", 0)
    .where("ad_campaigns.paused", "=", 0)
    .where((eb) => eb.or([eb("ad_campaigns.ends_at", "is", null), eb("ad_campaigns.ends_at", ">", deps.clock.now())]))
    .orderBy("ad_creatives.id")
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        ...row,
        impressions: Number(row.impressions),
        starts_at: Number(row.starts_at),
        ends_at: row.ends_at === null ? null : Number(row.ends_at),
      })),
    );
}

export function createHouseAdServer(deps: ApiDeps): AdServer {
  return {
    name: "house",
    async pick(request: ZoneRequest): Promise<AdPlacement | null> {
      const now = deps.clock.now();
      const live = await zoneCacheOf(deps).liveCreatives(() => loadLiveCreatives(deps));
      const rows = live.filter((row) => row.size === request.size && row.starts_at <= now && (row.ends_at === null || row.ends_at > now));
      let candidates = rows.filter(
        (row) =>
          targets(row.page_keys, request.pageKey) &&
          targets(row.languages, request.language) &&
          targets(row.channels, request.channel) &&
          targets(row.cities, request.city),
      );
      if (candidates.some((row) => row.daily_cap !== null)) {
        const shown = new Map<number, number>();
        if (request.viewerKey !== null) {
          const counts = await deps.db
            .selectFrom("ad_frequency")
            .select(["campaign_id", "shown"])
            .where("viewer_key", "=", request.viewerKey)
            .where("day", "=", request.day)
            .execute();
          for (const count of counts) shown.set(count.campaign_id, count.shown);
        }
        candidates = candidates.filter(
          (row) => row.daily_cap === null || (request.viewerKey !== null && (shown.get(row.campaign_id) ?? 0) < row.daily_cap),
        );
      }
      if (candidates.length === 0) return null;
      // Fewest impressions first; on a tie the newest creative (rows come oldest first), so a new ad shows at once.
      const chosen = candidates.reduce((least, row) => (row.impressions <= least.impressions ? row : least));

      const { width, height } = AD_SIZES[request.size];
      return {
        source: "house",
        size: request.size,
        width,
        height,
        creative_id: chosen.id,
        format: chosen.image_key ? "image" : (chosen.format as AdCreativeFormat),
        headline: chosen.headline,
        text: chosen.text === "" ? null : chosen.text,
        image_url: chosen.image_key ? adImagePath(chosen.image_key) : null,
        alt: chosen[adAltKey(request.language)],
        frame_src: null,
        seen_url: null,
      };
    },
  };
}

/**
 * One impression of a house creative, when its pixel loaded (the service checked the signature and that the render
 * counts once): the creative's counter and, for a capped campaign, the viewer's daily counter. False for a creative
 * that is gone.
 */
export async function countImpression(deps: ApiDeps, creativeId: number, viewerKey: string | null, day: number): Promise<boolean> {
  const creative = await deps.db
    .selectFrom("ad_creatives")
    .innerJoin("ad_campaigns", "ad_campaigns.id", "ad_creatives.campaign_id")
    .select(["ad_creatives.campaign_id", "ad_campaigns.daily_cap"])
    .where("ad_creatives.id", "=", creativeId)
    .executeTakeFirst();
  if (!creative) return false;
  await deps.db
    .updateTable("ad_creatives")
    .set({ impressions: sql`impressions + 1` })
    .where("id", "=", creativeId)
    .execute();
  if (creative.daily_cap !== null && viewerKey !== null)
    await deps.db
      .insertInto("ad_frequency")
      .values({ viewer_key: viewerKey, campaign_id: creative.campaign_id, day, shown: 1 })
      .onConflict((oc) => oc.columns(["viewer_key", "campaign_id", "day"]).doUpdateSet({ shown: sql`ad_frequency.shown + 1` }))
      .execute();
  zoneCacheOf(deps).counted(creativeId);
  return true;
}
