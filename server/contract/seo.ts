/**
 * The SEO directory (spec section 2 "SEO directory pages", section 9 "Lists"):
 * /{lang}/{category}/{country}/{region}/{city}/{spot?} for ten category words,
 * each level optional below the category. Both tiers read this file: the API
 * turns a category word into a search filter, the web tier builds paths and
 * breadcrumbs from the same slugs.
 */
import type { PromotedProfile } from "./promoted";
import type { ProfileMini } from "./profiles";
import type { BusinessKind } from "./registration-sign-up";
import { GENDER, USER_TYPE } from "./users";

/** Profiles per directory page (spec section 9 "SEO page size 12"). */
export const SEO_PAGE_SIZE = 12;
/** Directory pages are numbered 1 to 6 (spec "max page 6"); deeper pages answer 404. */
export const SEO_MAX_PAGE = 6;
/** At most this many cities are linked from a category, country or region page ("max city display 10"). */
export const SEO_MAX_CITY_DISPLAY = 10;
/**
 * "5 per page": each linked city shows a teaser of this many profile names, so
 * a crawler reaches profiles from an overview page without a listing per city.
 */
export const SEO_CITY_TEASER_SIZE = 5;

/**
 * What a category word selects. The spec gives the words, not their meaning
 * ("not shown"); this mapping is ours:
 *
 * | word                      | user types        | genders                  | traits (any of)                                            |
 * |---------------------------|-------------------|--------------------------|------------------------------------------------------------|
 * | sex-and-erotic            | escort, business  | all                      | —                                                          |
 * | escort                    | escort            | all                      | —                                                          |
 * | ladies                    | escort            | female, female&female    | —                                                          |
 * | huren-nutten              | escort            | female                   | meeting_option incall (1) or club (5)                      |
 * | domina-bdsm               | escort, business  | all                      | escort_role dominatrix (7); escort_service soft_bdsm, bondage, dominant (401–403); company_bizarre domina_on_site (1) |
 * | tantra-erotische-massagen | escort, business  | all                      | escort_role masseur, tantra_practitioner (5, 6); escort_service erotic/tantra/lingam/yoni/nuru massage (113, 116–119) |
 * | bordell-club              | business (clubs)  | all                      | —                                                          |
 * | gangbang-bukkake          | escort, business  | all                      | escort_service group_sex, gangbang (208, 209)              |
 * | transen-shemale           | escort            | trans, trans&female, trans&male, trans&trans | —                                      |
 * | male-escort               | escort            | male, male&male          | —                                                          |
 *
 * Trait conditions of one category are OR-ed (any listed option of any listed
 * group qualifies); they AND with the user type and gender conditions.
 * bordell-club lists clubs only, the same businesses as the business search's
 * category /agenturen-clubs/clubs (contract/search BUSINESS_CATEGORY_SLUGS, ADR 069).
 */
export interface CategoryFilter {
  userTypes: readonly number[];
  /** Businesses of this kind only. */
  businessKind?: BusinessKind;
  genders?: readonly number[];
  traits?: ReadonlyArray<{ group: string; optionIds: readonly number[] }>;
}

/** The directory's category words, in the order the directory lists them. */
export const SEO_CATEGORY_WORDS = [
  "sex-and-erotic",
  "escort",
  "ladies",
  "huren-nutten",
  "domina-bdsm",
  "tantra-erotische-massagen",
  "bordell-club",
  "gangbang-bukkake",
  "transen-shemale",
  "male-escort",
] as const;
export type SeoCategory = (typeof SEO_CATEGORY_WORDS)[number];

