import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ResultTiles } from "~/components/search/ResultTiles";
import { useNumbers } from "~/utils/numbers";
import * as ui from "~/styles/ui.css";
import { Pager } from "~/components/search/Pager";
import { RadiusField } from "./HomeParts";
import { PopFilterChips, type Chip } from "./PopFilterChips";

export interface NearbyProps {
  variant: "nearby" | "nearby-pop";
  placeName: string | null;
  position: { lat: number; lon: number } | null;
  cityInput: string;
  radius: number;
  popFilters: string | null;
  chips: Chip[];
  clearPath: string | null;
  searched: boolean;
  tiles: Parameters<typeof ResultTiles>[0]["tiles"];
  total: number;
  page: number;
  pages: number;
  query: string;
}

/** Nearest first: a GET form for the place and radius (no JavaScript needed), the list and its pages. */
export function Nearby(props: NearbyProps) {
  const { t } = useTranslation();
  const { count } = useNumbers();
  return (
    <main className={ui.page}>
      <h1>{t("nearby.headline")}</h1>
      <p>
        {props.position
          ? t("nearby.intro_position")
          : t("nearby.intro", { place: props.placeName ?? (props.cityInput || t("home.default_city")) })}
      </p>
      <Form method="get" className={ui.row} data-testid="nearby-form">
        {props.position ? (
          // A position wins over a typed city: offer to drop it instead of a field that would be ignored.
          <p className={ui.field} data-testid="nearby-position">
            <span className={ui.label}>{t("search.city")}</span>
            <span>{t("search.near_position")}</span>
            <Link to={props.popFilters ? `?popFilters=${encodeURIComponent(props.popFilters)}` : "?"} data-testid="nearby-reset-position">
              {t("search.actions.reset_radius_and_position")}
            </Link>
          </p>
        ) : (
          <label className={ui.field}>
            <span className={ui.label}>{t("search.city")}</span>
            <input className={ui.input} name="city" defaultValue={props.cityInput} autoComplete="address-level2" maxLength={80} />
          </label>
        )}
        <RadiusField radius={props.radius} />
        {props.popFilters ? <input type="hidden" name="popFilters" value={props.popFilters} /> : null}
        {props.position ? (
          <>
            <input type="hidden" name="lat" value={props.position.lat} />
            <input type="hidden" name="lon" value={props.position.lon} />
          </>
        ) : null}
        <button type="submit" className={ui.button}>
          {t("search.submit")}
        </button>
      </Form>
      <PopFilterChips chips={props.chips} clearPath={props.clearPath} />
      {props.searched ? (
        <p role="status" data-testid="search-total">
          {t("search.total_compact", { count: props.total, n: count(props.total) })}
        </p>
      ) : (
        <p role="status">{t("search.location_needed")}</p>
      )}
      <ResultTiles tiles={props.tiles} />
      <Pager query={props.query} page={props.page} pages={props.pages} />
    </main>
  );
}
