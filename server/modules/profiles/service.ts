/**
 * The profiles group (spec section 7): what a viewer may see of a profile.
 * Every answer goes through loadVisibleProfile, which applies the visibility
 * rules of access.ts (listed, not blocked either way, members-only).
 */
import { sql } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { MEDIA_STATUS, type GalleryItem, type MediaImage, type MediaVisibility } from "../../contract/media";
import {
  isMembersOnlyProfile,
  type NearbyProfile,
  type ProfileDetail,
  type ProfileLocation,
  type ProfileMini,
  type ProfileTag,
  type RegionBox,
  type TrustLevel,
  type WorkHours,
} from "../../contract/profiles";
import { countrySlugOf } from "../../contract/seo";
import { traitGroupsFor } from "../../contract/traits";
import { USER_TYPE } from "../../contract/users";
import type { DB } from "../../db/index";
import { createTtlCache, type TtlCache } from "../../lib/ttl-cache";
import { ageAt } from "../auth/index";
import { boundingBox, haversineKm, regionByCode } from "../geo/index";
import { LISTED_MEDIA_COLUMNS, listedMediaFor, mediaImageOf } from "../media/index";
import { ownPendingTexts } from "../moderation/index";
import {
  ageVerifiedSql,
  existsAnswer,
  isBlockedBetween,
  isGuestVisible,
  isGuestVisibleProfile,
  isListedOwner,
  isPausedOwner,
  isFindableProfile,
  mediaLevelsFor,
  notBlockedWith,
  plusRunning,
  publishedMediaFilter,
  verifyFirst,
  type ViewerContext,
} from "../access/index";
import { listedEscortsOf } from "../business-links/index";
import { upcomingToursOf } from "../tours/index";
import { NO_BADGES, trustLevelFor, verificationBadgesOf } from "../verification/index";
import { profileRelation } from "./relation";

const DAY = 24 * 60 * 60 * 1000;
const BUSINESS_TRAIT_GROUPS: ReadonlySet<string> = new Set(traitGroupsFor("business").map((group) => group.key));

export const PROFILE_NOT_FOUND = "exception.profile.not_found";
export const PROFILE_MEMBERS_ONLY = "exception.profile.members_only";
/** A listed profile whose owner paused it (ADR 026): the page says so, to everyone a block does not separate (ADR 070). */
export const PROFILE_PAUSED = "exception.profile.paused";

