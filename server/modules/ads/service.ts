/**
 * Advertising zones by page key (issue 32 item 1, ADR 131): what a zone shows to whom, the counting click, the
 * member's switches and the back office's campaigns.
 *
 * Who sees what: the channel is decided from the member row by the entitlements kernel (guest, basic, plus); a plus
 * member with the ad-free benefit who switched ads off sees none. Partner ad servers (revive.ts) are asked only
 * after the member's consent (§ 25 TDDDG, consents module, purpose third_party_ads); guests and everyone without it
 * get house ads (first-party, no script) or nothing.
 */
import { createHmac } from "node:crypto";
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  ADS_PLUS_ONLY,
  THIRD_PARTY_ADS_CONSENT,
  type AdCampaignInput,
  type AdCampaignItem,
  type AdCampaignList,
  type AdChannel,
  type AdCreativeInput,
  type AdCreativeItem,
  type AdPageKey,
  type AdSettings,
  type AdSettingsInput,
  type AdSize,
  type AdPlacement,
  type AdZoneAnswer,
  AD_WIDE_FALLBACK,
  adImagePath,
  adSeenPath,
} from "../../contract/ads";
import type { ConsentPurpose } from "../../contract/consents";
import type { Language } from "../../contract/locales";
import type { Database } from "../../db/schema";
import { entitlementsOf, NO_ENTITLEMENTS, PLUS_COLUMNS, requireStaffPermission, type Entitlements } from "../access/index";
import { recordAudit } from "../audit/index";
import { grantConsent, withdrawConsent } from "../consents/index";
import type { AdServer, ZoneRequest } from "./ad-server";
import { countImpression, createHouseAdServer, listOf } from "./house";
import { AD_SEEN_VALID_DAYS, signSeen, verifySeen } from "./seen";
import { prepareAdImage, storeAdImage, adImageKey } from "./images";
import { createReviveAdServer, parseReviveZones } from "./revive";
import { zoneCacheOf, type MemberAdRow } from "./zone-cache";
import type { ReceivedFile } from "../media/index";
import { storageOf } from "../media/index";

const DAY_MS = 24 * 60 * 60 * 1000;
const PURPOSE = THIRD_PARTY_ADS_CONSENT as ConsentPurpose;

interface MemberAdState {
  channel: AdChannel;
  entitlements: Entitlements;
  adsOff: boolean;
  thirdParty: boolean;
}

const GUEST_STATE: MemberAdState = { channel: "guest", entitlements: NO_ENTITLEMENTS, adsOff: false, thirdParty: false };

