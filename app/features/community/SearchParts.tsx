/** What both searches share: category links, the filter box, the view switch, the pager and the empty state. */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FindView } from "#server/contract/community";
import * as ui from "~/styles/ui.css";
import * as css from "./community.css";
import { withQuery } from "./find-state";

/** "All" and one link per category; each keeps the other filters (the category is the path). */
export function CategoryLinks({
  root,
  search,
  categories,
  active,
  labelOf,
  counts,
}: {
  root: string;
  search: string;
  categories: readonly string[];
  active: string | null;
  labelOf: (category: string) => string;
  counts?: ReadonlyMap<string, number>;
}) {
  const { t } = useTranslation("community");
  const link = (category: string | null) => withQuery(category ? `${root}/${category}` : root, search, {});
  return (
    <nav aria-label={t("community.category_label")}>
      <ul className={css.categoryLinks}>
        {[null, ...categories].map((category) => (
          <li key={category ?? ""}>
            <Link className={css.chip} to={link(category)} aria-current={category === active ? "page" : undefined}>
              {category ? labelOf(category) : t("community.all_categories")}
              {category && counts ? ` (${counts.get(category) ?? 0})` : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ViewSwitch({ base, search, view }: { base: string; search: string; view: FindView }) {
  const { t } = useTranslation("community");
  const other: FindView = view === "tiles" ? "list" : "tiles";
  return (
    <Link className={ui.linkButton} to={withQuery(base, search, { view: other === "tiles" ? undefined : other })} data-testid="view-switch">
      {t(`community.view.${other}`)}
    </Link>
  );
}

export function Pager({ base, search, page, hasMore }: { base: string; search: string; page: number; hasMore: boolean }) {
  const { t } = useTranslation("community");
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label={t("community.pagination")} className={css.pager}>
      {page > 1 ? (
        <Link className={ui.buttonSecondary} rel="prev" to={withQuery(base, search, { page: page === 2 ? undefined : String(page - 1) })}>
          {t("community.previous")}
        </Link>
      ) : (
        <span />
      )}
      {hasMore ? (
        <Link className={ui.buttonSecondary} rel="next" to={withQuery(base, search, { page: String(page + 1) })} data-testid="more">
          {t("community.more")}
        </Link>
      ) : null}
    </nav>
  );
}

export function SelectField({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <label className={ui.field}>
      <span className={ui.label}>{label}</span>
      <select className={`${ui.input} ${css.select}`} name={name} defaultValue={value}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The filters as a plain GET form in a box that is collapsed on a first visit (the results lead the first screen)
 * and open while filters are set; the chosen view survives a new filter, "reset" clears them all.
 */
export function FilterBox({ base, search, testId, children }: { base: string; search: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation("community");
  const params = new URLSearchParams(search);
  // Set filters, not the view or the page (the sort counts: it changes what comes first).
  const active = [...params.keys()].filter((key) => key !== "view" && key !== "page").length;
  const view = params.get("view");
  return (
    <details className={css.filterBox} open={active > 0}>
      <summary className={css.filterSummary}>
        {active > 0 ? t("community.filters_active", { count: active }) : t("community.filters")}
      </summary>
      <Form method="get" action={base} className={css.filters} aria-label={t("community.filters")} data-testid={testId}>
        {view ? <input type="hidden" name="view" value={view} /> : null}
        {children}
        <div className={ui.row}>
          <button type="submit" className={ui.button}>
            {t("community.apply")}
          </button>
          <Link className={ui.linkButton} to={base}>
            {t("community.reset")}
          </Link>
        </div>
      </Form>
    </details>
  );
}

/** The place field both searches share: a typed city, or the place the last search resolved. */
export function NearField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <label className={ui.field}>
      <span className={ui.label}>{label}</span>
      <input className={ui.input} type="text" name="near" defaultValue={value} maxLength={100} autoComplete="address-level2" />
      {hint ? <span className={ui.muted}>{hint}</span> : null}
    </label>
  );
}

/**
 * The page both searches are: heading and intro, the category links, the filter box, a notice, the sort line with
 * the view switch, the results or the empty state (with a way back to everything), and the pager.
 */
export function CommunitySearchFrame({
  heading,
  intro,
  categories,
  filters,
  notice,
  sortedBy,
  empty,
  results,
  page,
}: {
  heading: string;
  intro: string;
  categories: ReactNode;
  filters: ReactNode;
  notice?: ReactNode;
  sortedBy: string;
  /** The empty state's text, link text and test id; shown when `results` is null. */
  empty: { text: string; allLink: string; root: string; testId: string };
  results: ReactNode | null;
  page: { base: string; search: string; page: number; hasMore: boolean; view: FindView };
}) {
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{heading}</h1>
        <p className={ui.muted} style={{ margin: 0 }}>
          {intro}
        </p>
        {categories}
        {filters}
        {notice}
        <div className={css.toolbar}>
          <p className={ui.muted} style={{ margin: 0 }} role="status">
            {sortedBy}
          </p>
          <ViewSwitch base={page.base} search={page.search} view={page.view} />
        </div>
        {results ?? (
          <p className={ui.card} data-testid={empty.testId}>
            {empty.text} <Link to={empty.root}>{empty.allLink}</Link>
          </p>
        )}
        <Pager base={page.base} search={page.search} page={page.page} hasMore={page.hasMore} />
      </div>
    </main>
  );
}