/** The profile's row; `age_verified` is the "age verified" badge, which the provider's identification alone gives (ADR 105). */
async function findProfileRow(db: DB, username: string) {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select([
      "users.id",
      "users.username",
      "users.user_type",
      "users.gender",
      "users.birth_date",
      "users.business_kind",
      "users.is_member",
      "users.member_until",
      "users.email_verified_at",
      "users.is_bounced_email",
      "users.status",
      "users.register_completed_step",
      "users.created_at",
      "users.last_login_at",
      "profiles.display_name",
      "profiles.city_name",
      "profiles.city_slug",
      "profiles.country_code",
      "profiles.region_code",
      "profiles.lat",
      "profiles.lon",
      "profiles.status_text",
      "profiles.description",
      "profiles.interests",
      "profiles.profession",
      "profiles.height_cm",
      "profiles.weight_kg",
      "profiles.penis_length_cm",
      "profiles.penis_diameter_cm",
      "profiles.is_smoker",
      "profiles.is_visible",
      "profiles.members_only",
      "profiles.available_now_until",
      "profiles.updated_at",
      "profiles.safe_sex_status",
      "profiles.review_count",
      "profiles.rating_avg",
      "profiles.reviews_shown",
      "profiles.rating_shown",
    ])
    .select((eb) => ageVerifiedSql(eb).as("age_verified"))
    .where("users.username_key", "=", username.toLowerCase())
    .executeTakeFirst();
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

const rowsInFlight = new WeakMap<DB, Map<string, Promise<ProfileRow | undefined>>>();

/**
 * The profile page asks for /detail and /regionbox of one profile at once;
 * both resolve the same row. Calls that overlap share one query (nothing is
 * kept after it finishes, so no answer is ever staler than its request).
 */
function sharedProfileRow(db: DB, username: string): Promise<ProfileRow | undefined> {
  let running = rowsInFlight.get(db);
  if (!running) {
    running = new Map();
    rowsInFlight.set(db, running);
  }
  const key = username.toLowerCase();
  const pending = running.get(key);
  if (pending) return pending;
  const map = running;
  const query = findProfileRow(db, username).finally(() => map.delete(key));
  map.set(key, query);
  return query;
}

/**
 * The profile `username` as `viewer` may see it, or the failure to answer:
 * 404 when it does not exist, is not listed (inactive, paused, hidden,
 * unfinished) or a block separates the two (either direction: the blocked
 * person must not learn the profile exists); 403 members_only for guests on a
 * members-only profile. The owner always sees their own (not deleted) profile.
 */
export async function loadVisibleProfile(deps: ApiDeps, username: string, viewer: ViewerContext): Promise<ProfileRow> {
  const row = await sharedProfileRow(deps.db, username);
  if (!row || row.status === "deleted") throw fail.notFound(PROFILE_NOT_FOUND);
  if (viewer.id === row.id) return row;
  const paused = isPausedOwner(row);
  if (!isListedOwner(row) && !paused) throw fail.notFound(PROFILE_NOT_FOUND);
  if (viewer.id !== null && (await isBlockedBetween(deps, viewer.id, row.id))) throw fail.notFound(PROFILE_NOT_FOUND);
  // After the block check: whom a block separates must not learn even that the profile exists.
  if (paused) throw fail.forbidden(PROFILE_PAUSED);
  if (viewer.id === null && isMembersOnlyRow(row)) throw fail.forbidden(PROFILE_MEMBERS_ONLY);
  return row;
}

function isMembersOnlyRow(row: Pick<ProfileRow, "user_type" | "members_only">): boolean {
  return isMembersOnlyProfile({ userType: row.user_type, membersOnly: row.members_only === 1 });
}

/**
 * Media of `ownerId` the viewer may see (accepted only; the owner also sees pending ones), scheduled ones from their
 * publication on; paid and fans-only ones locked (a blurred preview and what opens it) unless the viewer may open them
 * (issue 28, media's listedMediaFor). Avatars are open media only: a face is never locked.
 */
export async function visibleMedia(
  deps: ApiDeps,
  ownerId: number,
  viewer: ViewerContext,
  options: { avatarsOnly?: boolean } = {},
): Promise<GalleryItem[]> {
  const levels = mediaLevelsFor(viewer, ownerId);
  const statuses = viewer.id === ownerId ? [MEDIA_STATUS.accepted, MEDIA_STATUS.pending] : [MEDIA_STATUS.accepted];
  const now = deps.clock.now();
  let query = deps.db
    .selectFrom("media")
    .select([...LISTED_MEDIA_COLUMNS])
    .where("media.user_id", "=", ownerId)
    .where("media.status", "in", statuses)
    .where("media.visibility", "in", [...levels])
    .where((eb) => publishedMediaFilter(eb, viewer.id, now));
  if (options.avatarsOnly) query = query.where("media.is_avatar", "=", 1).where("media.access", "=", "open");
  const rows = await query.orderBy("media.position").orderBy("media.id").execute();
  return await listedMediaFor(deps, viewer, rows);
}

/** How many accepted media each level hides from this viewer, so the page can say "log in to see 3 more". */
async function hiddenMediaCounts(deps: ApiDeps, ownerId: number, viewer: ViewerContext): Promise<Partial<Record<MediaVisibility, number>>> {
  if (viewer.id === ownerId) return {};
  const levels = mediaLevelsFor(viewer, ownerId);
  const rows = await deps.db
    .selectFrom("media")
    .select(["visibility", (eb) => eb.fn.countAll<number>().as("n")])
    .where("user_id", "=", ownerId)
    .where("status", "=", MEDIA_STATUS.accepted)
    .where("visibility", "not in", [...levels, "private"])
    // A scheduled medium is not there yet, not even as a count (issue 28).
    .where((eb) => publishedMediaFilter(eb, null, deps.clock.now()))
    .groupBy("visibility")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.visibility, Number(r.n)]));
}

/**
 * The profile's review summary: the count and mean the reviews module keeps on the profile row when it publishes
 * (ADR 047). Others see nothing when the owner hides the reviews, and no mean when they hide the rating.
 */
function reviewSummaryOf(
  row: Pick<ProfileRow, "review_count" | "rating_avg" | "reviews_shown" | "rating_shown">,
  isOwner: boolean,
): { count: number; average: number | null } {
  if (!isOwner && row.reviews_shown !== 1) return { count: 0, average: null };
  const average = row.rating_avg === null || (!isOwner && row.rating_shown !== 1) ? null : Math.round(row.rating_avg * 10) / 10;
  return { count: row.review_count, average };
}

