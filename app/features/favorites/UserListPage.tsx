/**
 * favorite and visitor (spec section 2 "Personal", section 3 "User search (favorites, visitors)"): two tabs
 * (the list's types), the filter form (a GET form: works without JavaScript), the tiles and plain pagination.
 * A list of others without plus (section 6) shows how many and the way to plus, never who.
 */
import { checkoutPath } from "#server/contract/checkout-path";
import { ChromeLink } from "~/components/chrome-link";
import { useTranslation } from "react-i18next";
import { ONLY_SHOW_TYPES } from "#server/contract/search-url";
import { LAZY_LOAD_THRESHOLD, USER_LIST_AGE_BUCKET_KEYS, USER_LIST_PAGE_SIZE, isOwnList } from "#server/contract/favorites";
import { findTraitGroup } from "#server/contract/traits";
import { chartDayOf } from "#server/contract/dashboard";
import { GENDER, SELECTABLE_USER_TYPES, userTypeName } from "#server/contract/users";
import type { UserListData, UserListGroup } from "~/api/favorites.server";
import { Pager } from "~/components/search/Pager";
import { ProfileTileGrid, type ProfileTileView } from "~/components/tiles/ProfileTile";
import { useLang, useLocalePath } from "~/i18n/lang";
import { formatDayMonth } from "~/utils/dates";
import * as ui from "~/styles/ui.css";
import { useNumbers } from "~/utils/numbers";
import * as css from "./favorites.css";
import type { UserListUrl } from "./user-list.server";

/** The list's one script: loads the next page as the member scrolls (a static file, no framework). */
const LAZY_LIST_SCRIPT = "/scripts/lazy-list.js";

/** The page path of each group (spec section 2). */
export const GROUP_PATH: Record<UserListGroup, string> = { favorites: "favorite", visitors: "visitor" };

/** The tiles of a list, each with the day it was added or last visited (the product's Berlin day, ADR 033). */
export function useTilesOf() {
  const { t } = useTranslation("favorites");
  const lang = useLang();
  return (list: UserListData, offset: number): ProfileTileView[] =>
    list.items.map((item, index) => ({
      key: offset + index,
      username: item.username,
      displayName: item.displayName,
      age: item.age,
      cityName: item.cityName,
      avatar: item.avatar,
      isMember: item.isMember,
      note: t(item.visitDays === null ? "favorites.tile.added" : "favorites.tile.visited", {
        date: formatDayMonth(chartDayOf(item.at), lang),
      }),
      privateNote: item.privateNote,
    }));
}

/** The count and the way to plus, for a list of others the member may not see (section 6). */
export function LockedList({ group, total }: { group: UserListGroup; total: number }) {
  const { t } = useTranslation("favorites");
  const lang = useLang();
  const numbers = useNumbers();
  return (
    <div className={`${ui.card} ${ui.stack}`} data-testid="locked-list">
      <p>{t(`favorites.locked.${group}`, { count: total, n: numbers.count(total) })}</p>
      <p className={ui.muted}>{t("favorites.locked.explain")}</p>
      <p>
        <ChromeLink className={ui.button} to={checkoutPath(lang, "membership")} data-testid="upgrade-link">
          {t("favorites.locked.upgrade")}
        </ChromeLink>
      </p>
    </div>
  );
}

