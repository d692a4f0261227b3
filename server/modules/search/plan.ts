/**
 * A search's plan: what the SQL path (service.ts) and the column index (indexed-search.ts) both read. Its own module
 * so that the index does not import the service that calls it (the module-graph test forbids the cycle).
 */
import type { FilterQuery, SearchLocation, SearchTarget } from "../../contract/search";
import type { ViewerContext } from "../access/index";
import type { ActiveTour } from "../tours/index";
import type { DirectoryCondition } from "./directory-filter";

/** Term facets whose filter is an IN list on an index column of their own (see totalAndFacets). */
export const LOOSE_FACETS = ["gender", "figure_type", "race_type"] as const;
export type LooseFacet = (typeof LOOSE_FACETS)[number];

/** A place column of search_profiles that the directory counts by (its child places). */
export type PlaceColumn = "country_code" | "region_code" | "city_id";

/** A directory place inside the country filter: one city or one region. */
export interface SearchPlace {
  cityId?: number;
  regionCode?: string;
}

export interface Plan {
  viewer: ViewerContext;
  target: SearchTarget;
  location: SearchLocation;
  filter: FilterQuery;
  name: string | undefined;
  now: number;
  mediaLevels: readonly string[];
  /** Replaces the target's user type (SEO categories span several types). */
  userTypes?: readonly number[];
  /** A directory place inside the country filter: one city or one region. */
  place?: SearchPlace;
  /** The SEO directory's condition (guests' view, a category's trait options): directory-filter.ts. */
  directory?: DirectoryCondition;
  /**
   * Members with an active tour in the searched place (ADR 028), with their distance from the search
   * point in radius mode: listed here besides the profiles that live here, and what on_tour matches.
   */
  touring?: ReadonlyMap<number, ActiveTour & { distance_km: number | null }>;
  /**
   * Term filters left out of the WHERE clause so their facet can count the
   * other values too (disjunctive facets); the aggregate applies them itself.
   */
  looseFacets?: ReadonlySet<LooseFacet>;
  /** The stopping page reads a tier (see stoppingPage): in radius mode the user type must not lead the plan. */
  tierLed?: boolean;
}
