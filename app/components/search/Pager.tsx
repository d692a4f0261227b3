import { PageLinks } from "~/components/PageLinks";
import * as css from "~/styles/search.css";

/**
 * The canonical query with another page number (page 1 has none). Here, not in ./links: the member homes page with it
 * and must not load the search's URL mapping that ./links builds a state's query with (ADR 155).
 */
export function pageHref(query: string, page: number): string {
  const params = new URLSearchParams(query);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** The search's pages over ?page= (the rest of the query is kept). */
export function Pager({ query, page, pages }: { query: string; page: number; pages: number }) {
  return <PageLinks page={page} pages={pages} hrefOf={(p) => pageHref(query, p)} className={css.pager} />;
}
