/** The directory's city page: a small section with the city's next events (issue 29 item 6). Nothing when there are none. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { EventTileData } from "~/api/community.server";
import { localePath } from "~/i18n/lang";
import { EventTiles } from "./Tiles";

export function CityEvents({ events, city, lang }: { events: EventTileData[]; city: string; lang: Language }) {
  const { t } = useTranslation("community");
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="city-events-heading" data-testid="city-events">
      <h2 id="city-events-heading">{t("community.events.city_heading", { city })}</h2>
      <EventTiles events={events} lang={lang} />
      <p>
        <Link to={localePath(lang, "events")}>{t("community.events.city_all")}</Link>
      </p>
    </section>
  );
}
