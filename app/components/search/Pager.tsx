import { PageLinks } from "~/components/PageLinks";
import { pageHref } from "./links";
import * as css from "~/styles/search.css";

/** The search's pages over ?page= (the rest of the query is kept). */
export function Pager({ query, page, pages }: { query: string; page: number; pages: number }) {
  return <PageLinks page={page} pages={pages} hrefOf={(p) => pageHref(query, p)} className={css.pager} />;
}
