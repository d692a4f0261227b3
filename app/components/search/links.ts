import { serializeSearchParams } from "#server/contract/search-links";
import type { SearchUrlState } from "#server/contract/search-url";

/** The query string of a URL state, as a link target ("?" when empty). */
export function hrefOf(state: SearchUrlState): string {
  const text = serializeSearchParams(state).toString();
  return text ? `?${text}` : "?";
}

/** The canonical query with another page number (page 1 has none). */
export function pageHref(query: string, page: number): string {
  const params = new URLSearchParams(query);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** A path with its query string, without a dangling "?" when the query is empty. */
export function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}
