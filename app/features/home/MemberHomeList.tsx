/**
 * What the member homes list: the popular filters (on -pop), the total, the tiles and the page links. Markup and
 * links only, so the page hydrates without this code and keeps the server's HTML of it (a server island, ADR 162);
 * its chunk loads only to draw another list (a client-side navigation or a revalidation). ADR 175.
 */
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/search/Pager";
import { ResultTiles } from "~/components/search/ResultTiles";
import { useNumbers } from "~/utils/numbers";
import type { MemberHomeProps } from "./MemberHome";
import { PopFilterChips } from "./PopFilterChips";

export default function MemberHomeList({ data }: { data: MemberHomeProps }) {
  const { t } = useTranslation();
  const { count } = useNumbers();
  return (
    <>
      <PopFilterChips chips={data.chips} clearPath={data.clearPath} />
      <p role="status" data-testid="search-total">
        {t("search.total_compact", { count: data.total, n: count(data.total) })}
      </p>
      <ResultTiles tiles={data.tiles} />
      <Pager query={data.query} page={data.page} pages={data.pages} />
    </>
  );
}