export const SEO_CATEGORIES = {
  "sex-and-erotic": { userTypes: [USER_TYPE.escort, USER_TYPE.business] },
  escort: { userTypes: [USER_TYPE.escort] },
  ladies: { userTypes: [USER_TYPE.escort], genders: [GENDER.female, GENDER.female_female] },
  "huren-nutten": { userTypes: [USER_TYPE.escort], genders: [GENDER.female], traits: [{ group: "meeting_option", optionIds: [1, 5] }] },
  "domina-bdsm": {
    userTypes: [USER_TYPE.escort, USER_TYPE.business],
    traits: [
      { group: "escort_role", optionIds: [7] },
      { group: "escort_service", optionIds: [401, 402, 403] },
      { group: "company_bizarre", optionIds: [1] },
    ],
  },
  "tantra-erotische-massagen": {
    userTypes: [USER_TYPE.escort, USER_TYPE.business],
    traits: [
      { group: "escort_role", optionIds: [5, 6] },
      { group: "escort_service", optionIds: [113, 116, 117, 118, 119] },
    ],
  },
  "bordell-club": { userTypes: [USER_TYPE.business], businessKind: "club" },
  "gangbang-bukkake": { userTypes: [USER_TYPE.escort, USER_TYPE.business], traits: [{ group: "escort_service", optionIds: [208, 209] }] },
  "transen-shemale": { userTypes: [USER_TYPE.escort], genders: [GENDER.trans, GENDER.trans_female, GENDER.trans_male, GENDER.trans_trans] },
  "male-escort": { userTypes: [USER_TYPE.escort], genders: [GENDER.male, GENDER.male_male] },
} as const satisfies Record<SeoCategory, CategoryFilter>;

export function isSeoCategory(value: unknown): value is SeoCategory {
  return typeof value === "string" && Object.hasOwn(SEO_CATEGORIES, value);
}

export function categoryFilter(category: SeoCategory): CategoryFilter {
  return SEO_CATEGORIES[category];
}

/**
 * Country slugs of the directory: German words (the product is German-first),
 * ASCII only, stable once published. Keyed by ISO 3166-1 alpha-2 (upper case,
 * as profiles.country_code stores it).
 */
export const SEO_COUNTRIES = {
  DE: "deutschland",
  AT: "oesterreich",
  CH: "schweiz",
  NL: "niederlande",
  PL: "polen",
  ES: "spanien",
} as const;
export type SeoCountryCode = keyof typeof SEO_COUNTRIES;

export function countryCodeOfSlug(slug: string): SeoCountryCode | null {
  const entry = Object.entries(SEO_COUNTRIES).find(([, s]) => s === slug);
  return entry ? (entry[0] as SeoCountryCode) : null;
}

export function countrySlugOf(code: string | null | undefined): string | null {
  return code && Object.hasOwn(SEO_COUNTRIES, code) ? SEO_COUNTRIES[code as SeoCountryCode] : null;
}

/** The levels of a directory address, most general first. */
export interface DirectoryAddress {
  category: SeoCategory;
  country?: string;
  region?: string;
  city?: string;
  /** A district or venue of the city (ADR 136). */
  spot?: string;
}

export type DirectoryLevel = "category" | "country" | "region" | "city" | "spot";

export function directoryLevel(address: DirectoryAddress): DirectoryLevel {
  if (address.city && address.spot) return "spot";
  if (address.city) return "city";
  if (address.region) return "region";
  if (address.country) return "country";
  return "category";
}

/** The path after the language prefix, e.g. "escort/deutschland/berlin/berlin". */
export function directoryPath(address: DirectoryAddress, page = 1): string {
  const parts: string[] = [address.category];
  if (address.country) parts.push(address.country);
  if (address.country && address.region) parts.push(address.region);
  if (address.country && address.region && address.city) parts.push(address.city);
  if (address.country && address.region && address.city && address.spot) parts.push(address.spot);
  return parts.join("/") + (page > 1 ? `?page=${page}` : "");
}

export interface Crumb {
  /** Path after the language prefix; "" is the home page. */
  path: string;
  /** A translation key (home, category) or a proper noun (country, region, city). */
  label: string;
  /** true: label is a translation key; false: show it as it is. */
  translate: boolean;
}

/**
 * Home › category › country › region › city › spot. Country labels are translation
 * keys (seo.countries.<code>); regions and cities are proper nouns.
 */
export function directoryBreadcrumbs(
  address: DirectoryAddress,
  names: { countryCode?: string; regionName?: string; cityName?: string; spotName?: string } = {},
): Crumb[] {
  const crumbs: Crumb[] = [
    { path: "", label: "seo.breadcrumb.home", translate: true },
    { path: directoryPath({ category: address.category }), label: `seo.categories.${address.category}.name`, translate: true },
  ];
  if (!address.country) return crumbs;
  crumbs.push({
    path: directoryPath({ category: address.category, country: address.country }),
    label: names.countryCode ? `seo.countries.${names.countryCode}` : address.country,
    translate: Boolean(names.countryCode),
  });
  if (!address.region) return crumbs;
  crumbs.push({
    path: directoryPath({ category: address.category, country: address.country, region: address.region }),
    label: names.regionName ?? address.region,
    translate: false,
  });
  if (!address.city) return crumbs;
  const { spot, ...city } = address;
  crumbs.push({ path: directoryPath(city), label: names.cityName ?? address.city, translate: false });
  if (!spot) return crumbs;
  crumbs.push({ path: directoryPath(address), label: names.spotName ?? spot, translate: false });
  return crumbs;
}

