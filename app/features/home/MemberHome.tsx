import { useTranslation } from "react-i18next";
import { ResultTiles } from "~/components/search/ResultTiles";
import { useNumbers } from "~/utils/numbers";
import * as ui from "~/styles/ui.css";
import { Pager } from "~/components/search/Pager";
import { PopFilterChips, type Chip } from "./PopFilterChips";

export interface MemberHomeProps {
  name: string;
  filterKey: string | null;
  chips: Chip[];
  clearPath: string | null;
  tiles: Parameters<typeof ResultTiles>[0]["tiles"];
  total: number;
  page: number;
  pages: number;
  query: string;
}

/** The signed-in home: greeting, (for -pop) the popular filters, the list and its pages. */
export function MemberHome(props: MemberHomeProps) {
  const { t } = useTranslation();
  const { count } = useNumbers();
  return (
    <main className={ui.page}>
      <h1 data-testid="member-home">{t("home_member.headline", { name: props.name })}</h1>
      <p>
        {props.filterKey ? t("home_member.preset_intro", { filter: t(`search.pop_filters.${props.filterKey}`) }) : t("home_member.intro")}
      </p>
      <PopFilterChips chips={props.chips} clearPath={props.clearPath} />
      <p role="status" data-testid="search-total">
        {t("search.total_compact", { count: props.total, n: count(props.total) })}
      </p>
      <ResultTiles tiles={props.tiles} />
      <Pager query={props.query} page={props.page} pages={props.pages} />
    </main>
  );
}
