/**
 * The SEO directory, landing pages and sitemap data. Directory pages are
 * public listings of guest-visible profiles (members-only profiles are not
 * listed; a signed-in viewer additionally never sees profiles a block
 * separates them from). The category words map to filters in
 * server/contract/seo.ts.
 */
import { sql, type SelectQueryBuilder } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  categoryFilter,
  countrySlugOf,
  SEO_CATEGORY_WORDS,
  SEO_CITY_TEASER_SIZE,
  SEO_MAX_CITY_DISPLAY,
  SEO_MAX_PAGE,
  SEO_PAGE_SIZE,
  type DirectoryLevel,
  type DirectoryPage,
  type DirectoryPlace,
  type DirectoryTile,
  type LandingPageResponse,
  SITEMAP_URLS_PER_FILE,
  type SitemapEntry,
  type UrlDetailItem,
  type SeoCategory,
} from "../../contract/seo";
import { DEFAULT_LANGUAGE, type Language } from "../../contract/locales";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";
import { createTtlCache, type TtlCache } from "../../lib/ttl-cache";
import { GUEST_VIEWER, isGuestVisibleProfile, notBlockedWith, type ViewerContext } from "../access/index";
import { avatarImages } from "../profiles/index";
import { citiesById } from "../geo/index";
import { promotedFor, type PlaceColumn, type PlaceCount } from "../search/index";
import { allSpots, isWithinSpot, spotOfCity, spotsOfCity } from "./spots";
import {
  directorySearchInput,
  listDirectory,
  listDirectoryWithPlaces,
  resolveDirectoryPlace,
  topOfDirectory,
  type DirectoryPlaceRef,
} from "./listing";
import { regionByCode, regionsOf } from "../geo/index";
import type { GuideCountry } from "../../contract/seo";
export type { GuideCountry };

export const DIRECTORY_NOT_FOUND = "exception.seo.directory_not_found";

export interface DirectoryQuery {
  category: SeoCategory;
  country?: string;
  region?: string;
  city?: string;
  spot?: string;
  page: number;
}

interface Place {
  countryCode?: string;
  regionCode?: string;
}

type ProfileQuery = SelectQueryBuilder<Database, "profiles" | "users", object>;

/** Listed, guest-visible profiles of a category in a place (the viewer's blocks applied). */
function listed(db: DB, category: SeoCategory, place: Place, viewer: ViewerContext): ProfileQuery {
  const filter = categoryFilter(category);
  let query = db
    .selectFrom("profiles")
    .innerJoin("users", "users.id", "profiles.user_id")
    .where((eb) => isGuestVisibleProfile(eb))
    .where("users.user_type", "in", [...filter.userTypes]) as ProfileQuery;
  if ("genders" in filter && filter.genders) query = query.where("users.gender", "in", [...filter.genders]);
  if ("businessKind" in filter && filter.businessKind) query = query.where("users.business_kind", "=", filter.businessKind);
  if ("traits" in filter && filter.traits) {
    const traits = filter.traits;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("profile_traits")
          .select(sql<number>`1`.as("one"))
          .whereRef("profile_traits.user_id", "=", "users.id")
          .where((t) =>
            t.or(
              traits.map((trait) =>
                t.and([t("profile_traits.group_key", "=", trait.group), t("profile_traits.option_id", "in", [...trait.optionIds])]),
              ),
            ),
          ),
      ),
    );
  }
  if (place.countryCode) query = query.where("profiles.country_code", "=", place.countryCode);
  if (place.regionCode) query = query.where("profiles.region_code", "=", place.regionCode);
  if (viewer.id !== null) {
    const viewerId = viewer.id;
    query = query.where((eb) => notBlockedWith(eb, viewerId));
  }
  return query;
}

const directoryCaches = new WeakMap<DB, TtlCache<DirectoryPage>>();
/** Guest directory pages are shared by every guest and every crawler: one minute in memory. */
const DIRECTORY_TTL_MS = 60_000;

function cacheOf(db: DB): TtlCache<DirectoryPage> {
  let cache = directoryCaches.get(db);
  if (!cache) {
    cache = createTtlCache<DirectoryPage>({ ttlMs: DIRECTORY_TTL_MS, maxEntries: 2000 });
    directoryCaches.set(db, cache);
  }
  return cache;
}

