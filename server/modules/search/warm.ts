/**
 * The column index loaded when a process starts (ADR 164) instead of at its first search: the instance answers from
 * it sooner, and its log says when it does. Until then its searches read the database (ADR 151's "auto").
 */
import type { ApiDeps } from "../../api/types";
import { SearchColumnIndex } from "./column-index";

export function warmSearchIndex(deps: Pick<ApiDeps, "db" | "dialect" | "config" | "log">): Promise<void> {
  if (!deps.config.searchIndex) return Promise.resolve();
  const index = SearchColumnIndex.of(deps);
  return index.fresh().then(
    () => deps.log.info({ rows: index.lastLoad?.rows, ms: Math.round(index.lastLoad?.ms ?? 0) }, "search index loaded"),
    (err: unknown) => deps.log.warn({ err }, "search index not loaded: searches read the database until one loads it"),
  );
}
