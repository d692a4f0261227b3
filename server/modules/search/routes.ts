import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { autocompleteCities } from "../geo/index";
import { autocompleteUsers, personalizedSearch, searchFilters, topRanking } from "./public";
import { promotedFor } from "./promoted";
import { runSearch, searchViewer } from "./service";
import { searchOps } from "../../contract/operations/search";

/** Public and the same for everyone: cacheable. */
const PUBLIC_CACHE = "public, max-age=3600";

export function registerSearch({ v2, deps }: ModuleContext): void {
  v2.add(
    searchOps.city,
    {
      summary:
        "City autocomplete: a city key (de-muenchen) finds that city; otherwise a prefix match on the city's slug or folded name (München: 'muen', 'mun'), biggest first, at most 10. `key` is the search URL's city value.",
      tag: "search",
      auth: "optional",
    },
    async (c, { query }) => {
      c.header("Cache-Control", PUBLIC_CACHE);
      return ok(c, await autocompleteCities(deps, query.q, query.country ? { country: query.country } : {}));
    },
  );

  v2.add(
    searchOps.autocomplete,
    {
      summary:
        "Search box autocomplete: cities (as /search/city) and up to 5 listed profiles whose username or name starts with q (block relations excluded).",
      tag: "search",
      auth: "optional",
    },
    async (c, { query, user }) => {
      const [cities, users] = await Promise.all([autocompleteCities(deps, query.q, { limit: 5 }), autocompleteUsers(deps, user, query.q)]);
      c.header("Cache-Control", "private, max-age=60");
      return ok(c, { cities, users });
    },
  );

  v2.add(
    searchOps.search,
    {
      summary:
        "Search (spec section 3 'Search request'): page_no, page_size (24), searchMode user|business, query.name, filterquery, facets, sort. Radius or country mode is required (400 validation.search.location_required otherwise). meta: total, location, facets, and promoted: the promoted slot's running promotion profiles this search finds (page 1 only, at most 3, taking turns; ADR 090). See docs/api.md.",
      tag: "search",
      auth: "optional",
      statuses: [400],
    },
    async (c, { body, user }) => {
      const { viewer, gender } = await searchViewer(deps, user);
      const input = { request: body, viewer, viewerGender: gender };
      // The promoted slot (ADR 090) belongs to the first page only: later pages are the ranking alone.
      const [result, promoted] = await Promise.all([runSearch(deps, input), body.page_no === 1 ? promotedFor(deps, input) : []]);
      c.header("Cache-Control", "private, no-store");
      return ok(c, result.hits, { meta: { ...result.meta, promoted } });
    },
  );

  v2.add(
    searchOps.filters,
    {
      summary:
        "What the search form offers this searcher: target, sorts and default sort, radius options, default genders, bands, durations, flags, trait facet options. Not camelized by the client (spec section 7).",
      tag: "search",
      auth: "optional",
    },
    async (c, { body, user }) => {
      const { viewer, gender } = await searchViewer(deps, user);
      c.header("Cache-Control", "private, max-age=60");
      return ok(c, searchFilters(viewer, gender, body));
    },
  );

  v2.add(
    searchOps.personalized,
    {
      summary: "Profiles for the signed-in user around their own location (or Berlin), with their default target, genders and sort.",
      tag: "search",
      auth: "required",
    },
    async (c, { body, user }) => {
      const result = await personalizedSearch(deps, user, body.page_no);
      c.header("Cache-Control", "private, no-store");
      return ok(c, result.hits, { meta: result.meta });
    },
  );

  v2.add(
    searchOps.topRanking,
    {
      summary:
        "Top-ranked escorts (rise-up first, then membership, verification, reviews, activity) around a point (default Berlin, radius 100).",
      tag: "search",
      auth: "optional",
    },
    async (c, { body, user }) => {
      const result = await topRanking(deps, user, body);
      c.header("Cache-Control", "private, max-age=60");
      return ok(c, result.hits, { meta: result.meta });
    },
  );
}
