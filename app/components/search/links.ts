import { serializeSearchParams, type SearchUrlState } from "#server/contract/search-url";

/** The query string of a URL state, as a link target ("?" when empty). */
export function hrefOf(state: SearchUrlState): string {
  const text = serializeSearchParams(state).toString();
  return text ? `?${text}` : "?";
}

/** A path with its query string, without a dangling "?" when the query is empty. */
export function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}
