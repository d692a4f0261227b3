/**
 * favorite_visitor (spec section 2 "Personal"): the four lists at a glance — whom I keep, who keeps me, who
 * looked at me, whom I looked at — each with its first tiles, its count and a link to the whole list.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { UserListData, UserListGroup } from "~/api/favorites.server";
import { ProfileTileGrid } from "~/components/tiles/ProfileTile";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { useNumbers } from "~/utils/numbers";
import * as css from "./favorites.css";
import { GROUP_PATH, LockedList, useTilesOf } from "./UserListPage";

export interface OverviewSection {
  group: UserListGroup;
  type: 1 | 2;
  list: UserListData;
}

export function OverviewPage({ title, lists }: { title: string; lists: OverviewSection[] }) {
  const { t } = useTranslation("favorites");
  const to = useLocalePath();
  const numbers = useNumbers();
  const tilesOf = useTilesOf();
  return (
    <main className={ui.page}>
      <h1>{title}</h1>
      {lists.map(({ group, type, list }) => {
        const href = `${to(GROUP_PATH[group])}?type=${type}`;
        const headingId = `overview-${group}-${type}`;
        return (
          <section key={headingId} className={css.section} aria-labelledby={headingId} data-testid={headingId}>
            <div className={css.sectionHead}>
              <h2 id={headingId} className={ui.sectionTitle}>
                {t(`favorites.tabs.${group}.${type}`)}
              </h2>
              {!list.locked && list.total > 0 ? (
                <Link className={ui.buttonSecondary} to={href}>
                  {t("favorites.overview.see_all", { count: list.total, n: numbers.count(list.total) })}
                </Link>
              ) : null}
            </div>
            {list.locked && list.total > 0 ? (
              <LockedList group={group} total={list.total} />
            ) : list.items.length > 0 ? (
              <ProfileTileGrid tiles={tilesOf(list, 0)} testId={`${headingId}-tiles`} />
            ) : (
              <p className={ui.muted}>{t(`favorites.empty.${group}.${type}`)}</p>
            )}
          </section>
        );
      })}
    </main>
  );
}