/** Directory page numbers from the query string: 1 when absent; null when not a page that exists. */
export function parseDirectoryPage(raw: string | null): number | null {
  if (raw === null || raw === "") return 1;
  if (!/^[1-9]\d*$/.test(raw)) return null;
  const page = Number(raw);
  return page <= SEO_MAX_PAGE ? page : null;
}

// --- Response types of the SEO group (issue 8 item 1: declared once; the web tier reads them camelized) ---

/** A profile's card in a directory listing: the profile's mini card and its tour. */
export interface DirectoryTile extends ProfileMini {
  /** In town on an active tour (ADR 028), else null. */
  tour: { city_name: string; date_from: string; date_to: string } | null;
}

export interface DirectoryPlace {
  slug: string;
  name: string;
  /** Translation key instead of a name (countries). */
  name_key?: string;
  /** Directory path of the place after the language, e.g. "escort/deutschland/berlin". */
  path: string;
  profiles: number;
  teaser: Array<{ username: string; display_name: string }>;
}

/** A district or venue of a city (ADR 136). */
export interface DirectorySpot {
  slug: string;
  name: string;
  /** Directory path after the language, e.g. "escort/deutschland/berlin/berlin/kreuzberg". */
  path: string;
  lat: number;
  lon: number;
  radius_km: number;
}

export interface DirectoryPage {
  category: SeoCategory;
  level: DirectoryLevel;
  page: number;
  pages: number;
  total: number;
  country: { code: string; slug: string } | null;
  region: { code: string; slug: string; name: string } | null;
  city: { slug: string; name: string } | null;
  /** The spot of a spot page (ADR 136): its centre and the radius its profiles are found in. */
  spot: DirectorySpot | null;
  /** A city page's spots (districts, venues), linked from it; [] on other levels. */
  spots: DirectorySpot[];
  places: DirectoryPlace[];
  profiles: DirectoryTile[];
  /** The promoted slot (ADR 090): running promotion profiles of this city (first page only), marked as ads. */
  promoted: PromotedProfile[];
  last_modified: number | null;
}

export interface UrlDetailItem {
  name: string;
  value: string;
  active: boolean;
}

/** POST /registration/seo-landing-page: the active landing page of a short URL. */
export interface LandingPageResponse {
  short_url: string;
  url_detail: UrlDetailItem[];
  updated_at: number;
  /** The directory address of the page's city, when profiles live there. */
  place: { country_slug: string; region_slug: string; city_slug: string; city_name: string } | null;
  /** The heading, meta description and intro staff wrote (ADR 120), in the asked language or German; null: none. */
  text: { title: string; description: string; intro: string } | null;
}

/** POST /registration/seo-landing-page: the page, or an empty list for an unknown or inactive short URL (spec section 7). */
export type LandingPageAnswer = LandingPageResponse | [];

export interface SitemapEntry {
  path: string;
  last_modified: number;
}

/** The most URLs one sitemap file lists (sitemaps.org allows 50,000; smaller files stay quick to build). */
export const SITEMAP_URLS_PER_FILE = 10_000;
/** A sitemap's name: the start of its files' names (`directory.xml`, `profiles-1.xml`). */
export const SITEMAP_NAME_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/** One set of sitemap files a feature contributes (its manifest's `sitemaps`, ADR 064). */
export interface SitemapFile {
  name: string;
  /** Its files are numbered (`profiles-1.xml` … `profiles-{parts}.xml`); otherwise there is one, `{name}.xml`. */
  paged: boolean;
  parts: number;
  /** The newest change in its first part (epoch ms), or null when it is empty. */
  last_modified: number | null;
}

/** GET /seo/sitemaps: every sitemap the features contribute, for the sitemap index. */
export interface SitemapIndex {
  files: SitemapFile[];
}

export interface GuideCountry {
  country_code: string;
  country_slug: string;
  profiles: number;
  regions: Array<{ slug: string; name: string; profiles: number; cities: Array<{ slug: string; name: string; profiles: number }> }>;
}
