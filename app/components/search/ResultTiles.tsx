import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { distanceLabel } from "#server/contract/search";
import { LANGUAGE_TAGS, type Language } from "#server/contract/locales";
import type { MediaImage } from "#server/contract/media";
import { Picture } from "~/components/Picture";
import { useLang, useLocalePath } from "~/i18n/lang";
import { useNumbers } from "~/utils/numbers";
import * as ui from "~/styles/ui.css";

/** One search hit as the pages render it (a subset of the API's user-and-business hit). */
export interface Tile {
  userId: number;
  username: string;
  displayName: string;
  age: number | null;
  cityName: string | null;
  distanceKm: number | null;
  price: { durationMinutes: number; priceEur: number } | null;
  avatar: MediaImage | null;
  /** Counts the hit carries (the API has no photo count on hits). */
  reviewCount?: number;
  ratingAvg?: number | null;
}

const moneyFormats = new Map<Language, Intl.NumberFormat>();
/** Euro prices per language, built once per language (Intl formatters are costly to create). */
function money(lang: Language): Intl.NumberFormat {
  let format = moneyFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_TAGS[lang], { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
    moneyFormats.set(lang, format);
  }
  return format;
}

/** The result list of every search page (listing paths, home, nearby). */
export function ResultTiles({ tiles }: { tiles: Tile[] }) {
  const { t } = useTranslation();
  const numbers = useNumbers();
  const lang = useLang() as Language;
  const to = useLocalePath();
  return (
    <ul className={ui.stack} data-testid="search-results">
      {tiles.map((tile, i) => (
        <li key={tile.userId} className={ui.card} data-testid="search-tile">
          {tile.avatar ? <Picture image={tile.avatar} alt="" sizes="96px" width={96} height={96} priority={i < 2} /> : null}
          <Link to={to(`p/${tile.username}`)}>
            <strong>{tile.displayName}</strong>
          </Link>
          {tile.age !== null ? <span>, {tile.age}</span> : null}
          <span className={ui.muted}>
            {" "}
            {tile.cityName}
            {tile.distanceKm !== null ? ` · ${distanceLabel(tile.distanceKm)}` : ""}
          </span>
          {tile.price ? (
            <span data-testid="tile-price">
              {" "}
              ·{" "}
              {t(tile.price.durationMinutes === 60 ? "search.per_hour" : "search.per_minutes", {
                price: money(lang).format(tile.price.priceEur),
                minutes: tile.price.durationMinutes,
              })}
            </span>
          ) : null}
          {tile.reviewCount ? (
            <span className={ui.muted} data-testid="tile-reviews">
              {" "}
              · {t("search.review_count", { count: tile.reviewCount, n: numbers.count(tile.reviewCount) })}
              {tile.ratingAvg ? ` (${numbers.oneDecimal(tile.ratingAvg)} ★)` : ""}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