/** The member's row for ads: plus facts, type, the ads-off switch and the partner-ads consent, in one statement. */
async function memberAdRow(deps: ApiDeps, userId: number): Promise<MemberAdRow | null> {
  const row = await deps.db
    .selectFrom("users")
    .leftJoin("ad_preferences", "ad_preferences.user_id", "users.id")
    .select((eb) => [
      ...PLUS_COLUMNS.map((column) => `users.${column}` as const),
      "users.user_type",
      "ad_preferences.ads_off",
      eb
        .exists(
          eb
            .selectFrom("consents")
            .select("consents.id")
            .whereRef("consents.user_id", "=", "users.id")
            .where("consents.purpose", "=", PURPOSE)
            .where("consents.withdrawn_at", "is", null),
        )
        .as("third_party"),
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    is_member: row.is_member,
    member_until: row.member_until,
    user_type: row.user_type,
    ads_off: row.ads_off === 1,
    third_party: Boolean(row.third_party),
  };
}

/** The state at `now` from the row: plus is decided per call, so it ends on time even from a cached row. */
function stateOf(row: MemberAdRow | null, now: number): MemberAdState {
  if (!row) return GUEST_STATE;
  const entitlements = entitlementsOf(row, now);
  return { channel: entitlements.plus ? "plus" : "basic", entitlements, adsOff: row.ads_off, thirdParty: row.third_party };
}

/** Read from the database: the member's own settings page and its form answer what was just stored. */
async function memberState(deps: ApiDeps, user: AuthUser | null): Promise<MemberAdState> {
  return user ? stateOf(await memberAdRow(deps, user.id), deps.clock.now()) : GUEST_STATE;
}

/** For a zone: from the instance's zone cache, which the member's own writes and staff writes forget (ADR 154). */
async function zoneMemberState(deps: ApiDeps, user: AuthUser | null): Promise<MemberAdState> {
  if (!user) return GUEST_STATE;
  return stateOf(await zoneCacheOf(deps).member(user.id, () => memberAdRow(deps, user.id)), deps.clock.now());
}

/** The frequency key: HMAC of the day and the visitor id under a key for this purpose only. Never stored raw. */
export function viewerKeyOf(appSecret: string, day: number, visitorId: string): string {
  if (dayKeys?.day !== day || dayKeys.secret !== appSecret) dayKeys = { secret: appSecret, day, keys: new Map() };
  let key = dayKeys.keys.get(visitorId);
  if (key === undefined) {
    key = createHmac("sha256", frequencyKeyOf(appSecret)).update(`${day}:${visitorId}`).digest("base64url").slice(0, 32);
    if (dayKeys.keys.size >= DAY_KEYS_MAX) dayKeys.keys.clear();
    dayKeys.keys.set(visitorId, key);
  }
  return key;
}

/** Today's keys by visitor: a visitor's every page with a zone asks for the same key all day (ADR 179). */
let dayKeys: { secret: string; day: number; keys: Map<string, string> } | null = null;
const DAY_KEYS_MAX = 20_000;

/** The purpose's key, derived once per secret (every zone of a capped campaign needs it). */
const frequencyKeys = new Map<string, Buffer>();
function frequencyKeyOf(appSecret: string): Buffer {
  let key = frequencyKeys.get(appSecret);
  if (!key) frequencyKeys.set(appSecret, (key = createHmac("sha256", appSecret).update("ads-frequency/v1").digest()));
  return key;
}

let partnerCache: { spec: string; server: AdServer | null } | null = null;

/** The configured partner ad server, or null (built once per configuration). */
function partnerAdServer(deps: ApiDeps): AdServer | null {
  const { reviveDeliveryUrl, reviveZones } = deps.config.adServer ?? {};
  if (!reviveDeliveryUrl || !reviveZones) return null;
  const spec = `${reviveDeliveryUrl} ${reviveZones}`;
  if (partnerCache?.spec !== spec) partnerCache = { spec, server: createReviveAdServer(reviveDeliveryUrl, parseReviveZones(reviveZones)) };
  return partnerCache.server;
}

let purgedDay = -1;

/**
 * Frequency rows of past days are of no use, nor the nonces of renders whose signature expired: dropped on the first
 * zone of a new day (per process).
 */
async function purgePastDays(deps: ApiDeps, day: number): Promise<void> {
  if (purgedDay === day) return;
  purgedDay = day;
  await deps.db.deleteFrom("ad_frequency").where("day", "<", day).execute();
  await deps.db
    .deleteFrom("ad_seen")
    .where("day", "<=", day - AD_SEEN_VALID_DAYS)
    .execute();
}

/** The caller's frequency key for today (the visitor id the web tier sends, else the member), or null. */
function viewerOf(deps: ApiDeps, user: AuthUser | null, visitorId: string | null, day: number): string | null {
  const visitor = visitorId && /^[\w-]{8,64}$/.test(visitorId) ? visitorId : user ? `member:${user.id}` : null;
  return visitor ? viewerKeyOf(deps.config.appSecret, day, visitor) : null;
}

/**
 * GET /ads/zone: what the zone shows to this viewer now, in one size or two (the narrow box's and the wide one's,
 * the wide one falling back to AD_WIDE_FALLBACK when nothing targets it), or nothing. Counts nothing: each house
 * placement carries its signed pixel, and only the shown box's pixel loads (ADR 140 decision 2).
 */
export async function adZone(
  deps: ApiDeps,
  user: AuthUser | null,
  request: { pageKey: AdPageKey; sizes: readonly AdSize[]; city?: string; language: Language; visitorId: string | null },
): Promise<AdZoneAnswer> {
  const state = await zoneMemberState(deps, user);
  if (state.adsOff && state.entitlements.may("ad_free")) return { page_key: request.pageKey, placement: null, wide: null };
  const day = Math.floor(deps.clock.now() / DAY_MS);
  await purgePastDays(deps, day);
  const base = {
    pageKey: request.pageKey,
    city: request.city ? request.city.toLowerCase() : null,
    language: request.language,
    channel: state.channel,
    viewerKey: viewerOf(deps, user, request.visitorId, day),
    day,
  };
  const partner = state.thirdParty ? partnerAdServer(deps) : null;
  const house = createHouseAdServer(deps);
  const pick = async (size: AdSize): Promise<AdPlacement | null> => {
    const zone: ZoneRequest = { ...base, size };
    const placement = (partner ? await partner.pick(zone) : null) ?? (await house.pick(zone));
    if (placement?.source !== "house" || placement.creative_id === null) return placement;
    return { ...placement, seen_url: adSeenPath(placement.creative_id, signSeen(deps.config.appSecret, placement.creative_id, day)) };
  };
  const [narrowSize, wideSize] = request.sizes;
  const placement = narrowSize ? await pick(narrowSize) : null;
  let wide = wideSize ? await pick(wideSize) : null;
  const fallback = wideSize ? AD_WIDE_FALLBACK[wideSize] : undefined;
  if (!wide && fallback && fallback !== narrowSize) wide = await pick(fallback);
  return { page_key: request.pageKey, placement, wide };
}

/**
 * GET /ads/seen/{id}?k=…: the shown box's pixel loaded. Counts the impression (and the viewer's cap) when the token is
 * this creative's, ours, not expired and its render not counted yet; anything else counts nothing. The caller gets
 * the same pixel either way.
 */
export async function adSeen(
  deps: ApiDeps,
  user: AuthUser | null,
  creativeId: number,
  token: string,
  visitorId: string | null,
): Promise<boolean> {
  const day = Math.floor(deps.clock.now() / DAY_MS);
  const render = verifySeen(deps.config.appSecret, creativeId, token, day);
  if (!render) return false;
  const fresh = await deps.db
    .insertInto("ad_seen")
    .values({ nonce: render.nonce, day: render.day })
    .onConflict((oc) => oc.column("nonce").doNothing())
    .executeTakeFirst();
  if (Number(fresh.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
  return countImpression(deps, creativeId, viewerOf(deps, user, visitorId, day), day);
}

/** POST /ads/creatives/{id}/click: counts the click and answers the campaign's stored address — never another. */
export async function adClick(deps: ApiDeps, creativeId: number): Promise<{ target_url: string }> {
  const creative = await deps.db.selectFrom("ad_creatives").select(["target_url"]).where("id", "=", creativeId).executeTakeFirst();
  if (!creative) throw fail.notFound();
  await deps.db
    .updateTable("ad_creatives")
    .set((eb) => ({ clicks: eb("clicks", "+", 1) }))
    .where("id", "=", creativeId)
    .execute();
  return { target_url: creative.target_url };
}

// --- the member's switches --------------------------------------------------------------------------------------

function settingsOf(state: MemberAdState): AdSettings {
  return {
    channel: state.channel,
    may_switch_off: state.entitlements.may("ad_free"),
    ads_off: state.adsOff,
    third_party_ads: state.thirdParty,
  };
}

export async function adSettings(deps: ApiDeps, user: AuthUser): Promise<AdSettings> {
  return settingsOf(await memberState(deps, user));
}

/** PUT /user/ad-settings: ads off is the plus benefit ad_free (403 otherwise); partner ads are a consent. */
export async function saveAdSettings(deps: ApiDeps, user: AuthUser, input: AdSettingsInput): Promise<AdSettings> {
  const state = await memberState(deps, user);
  if (input.ads_off && !state.entitlements.may("ad_free")) throw fail.forbidden(ADS_PLUS_ONLY);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("ad_preferences")
      .values({ user_id: user.id, ads_off: input.ads_off ? 1 : 0, updated_at: now })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ ads_off: input.ads_off ? 1 : 0, updated_at: now }))
      .execute();
    if (input.third_party_ads) await grantConsent(trx, user.id, PURPOSE, now);
    else await withdrawConsent(trx, user.id, PURPOSE, now);
  });
  return adSettings(deps, user);
}