export function clearDirectoryCache(db: DB): void {
  directoryCaches.get(db)?.clear();
}

/** One directory page, or 404 for an unknown place, an empty listing or a page beyond the last. */
export async function directoryPage(deps: ApiDeps, query: DirectoryQuery, viewer: ViewerContext = GUEST_VIEWER): Promise<DirectoryPage> {
  if (query.page < 1 || query.page > SEO_MAX_PAGE) throw fail.notFound(DIRECTORY_NOT_FOUND);
  const load = () => buildDirectoryPage(deps, query, viewer);
  if (viewer.id !== null) return load();
  const key = JSON.stringify([query.category, query.country ?? "", query.region ?? "", query.city ?? "", query.spot ?? "", query.page]);
  const now = deps.clock.now();
  const page = await cacheOf(deps.db).remember(key, now, load);
  // A promotion that ended while the page sat in the cache leaves it on time (ADR 090).
  return page.promoted.every((p) => p.until > now) ? page : { ...page, promoted: page.promoted.filter((p) => p.until > now) };
}

async function buildDirectoryPage(deps: ApiDeps, query: DirectoryQuery, viewer: ViewerContext): Promise<DirectoryPage> {
  const place = await resolveDirectoryPlace(deps, query, DIRECTORY_NOT_FOUND);
  // A spot lives under its city's full address (ADR 136); one that the city does not have is the only 404 of the level.
  const cityAddress =
    place.city && place.country && place.region
      ? { category: query.category, country: place.country.slug, region: place.region.slug, city: place.city.slug }
      : null;
  if (query.spot && (!cityAddress || !place.region)) throw fail.notFound(DIRECTORY_NOT_FOUND);
  const spot = query.spot && place.city && cityAddress ? await spotOfCity(deps, place.city.id, query.spot, cityAddress) : null;
  if (query.spot && !spot) throw fail.notFound(DIRECTORY_NOT_FOUND);
  if (spot) place.spot = spot;
  const level: DirectoryLevel = spot ? "spot" : place.city ? "city" : place.region ? "region" : place.country ? "country" : "category";
  // The next level down, counted in the listing's own pass (ADR 163); a city or a spot has none.
  const childColumn = level === "city" || level === "spot" ? null : childPlaceColumn(place);
  // The promoted slot (ADR 090): on a city's first page, the running promotion profiles this listing finds.
  const [{ result, placeCounts }, promoted] = await Promise.all([
    childColumn
      ? listDirectoryWithPlaces(deps, query.category, place, query.page, viewer, childColumn, SEO_MAX_CITY_DISPLAY)
      : listDirectory(deps, query.category, place, query.page, viewer).then((listing) => ({ result: listing, placeCounts: null })),
    level === "city" && query.page === 1 ? promotedFor(deps, directorySearchInput(query.category, place, 1, viewer)) : [],
  ]);
  const total = result.meta.total;
  const pages = Math.min(SEO_MAX_PAGE, Math.ceil(total / SEO_PAGE_SIZE));
  // A spot is a place that exists without profiles: its first page shows an empty listing instead of a 404.
  const emptySpot = level === "spot" && total === 0 && query.page === 1;
  if (!emptySpot && (total === 0 || query.page > pages)) throw fail.notFound(DIRECTORY_NOT_FOUND);
  const ids = result.hits.map((h) => h.user_id);
  const [avatars, changed, spots] = await Promise.all([
    avatarImages(deps, ids, viewer),
    ids.length === 0
      ? undefined
      : deps.db
          .selectFrom("profiles")
          .select((eb) => eb.fn.max("updated_at").as("last"))
          .where("user_id", "in", ids)
          .executeTakeFirst(),
    level === "city" && place.city && cityAddress ? spotsOfCity(deps, place.city.id, cityAddress) : [],
  ]);
  const profiles = result.hits.map((h): DirectoryTile => ({
    id: h.user_id,
    username: h.username,
    display_name: h.display_name,
    user_type: h.user_type,
    gender: h.gender,
    age: h.age,
    city_name: h.city_name,
    is_member: h.is_member,
    avatar: avatars.get(h.user_id) ?? null,
    tour: h.tour,
  }));
  const places = placeCounts ? await childPlaces(deps, query.category, place, viewer, await placeCounts()) : [];
  return {
    category: query.category,
    level,
    page: query.page,
    pages,
    total,
    country: place.country,
    region: place.region,
    city: place.city ? { slug: place.city.slug, name: place.city.name } : null,
    spot,
    spots,
    places,
    profiles,
    promoted,
    // What this page shows changed last (its profiles); a hint for Last-Modified and the sitemap.
    last_modified: changed?.last === null || changed?.last === undefined ? null : Number(changed.last),
  };
}

