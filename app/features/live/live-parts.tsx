/**
 * What the live pages share (issue 31, ADR 124): the live menu and a stream's badges. Apart from LivePages.tsx so
 * that the watch page, the one hydrated live page, carries only its own page's code (ADR 155); the start and edit
 * forms' fields are in ./stream-fields.tsx (the watch page shows them to the creator only, ADR 168).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { livePaths } from "#server/contract/live-paths";
import type { LiveStreamItemData } from "~/api/live-streams.server";
import { useLocalePath } from "~/i18n/lang";
import { usePriceText } from "~/utils/money";
import * as css from "./live.css";

type Stream = LiveStreamItemData;

export function useDollars() {
  const price = usePriceText();
  return (amount: number) => price({ amount, currency: "dollar" });
}

/** The spec's live menu: browse, start, streaming live (the creator's streams), watch recording. */
export function LiveMenu({ current }: { current: "browse" | "start" | "recordings" | "mine" | null }) {
  const { t } = useTranslation("live");
  const to = useLocalePath();
  const items = [
    { key: "browse", path: livePaths.browse },
    { key: "start", path: livePaths.start },
    { key: "recordings", path: livePaths.recordings },
    { key: "mine", path: livePaths.myRecordings },
  ] as const;
  return (
    <nav aria-label={t("live.menu.label")}>
      <ul className={css.menu}>
        {items.map((item) => (
          <li key={item.key}>
            <Link
              className={item.key === current ? css.menuCurrent : css.menuLink}
              to={to(item.path)}
              aria-current={item.key === current ? "page" : undefined}
            >
              {t(`live.menu.${item.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function StreamBadges({ stream }: { stream: Stream }) {
  const { t } = useTranslation("live");
  const dollars = useDollars();
  return (
    <span className={css.badges}>
      {stream.state === "live" ? <span className={css.liveBadge}>{t("live.badge.live")}</span> : null}
      <span className={css.badge}>{t(`live.category.${stream.category}`)}</span>
      {stream.audience === "paid" && stream.price !== null ? (
        <span className={css.priceBadge} data-testid="live-price-badge">
          {dollars(stream.price)}
        </span>
      ) : stream.audience !== "logged_in" ? (
        <span className={css.badge}>{t(`live.audience_badge.${stream.audience}`)}</span>
      ) : null}
    </span>
  );
}