// --- the back office ----------------------------------------------------------------------------------------------

/** House ads are the product's own content: the team and backend staff may edit them (ADR 131). */
const PERMISSION = "content.edit";

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

function campaignValues(input: AdCampaignInput) {
  return {
    name: input.name,
    starts_at: msOf(input.starts_on),
    // The end day is the last day shown: exclusive end at the next midnight (UTC).
    ends_at: input.ends_on === "" ? null : msOf(input.ends_on) + DAY_MS,
    page_keys: input.page_keys.join(","),
    languages: input.languages.join(","),
    channels: input.channels.join(","),
    cities: input.cities.map((city) => city.toLowerCase()).join(","),
    daily_cap: input.daily_cap === "" ? null : input.daily_cap,
    paused: input.paused ? 1 : 0,
  };
}

function creativeValues(input: AdCreativeInput) {
  return {
    size: input.size,
    headline: input.headline,
    text: input.text,
    target_url: input.target_url,
    alt_de: input.alt_de,
    alt_en: input.alt_en,
    alt_es: input.alt_es,
    alt_pl: input.alt_pl,
    paused: input.paused ? 1 : 0,
  };
}

type Db = ApiDeps["db"] | Transaction<Database>;

async function campaignItems(db: Db, campaignId?: number): Promise<AdCampaignItem[]> {
  let campaignQuery = db.selectFrom("ad_campaigns").selectAll().orderBy("id", "desc");
  if (campaignId !== undefined) campaignQuery = campaignQuery.where("id", "=", campaignId);
  const campaigns = await campaignQuery.execute();
  if (campaigns.length === 0) return [];
  const creatives = await db
    .selectFrom("ad_creatives")
    .selectAll()
    .where(
      "campaign_id",
      "in",
      campaigns.map((campaign) => campaign.id),
    )
    .orderBy("id")
    .execute();
  return campaigns.map((campaign) => {
    const own: AdCreativeItem[] = creatives
      .filter((creative) => creative.campaign_id === campaign.id)
      .map((creative) => ({
        id: creative.id,
        campaign_id: creative.campaign_id,
        size: creative.size as AdSize,
        format: creative.format as AdCreativeItem["format"],
        headline: creative.headline,
        text: creative.text,
        target_url: creative.target_url,
        image_url: creative.image_key ? adImagePath(creative.image_key) : null,
        alt_de: creative.alt_de,
        alt_en: creative.alt_en,
        alt_es: creative.alt_es,
        alt_pl: creative.alt_pl,
        paused: creative.paused === 1,
        impressions: Number(creative.impressions),
        clicks: Number(creative.clicks),
      }));
    return {
      id: campaign.id,
      name: campaign.name,
      starts_on: dayOf(Number(campaign.starts_at)),
      ends_on: campaign.ends_at === null ? null : dayOf(Number(campaign.ends_at) - DAY_MS),
      page_keys: listOf(campaign.page_keys) as AdCampaignItem["page_keys"],
      languages: listOf(campaign.languages) as AdCampaignItem["languages"],
      channels: listOf(campaign.channels) as AdCampaignItem["channels"],
      cities: listOf(campaign.cities),
      daily_cap: campaign.daily_cap,
      paused: campaign.paused === 1,
      impressions: own.reduce((sum, creative) => sum + creative.impressions, 0),
      clicks: own.reduce((sum, creative) => sum + creative.clicks, 0),
      creatives: own,
    };
  });
}

