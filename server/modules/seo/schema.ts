/** The SEO directory's spots (migration 0121, ADR 136): districts or venues of a city with a centre and radius. */
import type { Generated } from "kysely";

export interface SeoSpotsTable {
  id: Generated<number>;
  /** The city's GeoNames id (cities.id). */
  city_id: number;
  slug: string;
  name: string;
  lat: number;
  lon: number;
  /** One of the search's radius options (contract/search RADIUS_OPTIONS). */
  radius_km: number;
}

declare module "../../db/schema/index" {
  interface Database {
    seo_spots: SeoSpotsTable;
  }
}
