/**
 * The popular filters as chips: the one part of the home pages' search parts the hydrated member homes show, in a
 * module of its own so they carry none of the quick search form (ADR 155).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";

/** A popular-filter chip as the pages get it from their loaders. */
export interface Chip {
  slug: string;
  key: string;
  /** Path after the language, with its query. */
  path: string;
  active: boolean;
}

/** The popular filters as links (they work without JavaScript); the active one is marked. */
export function PopFilterChips({ chips, clearPath }: { chips: Chip[]; clearPath?: string | null }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  if (chips.length === 0) return null;
  return (
    <nav aria-label={t("home.pop_filters_heading")} data-testid="pop-filters">
      <h2>{t("home.pop_filters_heading")}</h2>
      <ul className={ui.row} style={{ listStyle: "none", padding: 0 }}>
        {chips.map((chip) => (
          <li key={chip.slug}>
            <Link
              className={chip.active ? ui.button : ui.buttonSecondary}
              to={to(chip.path)}
              aria-current={chip.active ? "true" : undefined}
              data-testid={`pop-filter-${chip.slug}`}
            >
              {t(`search.pop_filters.${chip.key}`)}
            </Link>
          </li>
        ))}
        {clearPath ? (
          <li>
            <Link className={ui.linkButton} to={to(clearPath)}>
              {t("home.pop_filters_clear")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