export function UserListPage({ group, title, url, list }: { group: UserListGroup; title: string; url: UserListUrl; list: UserListData }) {
  const { t } = useTranslation("favorites");
  const to = useLocalePath();
  const numbers = useNumbers();
  const tilesOf = useTilesOf();
  const path = to(GROUP_PATH[group]);
  const pages = Math.max(1, Math.ceil(list.total / USER_LIST_PAGE_SIZE));
  const filtered = url.query !== `type=${url.type}`;
  return (
    <main className={ui.page}>
      <h1>{title}</h1>
      <nav aria-label={t("favorites.tabs_label")}>
        <ul className={ui.tabBar}>
          {([1, 2] as const).map((type) => (
            <li key={type}>
              <ChromeLink
                className={ui.tab}
                to={`${path}?type=${type}`}
                aria-current={type === url.type ? "page" : undefined}
                data-testid={`tab-${type}`}
              >
                {t(`favorites.tabs.${group}.${type}`)}
              </ChromeLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className={ui.muted}>{t(`favorites.intro.${group}.${url.type}`)}</p>
      {list.locked ? (
        list.total > 0 ? (
          <LockedList group={group} total={list.total} />
        ) : (
          <p className={ui.card} data-testid="list-empty">
            {t(`favorites.empty.${group}.${url.type}`)}
          </p>
        )
      ) : (
        <>
          {/* Nothing to filter or count in an empty list: only the empty state. */}
          {list.total > 0 || filtered ? (
            <>
              <FilterForm path={path} url={url} list={list} open={filtered} />
              <p data-testid="list-total">{t("favorites.total", { count: list.total, n: numbers.count(list.total) })}</p>
            </>
          ) : null}
          {/* Past the last page (an old link) the pager leads back; the empty state is for an empty list. */}
          {list.total > 0 ? (
            // With JavaScript the next page joins this one as the member scrolls (public/scripts/lazy-list.js);
            // without it, the pager below pages by hand.
            <div data-lazy-list="" data-threshold-phone={LAZY_LOAD_THRESHOLD.phone} data-threshold-other={LAZY_LOAD_THRESHOLD.other}>
              <ProfileTileGrid tiles={tilesOf(list, (url.page - 1) * USER_LIST_PAGE_SIZE)} testId="user-list" />
              <Pager query={url.query} page={url.page} pages={pages} />
              {url.page < pages ? <script src={LAZY_LIST_SCRIPT} defer /> : null}
            </div>
          ) : (
            <div className={`${ui.card} ${ui.stack}`} data-testid="list-empty">
              <p>{filtered ? t("favorites.empty.filtered") : t(`favorites.empty.${group}.${url.type}`)}</p>
              {filtered ? (
                <p>
                  <ChromeLink className={ui.buttonSecondary} to={`${path}?type=${url.type}`}>
                    {t("favorites.filters.reset")}
                  </ChromeLink>
                </p>
              ) : isOwnList(group, url.type) ? (
                <p>
                  <ChromeLink className={ui.buttonSecondary} to={to("escorts")}>
                    {t("favorites.empty.search")}
                  </ChromeLink>
                </p>
              ) : null}
            </div>
          )}
          {list.total > 0 ? null : <Pager query={url.query} page={url.page} pages={pages} />}
        </>
      )}
    </main>
  );
}

/**
 * The filters of section 3 as a GET form: checkboxes for the only-show flags, gender, member type, age
 * buckets and the trait options (figure and type with their counts in this list), a select of the list's
 * cities. Folded away while no filter is set, so the tiles come first on a phone.
 */
function FilterForm({ path, url, list, open }: { path: string; url: UserListUrl; list: UserListData; open: boolean }) {
  const { t } = useTranslation("favorites");
  const numbers = useNumbers();
  const f = url.filters;
  const traitBoxes = (group: "race_type" | "figure_type" | "meeting_option", counts?: Array<{ key: number; count: number }>) => {
    const options = findTraitGroup(group)?.options ?? [];
    const countOf = (id: number) => counts?.find((bucket) => bucket.key === id)?.count ?? 0;
    // With counts (the facets), options nobody in the list has are left out unless chosen.
    const shown = counts ? options.filter((o) => countOf(o.id) > 0 || (f[group] ?? []).includes(o.id)) : options;
    if (shown.length === 0) return null;
    return (
      <fieldset className={css.fieldset}>
        <legend className={ui.label}>{t(`traits.${group}._title`)}</legend>
        {shown.map((o) => (
          <label key={o.id} className={ui.checkboxRow}>
            <input type="checkbox" name={group} value={o.id} defaultChecked={(f[group] ?? []).includes(o.id)} />
            {t(`traits.${group}.${o.key}`)}
            {counts ? ` (${numbers.count(countOf(o.id))})` : ""}
          </label>
        ))}
      </fieldset>
    );
  };
  return (
    <details className={`${ui.card} ${css.filters}`} open={open} data-testid="list-filters">
      <summary className={css.summary}>{t("favorites.filters.title")}</summary>
      <form method="get" action={path} className={css.filterBody}>
        <input type="hidden" name="type" value={url.type} />
        <fieldset className={css.fieldset}>
          <legend className={ui.label}>{t("search.only_show")}</legend>
          {ONLY_SHOW_TYPES.map((flag) => (
            <label key={flag} className={ui.checkboxRow}>
              <input type="checkbox" name="only_show_type" value={flag} defaultChecked={(f.only_show_type ?? []).includes(flag)} />
              {t(`search.only_show_types.${flag}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className={css.fieldset}>
          <legend className={ui.label}>{t("search.gender")}</legend>
          {([GENDER.female, GENDER.male, GENDER.trans] as const).map((g) => (
            <label key={g} className={ui.checkboxRow}>
              <input type="checkbox" name="gender" value={g} defaultChecked={(f.gender ?? []).includes(g)} />
              {t(`search.genders.${g}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className={css.fieldset}>
          <legend className={ui.label}>{t("favorites.filters.user_type")}</legend>
          {SELECTABLE_USER_TYPES.map((type) => (
            <label key={type} className={ui.checkboxRow}>
              <input type="checkbox" name="user_type" value={type} defaultChecked={(f.user_type ?? []).includes(type)} />
              {t(`user_types.${userTypeName(type)}`, { ns: "common" })}
            </label>
          ))}
        </fieldset>
        <fieldset className={css.fieldset}>
          <legend className={ui.label}>{t("favorites.filters.age")}</legend>
          {USER_LIST_AGE_BUCKET_KEYS.map((bucket) => (
            <label key={bucket} className={ui.checkboxRow}>
              <input type="checkbox" name="age" value={bucket} defaultChecked={(f.age ?? []).includes(bucket)} />
              {t(`favorites.filters.ages.${bucket}`)}
            </label>
          ))}
        </fieldset>
        {traitBoxes("figure_type", list.facets.figureType)}
        {traitBoxes("race_type", list.facets.raceType)}
        {traitBoxes("meeting_option")}
        {list.cities.length > 0 ? (
          <label className={ui.field}>
            <span className={ui.label}>{t("favorites.filters.city")}</span>
            <select className={ui.input} name="city" defaultValue={f.city !== undefined ? String(f.city) : ""}>
              <option value="">{t("favorites.filters.any_city")}</option>
              {list.cities.map((city) => (
                <option key={city.id} value={city.id}>
                  {city.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className={ui.row}>
          <button type="submit" className={ui.button} data-testid="apply-filters">
            {t("favorites.filters.submit")}
          </button>
          {open ? (
            <ChromeLink className={ui.buttonSecondary} to={`${path}?type=${url.type}`}>
              {t("favorites.filters.reset")}
            </ChromeLink>
          ) : null}
        </div>
      </form>
    </details>
  );
}