/** What the next level down of a place is: countries, regions (where the country has them) or cities. */
function childPlaceColumn({ country, region }: DirectoryPlaceRef): PlaceColumn {
  if (!country) return "country_code";
  return !region && regionsOf(country.code).length > 0 ? "region_code" : "city_id";
}

/** The next level down with profile counts (`counts`, by childPlaceColumn; at most SEO_MAX_CITY_DISPLAY) and cities' teasers. */
async function childPlaces(
  deps: ApiDeps,
  category: SeoCategory,
  place: DirectoryPlaceRef,
  viewer: ViewerContext,
  counts: readonly PlaceCount[],
): Promise<DirectoryPlace[]> {
  const { country, region } = place;
  if (!country) {
    return counts.flatMap((r) => {
      const slug = countrySlugOf(r.key);
      return slug
        ? [{ slug, name: slug, name_key: `seo.countries.${r.key}`, path: `${category}/${slug}`, profiles: r.count, teaser: [] }]
        : [];
    });
  }
  if (childPlaceColumn(place) === "region_code") {
    return counts.flatMap((r) => {
      const found = regionByCode(country.code, r.key);
      return found
        ? [{ slug: found.slug, name: found.name, path: `${category}/${country.slug}/${found.slug}`, profiles: r.count, teaser: [] }]
        : [];
    });
  }
  const cities = await citiesById(
    deps,
    counts.map((c) => Number(c.key)),
  );
  // The teasers of all cities at once (each is one ranked page of five, no count).
  const entries = await Promise.all(
    counts.map(async ({ key, count }): Promise<DirectoryPlace | null> => {
      const city = cities.get(Number(key));
      const cityRegion = city ? (region ?? regionByCode(country.code, city.region_code)) : null;
      if (!city || !cityRegion) return null;
      const teaser = await topOfDirectory(deps, category, { country, region: cityRegion, city }, viewer, SEO_CITY_TEASER_SIZE);
      return {
        slug: city.slug,
        name: city.name,
        path: `${category}/${country.slug}/${cityRegion.slug}/${city.slug}`,
        profiles: count,
        teaser: teaser.map((t) => ({ username: t.username, display_name: t.display_name })),
      };
    }),
  );
  return entries.filter((entry): entry is DirectoryPlace => entry !== null);
}

// --- Landing pages ------------------------------------------------------------------

export function parseUrlDetail(json: string): UrlDetailItem[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item) =>
      item && typeof item === "object" && typeof item.name === "string" && typeof item.value === "string"
        ? [{ name: item.name, value: item.value, active: item.active !== false }]
        : [],
    );
  } catch {
    return [];
  }
}