/**
 * Trust level (plus benefit for escorts and businesses, spec section 6): its rules live in the verification module
 * (ADR 108), which the back office reads too.
 */
export function trustLevel(deps: ApiDeps, row: ProfileRow): Promise<TrustLevel> {
  return trustLevelFor(deps, row.id);
}

async function traitsOf(deps: ApiDeps, userId: number) {
  const rows = await deps.db
    .selectFrom("profile_traits")
    .select(["group_key", "option_id"])
    .where("user_id", "=", userId)
    .orderBy("group_key")
    .orderBy("option_id")
    .execute();
  const groups = new Map<string, number[]>();
  for (const r of rows) {
    const list = groups.get(r.group_key) ?? [];
    list.push(r.option_id);
    groups.set(r.group_key, list);
  }
  return [...groups].map(([group_key, option_ids]) => ({ group_key, option_ids }));
}

/** Groups shown as tags on tiles and the profile head: what someone offers and where they meet. */
export const TAG_GROUPS = ["escort_role", "escort_service", "meeting_option", "customer_type", "company_service"] as const;

export async function tagsOf(deps: ApiDeps, userId: number): Promise<ProfileTag[]> {
  const rows = await deps.db
    .selectFrom("profile_traits")
    .select(["group_key", "option_id"])
    .where("user_id", "=", userId)
    .where("group_key", "in", [...TAG_GROUPS])
    .orderBy("group_key")
    .orderBy("option_id")
    .execute();
  return rows.map((r) => ({ group_key: r.group_key, option_id: r.option_id }));
}

export async function workHours(deps: ApiDeps, row: ProfileRow): Promise<WorkHours> {
  const slots = await deps.db
    .selectFrom("profile_schedule")
    .select(["day", "time_from", "time_to", "is_over_day"])
    .where("user_id", "=", row.id)
    .orderBy("day")
    .orderBy("time_from")
    .execute();
  const now = deps.clock.now();
  return {
    available_now: row.available_now_until !== null && row.available_now_until > now,
    available_now_until: row.available_now_until !== null && row.available_now_until > now ? row.available_now_until : null,
    schedule: slots.map((s) => ({ day: s.day, time_from: s.time_from, time_to: s.time_to, is_over_day: s.is_over_day === 1 })),
  };
}

async function pricesOf(deps: ApiDeps, userId: number) {
  const rows = await deps.db
    .selectFrom("profile_prices")
    .select(["item_type", "duration_minutes", "name", "price_eur"])
    .where("user_id", "=", userId)
    .orderBy("item_type")
    .orderBy("position")
    .orderBy("id")
    .execute();
  return {
    times: rows
      .filter((r) => r.item_type === 1 && r.duration_minutes !== null)
      .map((r) => ({ duration_minutes: r.duration_minutes as number, price_eur: r.price_eur })),
    extras: rows.filter((r) => r.item_type === 2).map((r) => ({ name: r.name ?? "", price_eur: r.price_eur })),
  };
}

function location(row: ProfileRow): ProfileLocation {
  const region = regionByCode(row.country_code, row.region_code);
  return {
    city_name: row.city_name,
    city_slug: row.city_slug,
    country_code: row.country_code,
    country_slug: countrySlugOf(row.country_code),
    region: region ? { code: region.code, name: region.name, slug: region.slug } : null,
  };
}

export function miniOf(row: ProfileRow, avatar: GalleryItem | undefined, now: number): ProfileMini {
  // A business is no person (ADR 069): the gender and birth date its sign-up or contact person left say nothing of it.
  const person = row.user_type !== USER_TYPE.business;
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    user_type: row.user_type,
    gender: person ? row.gender : null,
    age: person ? ageAt(row.birth_date, now) : null,
    city_name: row.city_name,
    is_member: plusRunning(row, now),
    avatar: avatar?.image ?? null,
  };
}

export async function profileMini(deps: ApiDeps, row: ProfileRow, viewer: ViewerContext): Promise<ProfileMini> {
  const [avatar] = await visibleMedia(deps, row.id, viewer, { avatarsOnly: true });
  return miniOf(row, avatar, deps.clock.now());
}

