/** The search group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import * as v from "valibot";
import { defineOperation } from "../operation";
import { SEARCH_MODES, SEARCH_PAGE_SIZE, SEARCH_TARGETS, searchRequestSchema } from "../search";

// Schemas only these operations use sit here, not in contract/search: the search pages import that file into the
// browser (ADR 050).
/** GET /search/city and /search/autocomplete: a name or slug prefix, optionally within one country (ISO code). */
export const cityQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60)), ""),
  country: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/, "validation.search.country_invalid"), v.toUpperCase())),
});

/** POST /search/filters: whose search form (the target) in which mode. */
export const searchFiltersSchema = v.object({
  user_type: v.optional(v.picklist(SEARCH_TARGETS)),
  searchMode: v.optional(v.picklist(SEARCH_MODES), "user"),
});

/** POST /search/personalized: one page of the signed-in member's list. */
export const personalizedSearchSchema = v.object({
  page_no: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 1),
});

/** POST /search/top-ranking: the point (default Berlin) and how many. */
export const topRankingSchema = v.object({
  lat: v.optional(v.pipe(v.number(), v.minValue(-90), v.maxValue(90))),
  lon: v.optional(v.pipe(v.number(), v.minValue(-180), v.maxValue(180))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SEARCH_PAGE_SIZE)), 10),
});

export const searchOps = {
  city: defineOperation({ method: "get", path: "/api/v2/search/city", query: cityQuerySchema, response: "CityHits" }),
  autocomplete: defineOperation({
    method: "get",
    path: "/api/v2/search/autocomplete",
    query: cityQuerySchema,
    response: "SearchAutocomplete",
  }),
  search: defineOperation({ method: "post", path: "/api/v2/search/user-and-business", body: searchRequestSchema, response: "SearchHits" }),
  filters: defineOperation({
    method: "post",
    path: "/api/v2/search/filters",
    body: searchFiltersSchema,
    response: "SearchFilters",
    camelize: false,
  }),
  personalized: defineOperation({
    method: "post",
    path: "/api/v2/search/personalized",
    body: personalizedSearchSchema,
    response: "SearchHits",
  }),
  topRanking: defineOperation({ method: "post", path: "/api/v2/search/top-ranking", body: topRankingSchema, response: "SearchHits" }),
};