/** Every change to house ads is audited alike: the staff member, the action, the campaign or creative, before and after. */
function auditAds(
  trx: Transaction<Database>,
  staffId: number,
  now: number,
  action: `ads.${string}`,
  [subjectType, subjectId]: ["ad_campaign" | "ad_creative", number],
  change: { before: unknown; after: unknown },
): Promise<void> {
  return recordAudit(trx, { actorId: staffId, action, subjectType, subjectId: String(subjectId), reason: null, ...change }, now);
}

async function campaignItem(db: Db, campaignId: number): Promise<AdCampaignItem> {
  const [item] = await campaignItems(db, campaignId);
  if (!item) throw fail.notFound();
  return item;
}

export async function listCampaigns(deps: ApiDeps, staffId: number): Promise<AdCampaignList> {
  await requireStaffPermission(deps, staffId, PERMISSION);
  return { items: await campaignItems(deps.db) };
}

export async function createCampaign(deps: ApiDeps, staffId: number, input: AdCampaignInput): Promise<AdCampaignItem> {
  await requireStaffPermission(deps, staffId, PERMISSION);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const values = campaignValues(input);
    const row = await trx
      .insertInto("ad_campaigns")
      .values({ ...values, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await auditAds(trx, staffId, now, "ads.campaign_create", ["ad_campaign", row.id], { before: null, after: values });
    return campaignItem(trx, row.id);
  });
}

