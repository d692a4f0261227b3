import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 32 item 9 (ADR 136): the SEO directory's `{spot}` level. A spot is a district (or venue) of a city with
 * its centre and a search radius; its page lists the profiles near it. The rows below are reference geography
 * (district centres, WGS 84), not demo people, so every database gets them; more spots are rows, not code.
 * city_id is the GeoNames id of the geo tables' city; radius_km is one of the search's radius options.
 */
const SPOTS: ReadonlyArray<[cityId: number, slug: string, name: string, lat: number, lon: number]> = [
  // Berlin
  [2950159, "mitte", "Mitte", 52.5176, 13.389],
  [2950159, "kreuzberg", "Kreuzberg", 52.4986, 13.403],
  [2950159, "prenzlauer-berg", "Prenzlauer Berg", 52.5389, 13.4246],
  [2950159, "charlottenburg", "Charlottenburg", 52.5167, 13.3041],
  [2950159, "friedrichshain", "Friedrichshain", 52.5155, 13.454],
  [2950159, "schoeneberg", "Schöneberg", 52.483, 13.353],
  [2950159, "neukoelln", "Neukölln", 52.4811, 13.435],
  [2950159, "wilmersdorf", "Wilmersdorf", 52.4875, 13.316],
  // Hamburg
  [2911298, "st-pauli", "St. Pauli", 53.556, 9.964],
  [2911298, "altona", "Altona", 53.5503, 9.935],
  [2911298, "eimsbuettel", "Eimsbüttel", 53.575, 9.953],
  [2911298, "winterhude", "Winterhude", 53.596, 10.005],
  [2911298, "hafencity", "HafenCity", 53.5413, 10.0],
  [2911298, "eppendorf", "Eppendorf", 53.59, 9.983],
  // München
  [2867714, "schwabing", "Schwabing", 48.16, 11.585],
  [2867714, "maxvorstadt", "Maxvorstadt", 48.148, 11.568],
  [2867714, "haidhausen", "Haidhausen", 48.13, 11.598],
  [2867714, "glockenbachviertel", "Glockenbachviertel", 48.131, 11.57],
  [2867714, "bogenhausen", "Bogenhausen", 48.152, 11.615],
  [2867714, "sendling", "Sendling", 48.118, 11.54],
  // Köln
  [2886242, "ehrenfeld", "Ehrenfeld", 50.949, 6.919],
  [2886242, "belgisches-viertel", "Belgisches Viertel", 50.938, 6.935],
  [2886242, "deutz", "Deutz", 50.937, 6.975],
  [2886242, "suedstadt", "Südstadt", 50.922, 6.958],
  [2886242, "lindenthal", "Lindenthal", 50.932, 6.913],
  [2886242, "nippes", "Nippes", 50.965, 6.956],
  // Frankfurt am Main
  [2925533, "sachsenhausen", "Sachsenhausen", 50.101, 8.688],
  [2925533, "westend", "Westend", 50.119, 8.662],
  [2925533, "nordend", "Nordend", 50.126, 8.69],
  [2925533, "bornheim", "Bornheim", 50.129, 8.712],
  [2925533, "bahnhofsviertel", "Bahnhofsviertel", 50.107, 8.669],
  [2925533, "bockenheim", "Bockenheim", 50.123, 8.645],
];

/** Districts are a few kilometres across: the smallest radius the search offers (contract/search RADIUS_OPTIONS). */
const SPOT_RADIUS_KM = 5;

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("seo_spots")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("city_id", "integer", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("lat", "double precision", (c) => c.notNull())
      .addColumn("lon", "double precision", (c) => c.notNull())
      .addColumn("radius_km", "integer", (c) => c.notNull())
      .addUniqueConstraint("seo_spots_city_slug", ["city_id", "slug"])
      .execute();
    await db
      .insertInto("seo_spots" as never)
      .values(SPOTS.map(([city_id, slug, name, lat, lon]) => ({ city_id, slug, name, lat, lon, radius_km: SPOT_RADIUS_KM })) as never)
      .execute();
  };
}