/** Everything the profile page shows, in one answer. */
export async function profileDetail(deps: ApiDeps, row: ProfileRow, viewer: ViewerContext): Promise<ProfileDetail> {
  const now = deps.clock.now();
  const isOwner = viewer.id === row.id;
  const isBusiness = row.user_type === USER_TYPE.business;
  const [gallery, hidden, traits, prices, hours, trust, badgeMap, tours, ownTexts, relation, escorts] = await Promise.all([
    visibleMedia(deps, row.id, viewer),
    hiddenMediaCounts(deps, row.id, viewer),
    traitsOf(deps, row.id),
    pricesOf(deps, row.id),
    workHours(deps, row),
    trustLevel(deps, row),
    verificationBadgesOf(deps.db, [row.id]),
    upcomingToursOf(deps, row.id),
    // The owner reads their own texts at once; everyone else the last accepted ones (ADR 030).
    isOwner ? ownPendingTexts(deps.db, row.id) : Promise.resolve({} as Awaited<ReturnType<typeof ownPendingTexts>>),
    profileRelation(deps, viewer, row.id),
    isBusiness ? listedEscortsOf(deps, row.id, viewer) : Promise.resolve([]),
  ]);
  const checks = badgeMap.get(row.id) ?? NO_BADGES;
  const avatar = gallery.find((m) => m.is_avatar) ?? gallery[0];
  const languages = traits.find((t) => t.group_key === "languages")?.option_ids ?? [];
  return {
    ...miniOf(row, avatar, now),
    is_owner: isOwner,
    // By the owner's choice or by type (clients, ADR 023): the page is then noindex and never shared-cached.
    members_only: isMembersOnlyRow(row),
    registered_at: row.created_at,
    updated_at: row.updated_at,
    // Activity is shown coarsely (a day bucket), never the exact time.
    last_active_days: row.last_login_at === null ? null : Math.max(0, Math.floor((now - row.last_login_at) / DAY)),
    location: location(row),
    texts: {
      status: ownTexts.status ?? row.status_text,
      description: ownTexts.description ?? row.description,
      interests: ownTexts.interests ?? row.interests,
      profession: ownTexts.profession ?? row.profession,
    },
    appearance: isBusiness
      ? { height_cm: null, weight_kg: null, penis_length_cm: null, penis_diameter_cm: null, is_smoker: null }
      : {
          height_cm: row.height_cm,
          weight_kg: row.weight_kg,
          penis_length_cm: row.penis_length_cm,
          penis_diameter_cm: row.penis_diameter_cm,
          is_smoker: row.is_smoker === null ? null : row.is_smoker === 1,
        },
    // A business shows the groups of a business only (no figure, hair or sexuality of a contact person).
    traits: isBusiness ? traits.filter((group) => BUSINESS_TRAIT_GROUPS.has(group.group_key)) : traits,
    languages,
    // Section 6: service prices are hidden for certain business types; our
    // business kinds all publish prices, so every provider shows them.
    prices: row.user_type === USER_TYPE.client ? { times: [], extras: [] } : prices,
    work_hours: hours,
    badges: {
      email_verified: row.email_verified_at !== null && row.is_bounced_email === 0,
      plus_member: plusRunning(row, now),
      // A verified webcam check and the team's checks (ADR 107); age only from the provider's identification (ADR 105).
      photo_verified: checks.photos_real,
      identity_verified: checks.identity_verified,
      prostschg_shown: checks.prostschg_shown,
      age_verified: existsAnswer(row.age_verified),
      trust_level: trust,
      // The owner's safer-sex statement (spec section 7 "safesex", ADR 039).
      safe_sex: row.safe_sex_status === 1,
    },
    // Upcoming and active tours, soonest first (spec section 4 "Tour status"; ADR 028).
    tours,
    // Published date reviews (ADR 047), as the owner lets others see them (user/date_review_display).
    reviews: reviewSummaryOf(row, isOwner),
    gallery,
    hidden_media: hidden,
    // What the page may offer; guests get sign-up prompts instead (section 6).
    actions: {
      can_favorite: viewer.id !== null && !isOwner,
      can_message: viewer.id !== null && !isOwner,
      can_request_date: viewer.id !== null && !isOwner && row.user_type === USER_TYPE.escort,
      // Both wait for a verified address (ADR 024): the page offers the verification, with the way back here.
      verify_email_first: !isOwner && (verifyFirst(viewer, "message") || verifyFirst(viewer, "date_request")),
    },
    // Favorite, friend link, note, report and block as they stand for this viewer (issue 11).
    relation,
    business: isBusiness ? { kind: row.business_kind, escorts } : null,
  };
}