export async function updateCampaign(deps: ApiDeps, staffId: number, campaignId: number, input: AdCampaignInput): Promise<AdCampaignItem> {
  await requireStaffPermission(deps, staffId, PERMISSION);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("ad_campaigns").selectAll().where("id", "=", campaignId).executeTakeFirst();
    if (!before) throw fail.notFound();
    const values = campaignValues(input);
    await trx
      .updateTable("ad_campaigns")
      .set({ ...values, updated_at: now })
      .where("id", "=", campaignId)
      .execute();
    await auditAds(trx, staffId, now, "ads.campaign_update", ["ad_campaign", campaignId], {
      before: { ...before, starts_at: Number(before.starts_at), ends_at: before.ends_at === null ? null : Number(before.ends_at) },
      after: values,
    });
    return campaignItem(trx, campaignId);
  });
}

export async function createCreative(deps: ApiDeps, staffId: number, campaignId: number, input: AdCreativeInput): Promise<AdCampaignItem> {
  await requireStaffPermission(deps, staffId, PERMISSION);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const campaign = await trx.selectFrom("ad_campaigns").select("id").where("id", "=", campaignId).executeTakeFirst();
    if (!campaign) throw fail.notFound();
    const values = creativeValues(input);
    const row = await trx
      .insertInto("ad_creatives")
      .values({ ...values, format: "text", campaign_id: campaignId, image_key: null, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await auditAds(trx, staffId, now, "ads.creative_create", ["ad_creative", row.id], {
      before: null,
      after: { campaign_id: campaignId, ...values },
    });
    return campaignItem(trx, campaignId);
  });
}

export async function updateCreative(deps: ApiDeps, staffId: number, creativeId: number, input: AdCreativeInput): Promise<AdCampaignItem> {
  await requireStaffPermission(deps, staffId, PERMISSION);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("ad_creatives")
      .select(["campaign_id", "size", "headline", "text", "target_url", "alt_de", "alt_en", "alt_es", "alt_pl", "paused", "image_key"])
      .where("id", "=", creativeId)
      .executeTakeFirst();
    if (!before) throw fail.notFound();
    const values = creativeValues(input);
    // An image fits one size only: a creative moved to another size shows its text again until a new image comes.
    const imageGone = before.image_key !== null && input.size !== before.size;
    await trx
      .updateTable("ad_creatives")
      .set({ ...values, ...(imageGone ? { format: "text", image_key: null } : {}), updated_at: now })
      .where("id", "=", creativeId)
      .execute();
    await auditAds(trx, staffId, now, "ads.creative_update", ["ad_creative", creativeId], { before, after: values });
    return campaignItem(trx, before.campaign_id);
  });
}

/**
 * POST /backoffice/ads/creatives/{id}/image (ADR 140): the creative's image, checked against its size, stored through
 * the storage port; the creative then shows as an image ad (its headline stays, for the back office and as the link's
 * name where alt text is missing). A replaced image's file is deleted once the row points at the new one.
 */
export async function setCreativeImage(
  deps: ApiDeps,
  staffId: number,
  creativeId: number,
  file: ReceivedFile | undefined,
): Promise<AdCampaignItem> {
  await requireStaffPermission(deps, staffId, PERMISSION);
  const creative = await deps.db
    .selectFrom("ad_creatives")
    .select(["campaign_id", "size", "image_key"])
    .where("id", "=", creativeId)
    .executeTakeFirst();
  if (!creative) throw fail.notFound();
  const image = await prepareAdImage(deps, file, creative.size as AdSize);
  const stored = await storeAdImage(deps, image);
  const now = deps.clock.now();
  const item = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("ad_creatives")
      .set({ format: "image", image_key: stored, updated_at: now })
      .where("id", "=", creativeId)
      .execute();
    await auditAds(trx, staffId, now, "ads.creative_image", ["ad_creative", creativeId], {
      before: { image_key: creative.image_key },
      after: { image_key: stored, bytes: image.data.byteLength, type: image.type },
    });
    return campaignItem(trx, creative.campaign_id);
  });
  if (creative.image_key) await storageOf(deps).delete(adImageKey(creative.image_key));
  return item;
}