/** The active landing page of a short URL, or null (the route then answers the spec's array for "not found"). */
export async function landingPage(
  deps: ApiDeps,
  shortUrl: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<LandingPageResponse | null> {
  const row = await deps.db
    .selectFrom("landing_pages")
    .select(["id", "short_url", "url_detail", "updated_at"])
    .where("short_url", "=", shortUrl.toLowerCase())
    .where("active", "=", 1)
    .executeTakeFirst();
  if (!row) return null;
  const urlDetail = parseUrlDetail(row.url_detail);
  const citySlug = urlDetail.find((item) => item.active && item.name === "city")?.value;
  // The texts staff wrote in the back office (ADR 120): the visitor's language, else German; none: the generic ones.
  const texts = await deps.db
    .selectFrom("landing_page_texts")
    .select(["language", "title", "description", "intro"])
    .where("landing_page_id", "=", row.id)
    .where("language", "in", [language, DEFAULT_LANGUAGE])
    .execute();
  const text = texts.find((t) => t.language === language) ?? texts.find((t) => t.language === DEFAULT_LANGUAGE);
  return {
    short_url: row.short_url,
    url_detail: urlDetail,
    updated_at: Number(row.updated_at),
    place: citySlug ? await placeOfCity(deps, citySlug) : null,
    text: text ? { title: text.title, description: text.description, intro: text.intro } : null,
  };
}

/** The directory address of a city slug, from the profiles placed there (null when nobody lives there). */
async function placeOfCity(deps: ApiDeps, citySlug: string): Promise<LandingPageResponse["place"]> {
  const row = await deps.db
    .selectFrom("profiles")
    .select(["country_code", "region_code", "city_name"])
    .where("city_slug", "=", citySlug)
    .where("country_code", "is not", null)
    .where("region_code", "is not", null)
    .limit(1)
    .executeTakeFirst();
  const region = row ? regionByCode(row.country_code, row.region_code) : null;
  const countrySlug = countrySlugOf(row?.country_code);
  if (!row || !region || !countrySlug) return null;
  return { country_slug: countrySlug, region_slug: region.slug, city_slug: citySlug, city_name: row.city_name ?? citySlug };
}

// --- Sitemaps -----------------------------------------------------------------------

const sitemapCaches = new WeakMap<DB, TtlCache<SitemapEntry[]>>();

/**
 * Every directory address with at least one guest-visible profile (categories, countries, regions, cities, and the
 * spots with a profile living within their radius, ADR 136).
 */
export async function directorySitemap(deps: ApiDeps): Promise<SitemapEntry[]> {
  let cache = sitemapCaches.get(deps.db);
  if (!cache) {
    cache = createTtlCache<SitemapEntry[]>({ ttlMs: 10 * 60_000, maxEntries: 4 });
    sitemapCaches.set(deps.db, cache);
  }
  return cache.remember("directory", deps.clock.now(), async () => {
    const entries: SitemapEntry[] = [];
    const spots = await allSpots(deps);
    const spotCityIds = [...new Set(spots.map((spot) => spot.city_id))];
    for (const category of SEO_CATEGORY_WORDS) {
      // Cities by city_id, as the directory lists them (listing.ts), so every sitemap path has profiles.
      const rows = await listed(deps.db, category, {}, GUEST_VIEWER)
        .innerJoin("cities", "cities.id", "profiles.city_id")
        .select((eb) => [
          "profiles.country_code",
          "profiles.region_code",
          "cities.id as city_id",
          "cities.slug as city_slug",
          eb.fn.max("profiles.updated_at").as("last"),
        ])
        .groupBy(["profiles.country_code", "profiles.region_code", "cities.id", "cities.slug"])
        .execute();
      const latest = new Map<string, number>();
      const bump = (path: string, at: number) => latest.set(path, Math.max(latest.get(path) ?? 0, at));
      const cityPaths = new Map<number, string>();
      for (const r of rows) {
        const at = Number(r.last ?? 0);
        const countrySlug = countrySlugOf(r.country_code);
        const region = regionByCode(r.country_code, r.region_code);
        bump(category, at);
        if (!countrySlug) continue;
        bump(`${category}/${countrySlug}`, at);
        if (!region || !r.city_slug) continue;
        bump(`${category}/${countrySlug}/${region.slug}`, at);
        const cityPath = `${category}/${countrySlug}/${region.slug}/${r.city_slug}`;
        bump(cityPath, at);
        cityPaths.set(Number(r.city_id), cityPath);
      }
      // A spot is listed when a profile of its city lives within its radius (members living just outside the city
      // may also show on the page; the sitemap only promises that the page is not empty).
      const spotCities = spotCityIds.filter((id) => cityPaths.has(id));
      const homes =
        spotCities.length === 0
          ? []
          : await listed(deps.db, category, {}, GUEST_VIEWER)
              .select(["profiles.city_id", "profiles.lat", "profiles.lon", "profiles.updated_at"])
              .where("profiles.city_id", "in", spotCities)
              .where("profiles.lat", "is not", null)
              .where("profiles.lon", "is not", null)
              .execute();
      for (const spot of spots) {
        const cityPath = cityPaths.get(spot.city_id);
        if (!cityPath) continue;
        for (const home of homes)
          if (home.city_id === spot.city_id && isWithinSpot(spot, { lat: Number(home.lat), lon: Number(home.lon) }))
            bump(`${cityPath}/${spot.slug}`, Number(home.updated_at));
      }
      for (const [path, at] of latest) entries.push({ path, last_modified: at });
    }
    return entries.sort((a, b) => a.path.localeCompare(b.path));
  });
}

/** Guest-visible profiles for the sitemap, SITEMAP_URLS_PER_FILE per part, in id order; null past the last part (the profiles sitemap of the seo manifest). */
export async function profileSitemapPart(deps: ApiDeps, part: number): Promise<{ parts: number; entries: SitemapEntry[] } | null> {
  const base = () =>
    deps.db
      .selectFrom("profiles")
      .innerJoin("users", "users.id", "profiles.user_id")
      .where((eb) => isGuestVisibleProfile(eb));
  const count = await base()
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const parts = Math.max(1, Math.ceil(Number(count.n) / SITEMAP_URLS_PER_FILE));
  if (part < 1 || part > parts) return null;
  const rows = await base()
    .select(["users.username", "profiles.updated_at"])
    .orderBy("users.id")
    .limit(SITEMAP_URLS_PER_FILE)
    .offset((part - 1) * SITEMAP_URLS_PER_FILE)
    .execute();
  return { parts, entries: rows.map((r) => ({ path: `p/${r.username}`, last_modified: r.updated_at })) };
}

// --- Location guide -------------------------------------------------------------------

const guideCaches = new WeakMap<DB, TtlCache<GuideCountry[]>>();

/** Every country, region and city with guest-visible providers (category sex-and-erotic), largest first. */
export async function locationGuide(deps: ApiDeps): Promise<GuideCountry[]> {
  let cache = guideCaches.get(deps.db);
  if (!cache) {
    cache = createTtlCache<GuideCountry[]>({ ttlMs: 10 * 60_000, maxEntries: 2 });
    guideCaches.set(deps.db, cache);
  }
  return cache.remember("guide", deps.clock.now(), async () => {
    const rows = await listed(deps.db, "sex-and-erotic", {}, GUEST_VIEWER)
      .innerJoin("cities", "cities.id", "profiles.city_id")
      .select((eb) => [
        "profiles.country_code",
        "profiles.region_code",
        "cities.slug as city_slug",
        eb.fn.max("cities.name").as("name"),
        eb.fn.countAll<number>().as("n"),
      ])
      .groupBy(["profiles.country_code", "profiles.region_code", "cities.slug"])
      .execute();
    const countries = new Map<string, GuideCountry>();
    for (const r of rows) {
      const countrySlug = countrySlugOf(r.country_code);
      const region = regionByCode(r.country_code, r.region_code);
      if (!countrySlug || !region || !r.city_slug || !r.country_code) continue;
      const n = Number(r.n);
      const country = countries.get(r.country_code) ?? {
        country_code: r.country_code,
        country_slug: countrySlug,
        profiles: 0,
        regions: [],
      };
      countries.set(r.country_code, country);
      country.profiles += n;
      let entry = country.regions.find((x) => x.slug === region.slug);
      if (!entry) {
        entry = { slug: region.slug, name: region.name, profiles: 0, cities: [] };
        country.regions.push(entry);
      }
      entry.profiles += n;
      entry.cities.push({ slug: r.city_slug, name: r.name ?? r.city_slug, profiles: n });
    }
    const byCount = <T extends { profiles: number; slug?: string }>(a: T, b: T) =>
      b.profiles - a.profiles || (a.slug ?? "").localeCompare(b.slug ?? "");
    return [...countries.values()]
      .map((c) => ({ ...c, regions: c.regions.map((r) => ({ ...r, cities: r.cities.sort(byCount) })).sort(byCount) }))
      .sort((a, b) => b.profiles - a.profiles);
  });
}