// --- Geography ------------------------------------------------------------------

/**
 * Driving time estimate without a routing service: the great-circle distance
 * times 1.3 (roads are about 30 % longer than the straight line in German
 * road networks) at an average 50 km/h (city and regional roads mixed),
 * rounded up to whole minutes, at least 1.
 *   minutes = max(1, ceil(distance_km × 1.3 / 50 × 60))
 */
export const ROAD_DETOUR_FACTOR = 1.3;
export const AVERAGE_SPEED_KMH = 50;

export function drivingMinutes(distance: number): number {
  return Math.max(1, Math.ceil(((distance * ROAD_DETOUR_FACTOR) / AVERAGE_SPEED_KMH) * 60));
}

export const NEARBY_RADIUS_KM = 25;
export const NEARBY_LIMIT = 12;

/** Listed profiles of the same user type near this one, closest first, visible to the viewer. */
export async function nearbyProfiles(deps: ApiDeps, row: ProfileRow, viewer: ViewerContext): Promise<NearbyProfile[]> {
  if (row.lat === null || row.lon === null) return [];
  const box = boundingBox(row.lat, row.lon, NEARBY_RADIUS_KM);
  const cos = Math.cos((row.lat * Math.PI) / 180);
  // Squared equirectangular distance: exact enough to order by at city scale.
  const order = sql<number>`((profiles.lat - ${row.lat}) * (profiles.lat - ${row.lat}) + (profiles.lon - ${row.lon}) * (profiles.lon - ${row.lon}) * ${cos * cos})`;
  let query = deps.db
    .selectFrom("profiles")
    .innerJoin("users", "users.id", "profiles.user_id")
    .select([
      "users.id",
      "users.username",
      "users.user_type",
      "users.gender",
      "users.birth_date",
      "users.is_member",
      "users.member_until",
      "profiles.display_name",
      "profiles.city_name",
      "profiles.lat",
      "profiles.lon",
    ])
    .where("profiles.lat", ">=", box.minLat)
    .where("profiles.lat", "<=", box.maxLat)
    .where("profiles.lon", ">=", box.minLon)
    .where("profiles.lon", "<=", box.maxLon)
    .where("users.id", "!=", row.id)
    .where("users.user_type", "=", row.user_type)
    .where((eb) => isFindableProfile(eb));
  if (viewer.id === null) query = query.where((eb) => isGuestVisible(eb));
  else query = query.where("users.id", "!=", viewer.id).where((eb) => notBlockedWith(eb, viewer.id as number));
  const rows = await query.orderBy(order).limit(NEARBY_LIMIT).execute();
  const now = deps.clock.now();
  const avatars = await avatarImages(
    deps,
    rows.map((r) => r.id),
    viewer,
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    display_name: r.display_name,
    user_type: r.user_type,
    gender: r.user_type === USER_TYPE.business ? null : r.gender,
    age: r.user_type === USER_TYPE.business ? null : ageAt(r.birth_date, now),
    city_name: r.city_name,
    is_member: plusRunning(r, now),
    avatar: avatars.get(r.id) ?? null,
    distance_km:
      Math.round(haversineKm({ lat: row.lat as number, lon: row.lon as number }, { lat: r.lat as number, lon: r.lon as number }) * 10) / 10,
  }));
}

/** The avatar each user shows to this viewer (their first visible avatar photo). */
export async function avatarImages(deps: ApiDeps, userIds: number[], viewer: ViewerContext): Promise<Map<number, MediaImage>> {
  const out = new Map<number, MediaImage>();
  if (userIds.length === 0) return out;
  const rows = await deps.db
    .selectFrom("media")
    .select(["id", "user_id", "visibility", "public_id", "width", "height", "variant_widths"])
    .where("user_id", "in", userIds)
    .where("is_avatar", "=", 1)
    .where("status", "=", MEDIA_STATUS.accepted)
    // A paid medium is never a face (issue 28, ADR 093).
    .where("access", "=", "open")
    .orderBy("position")
    .execute();
  for (const m of rows) {
    if (out.has(m.user_id)) continue;
    if (!mediaLevelsFor(viewer, m.user_id).includes(m.visibility as MediaVisibility)) continue;
    out.set(m.user_id, mediaImageOf(m));
  }
  return out;
}

export const REGIONBOX_RADIUS_KM = 100;
export const REGIONBOX_CITY_LIMIT = 8;

