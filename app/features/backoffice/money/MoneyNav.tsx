/** The back office for money's own links (ADR 080): each page names where it is with aria-current. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as css from "./money.css";

export const MONEY_PAGES = ["orders", "payments", "invoices", "bank", "payouts", "promo-codes", "affiliates", "revenue", "ledger"] as const;
export type MoneyPage = (typeof MONEY_PAGES)[number];

export function MoneyNav({ current }: { current: MoneyPage }) {
  const { t } = useTranslation("accounting");
  const to = useLocalePath();
  return (
    <nav aria-label={t("accounting.nav.label")}>
      <ul className={css.nav}>
        {MONEY_PAGES.map((page) => (
          <li key={page}>
            <Link className={css.navLink} to={to(`backoffice/${page}`)} aria-current={page === current ? "page" : undefined}>
              {t(`accounting.nav.${page}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
