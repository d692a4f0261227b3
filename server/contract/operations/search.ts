/** The search group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { cityQuerySchema, personalizedSearchSchema, searchFiltersSchema, searchRequestSchema, topRankingSchema } from "../search";

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
