import { useTranslation } from "react-i18next";
import type { Tile } from "~/components/search/ResultTiles";
import { serverIsland } from "~/components/ServerIsland";
import * as ui from "~/styles/ui.css";
import type { Chip } from "./PopFilterChips";

export interface MemberHomeProps {
  name: string;
  filterKey: string | null;
  chips: Chip[];
  clearPath: string | null;
  tiles: Tile[];
  total: number;
  page: number;
  pages: number;
  query: string;
}

/**
 * The list (chips, total, tiles, pages) hydrates without its code: its tiles made the page's Intl formatters, the
 * largest tasks while hydrating (ADR 175). `data` must be the loader data object itself: the island keeps the
 * server's HTML while it is the same.
 */
const List = serverIsland("member-home-list", () => import("./MemberHomeList"));

/** The signed-in home: greeting, (for -pop) the popular filters, the list and its pages. */
export function MemberHome({ data }: { data: MemberHomeProps }) {
  const { t } = useTranslation();
  return (
    <main className={ui.page}>
      <h1 data-testid="member-home">{t("home_member.headline", { name: data.name })}</h1>
      <p>
        {data.filterKey ? t("home_member.preset_intro", { filter: t(`search.pop_filters.${data.filterKey}`) }) : t("home_member.intro")}
      </p>
      <List data={data} />
    </main>
  );
}
