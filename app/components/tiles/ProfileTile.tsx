import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { MediaImage } from "#server/contract/media";
import type { TileContactRule } from "#server/contract/messenger";
import { wholeEuros } from "#server/contract/prices";
import { distanceLabel } from "#server/contract/search-distance";
import { useLang, useLocalePath } from "~/i18n/lang";
import { formatDayMonth } from "~/utils/calendar-date";
import { priceText } from "~/utils/money";
import { useNumbers } from "~/utils/numbers";
import { TileImage } from "./TileImage";
import * as css from "./tiles.css";

/** What one tile shows; every list (search hits, directory profiles) maps its items to this. */
export interface ProfileTileView {
  key: number;
  username: string;
  displayName: string;
  age: number | null;
  cityName: string | null;
  avatar: MediaImage | null;
  distanceKm?: number | null;
  price?: { durationMinutes: number; priceEur: number } | null;
  reviewCount?: number;
  ratingAvg?: number | null;
  isMember?: boolean;
  /** Listed because of an active tour here (ADR 028): the tour city and its dates replace the home city. */
  tour?: { cityName: string; dateFrom: string; dateTo: string } | null;
  /** The contact rule that keeps this viewer from writing first (a new or hot escort: plus only; ADR 068). */
  contactRule?: TileContactRule | null;
  /** How long ago the profile rose (a rise-up, ADR 084), within 72 hours. */
  risen?: "0-24" | "24-72" | null;
  /** A list's own line under the place (favorites and visitors: since when, last visit). */
  note?: string | null;
  /** The viewer's private note on this profile (notes, plus), the start of it: only its author sees the list. */
  privateNote?: string | null;
  /**
   * A verified webcam check (ADR 107). The whole tile is a link, so the badge's explanation (a details element)
   * is on the profile the tap leads to.
   */
  photosReal?: boolean;
}

/** How much of a private note a tile shows: a first line, the whole note is on the profile. */
const PRIVATE_NOTE_PREVIEW = 80;

/** Tiles of the first row on the widest grid load eagerly (above the fold); the rest lazily. */
const EAGER_TILES = 4;
/** The first screen of a phone (two tiles) fetches its photos first. */
const PRIORITY_TILES = 2;

/** The profile photo grid every list page shows (search, home, nearby, directory, landing pages). */
export function ProfileTileGrid({ tiles, testId = "search-results" }: { tiles: ProfileTileView[]; testId?: string }) {
  return (
    <ul className={css.grid} data-testid={testId}>
      {tiles.map((tile, index) => (
        <li key={tile.key}>
          <ProfileTile tile={tile} eager={index < EAGER_TILES} priority={index < PRIORITY_TILES} />
        </li>
      ))}
    </ul>
  );
}

/** One profile: photo, name and age, place, price and reviews — all one link to the profile. */
export function ProfileTile({ tile, eager, priority = false }: { tile: ProfileTileView; eager: boolean; priority?: boolean }) {
  const { t } = useTranslation();
  const numbers = useNumbers();
  const lang = useLang();
  const to = useLocalePath();
  const place = [
    tile.tour ? tile.tour.cityName : tile.cityName,
    tile.distanceKm !== null && tile.distanceKm !== undefined ? distanceLabel(tile.distanceKm) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <Link className={css.tile} to={to(`p/${tile.username}`)} data-testid="search-tile">
      <span className={css.media}>
        <TileImage image={tile.avatar} initial={tile.displayName.slice(0, 1)} eager={eager} priority={priority} />
        {tile.isMember ? <span className={css.badge}>{t("tile.plus")}</span> : null}
      </span>
      <span className={css.body}>
        <span className={css.name}>
          {tile.displayName}
          {tile.age !== null ? `, ${tile.age}` : ""}
        </span>
        {place ? <span className={css.line}>{place}</span> : null}
        {tile.tour ? (
          <span className={css.line} data-testid="tile-tour">
            {t("tile.in_town", { from: formatDayMonth(tile.tour.dateFrom, lang), to: formatDayMonth(tile.tour.dateTo, lang) })}
          </span>
        ) : null}
        {tile.contactRule ? (
          <span className={css.ruleLine} data-testid="tile-contact-rule">
            {t(`contact_rules.tile.${tile.contactRule}`)}
          </span>
        ) : null}
        {tile.photosReal ? (
          <span className={css.line} data-testid="tile-photos-real">
            <span aria-hidden="true">✓</span> {t("verification_badges.photos_real.label")}
          </span>
        ) : null}
        {tile.risen ? (
          <span className={css.line} data-testid="tile-risen">
            {t(`tile.risen.${tile.risen}`)}
          </span>
        ) : null}
        {tile.note ? (
          <span className={css.line} data-testid="tile-note">
            {tile.note}
          </span>
        ) : null}
        {tile.privateNote ? (
          <span className={css.line} data-testid="tile-private-note">
            {t("tile.private_note", {
              text:
                tile.privateNote.length > PRIVATE_NOTE_PREVIEW
                  ? `${tile.privateNote.slice(0, PRIVATE_NOTE_PREVIEW).trimEnd()}…`
                  : tile.privateNote,
            })}
          </span>
        ) : null}
        {tile.price ? (
          <span className={css.line} data-testid="tile-price">
            {t(tile.price.durationMinutes === 60 ? "tile.per_hour" : "tile.per_minutes", {
              price: priceText(t, lang, wholeEuros(tile.price.priceEur)),
              minutes: tile.price.durationMinutes,
            })}
          </span>
        ) : null}
        {tile.reviewCount ? (
          <span className={css.line} data-testid="tile-reviews">
            {t("tile.review_count", { count: tile.reviewCount, n: numbers.count(tile.reviewCount) })}
            {tile.ratingAvg ? ` (${numbers.oneDecimal(tile.ratingAvg)} ★)` : ""}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
