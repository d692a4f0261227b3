import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageHref } from "./links";
import * as css from "~/styles/search.css";
import * as ui from "~/styles/ui.css";

/** Previous/next links over ?page= (the rest of the query is kept), 44 px tap targets; nothing for a single page. */
export function Pager({ query, page, pages }: { query: string; page: number; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("search.pagination")} className={`${ui.row} ${css.pager}`}>
      {page > 1 ? (
        <Link className={ui.buttonSecondary} to={pageHref(query, page - 1)} rel="prev">
          {t("search.previous")}
        </Link>
      ) : null}
      <span>{t("search.page_of", { page, pages })}</span>
      {page < pages ? (
        <Link className={ui.buttonSecondary} to={pageHref(query, page + 1)} rel="next" data-testid="next-page">
          {t("search.next")}
        </Link>
      ) : null}
    </nav>
  );
}
