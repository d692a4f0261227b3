import type { SearchPageData } from "./search-page.server";

/**
 * What the search results draw (a server island, ADR 162), and all they may read: the island's HTML is remembered by
 * exactly this object (ADR 177), so a field the results read must be listed here — the type refuses any other. The
 * page's ad zone (a per-render token) and the form's data stay outside.
 */
const RESULTS_FIELDS = ["state", "facets", "wideRadius", "total", "searched", "cityNotFound", "promoted", "tiles", "query"] as const;

export type SearchResultsData = Pick<SearchPageData, (typeof RESULTS_FIELDS)[number]>;

/** The results' fields of the page's data, in one order (the memo's key is their JSON). */
export function resultsDataOf(data: SearchPageData): SearchResultsData {
  const out = {} as Record<string, unknown>;
  for (const field of RESULTS_FIELDS) out[field] = data[field];
  return out as SearchResultsData;
}
