import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as ui from "~/styles/ui.css";

/**
 * The footer of every paged list: previous, "page x of y", next — plain links with 44 px targets, so paging works
 * without JavaScript; nothing for a single page. `hrefOf` builds a page's address (the rest of the query kept).
 */
export function PageLinks({
  page,
  pages,
  hrefOf,
  className,
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("pager.label")} className={className ? `${ui.row} ${className}` : ui.row}>
      {page > 1 ? (
        <Link className={ui.buttonSecondary} to={hrefOf(Math.min(page - 1, pages))} rel="prev">
          {t("pager.previous")}
        </Link>
      ) : null}
      <span className={ui.muted}>{t("pager.page_of", { page, pages })}</span>
      {page < pages ? (
        <Link className={ui.buttonSecondary} to={hrefOf(page + 1)} rel="next" data-testid="next-page">
          {t("pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}