interface NearbyCity {
  name: string;
  slug: string;
  country_code: string | null;
  region_code: string | null;
  profiles: number;
  lat: number;
  lon: number;
}

const listedCityCaches = new WeakMap<DB, TtlCache<NearbyCity[]>>();
/** City counts move slowly; one aggregation per five minutes serves every profile page. */
const LISTED_CITIES_TTL_MS = 5 * 60_000;

/**
 * Every city with listed guest-visible profiles: its count and mean point.
 * One aggregation over all profiles, cached and shared by every profile page
 * (the regionbox then picks the cities around a profile in memory); an
 * aggregation per neighbourhood cost ~100–200 ms each on the 100k seed and
 * had to run for every one of ~80 neighbourhoods (docs/performance.md).
 */
async function listedCities(deps: ApiDeps): Promise<NearbyCity[]> {
  let cache = listedCityCaches.get(deps.db);
  if (!cache) {
    cache = createTtlCache<NearbyCity[]>({ ttlMs: LISTED_CITIES_TTL_MS, maxEntries: 1 });
    listedCityCaches.set(deps.db, cache);
  }
  return cache.remember("all", deps.clock.now(), async () => {
    const rows = await deps.db
      .selectFrom("profiles")
      .innerJoin("users", "users.id", "profiles.user_id")
      .select((eb) => [
        "profiles.city_slug",
        eb.fn.max("profiles.city_name").as("name"),
        eb.fn.max("profiles.country_code").as("country_code"),
        eb.fn.max("profiles.region_code").as("region_code"),
        eb.fn.countAll<number>().as("n"),
        eb.fn.avg<number>("profiles.lat").as("lat"),
        eb.fn.avg<number>("profiles.lon").as("lon"),
      ])
      .where("profiles.lat", "is not", null)
      .where("profiles.lon", "is not", null)
      .where("profiles.city_slug", "is not", null)
      .where((eb) => isGuestVisibleProfile(eb))
      .groupBy("profiles.city_slug")
      .execute();
    return rows.map((r) => ({
      name: r.name ?? "",
      slug: r.city_slug ?? "",
      country_code: r.country_code ?? null,
      region_code: r.region_code ?? null,
      profiles: Number(r.n),
      lat: Number(r.lat),
      lon: Number(r.lon),
    }));
  });
}

/** Cities with listed guest-visible profiles within REGIONBOX_RADIUS_KM of a point (a box first, the exact distance after). */
async function citiesAround(deps: ApiDeps, lat: number, lon: number): Promise<NearbyCity[]> {
  const box = boundingBox(lat, lon, REGIONBOX_RADIUS_KM);
  return (await listedCities(deps)).filter((c) => c.lat >= box.minLat && c.lat <= box.maxLat && c.lon >= box.minLon && c.lon <= box.maxLon);
}

/** The profile's place and the cities around it (directory links). */
export async function regionbox(deps: ApiDeps, row: ProfileRow): Promise<RegionBox> {
  const place = location(row);
  if (row.lat === null || row.lon === null) return { ...place, nearby_cities: [] };
  const here = { lat: row.lat, lon: row.lon };
  const cities = (await citiesAround(deps, row.lat, row.lon))
    .filter((c) => c.slug !== row.city_slug)
    .map((c) => ({ ...c, distance_km: Math.round(haversineKm(here, c)) }))
    .filter((c) => c.distance_km <= REGIONBOX_RADIUS_KM)
    .sort((a, b) => a.distance_km - b.distance_km || a.slug.localeCompare(b.slug))
    .slice(0, REGIONBOX_CITY_LIMIT);
  return {
    ...place,
    nearby_cities: cities.map((c) => {
      const region = regionByCode(c.country_code, c.region_code);
      return {
        name: c.name,
        slug: c.slug,
        country_slug: countrySlugOf(c.country_code),
        region_slug: region?.slug ?? null,
        distance_km: c.distance_km,
        profiles: c.profiles,
      };
    }),
  };
}

/** Where the viewer is, for driving minutes: their own profile's point. */
export async function viewerPoint(deps: ApiDeps, viewer: ViewerContext): Promise<{ lat: number; lon: number } | null> {
  if (viewer.id === null) return null;
  const row = await deps.db.selectFrom("profiles").select(["lat", "lon"]).where("user_id", "=", viewer.id).executeTakeFirst();
  return row && row.lat !== null && row.lon !== null ? { lat: row.lat, lon: row.lon } : null;
}
