/**
 * schema.org `Event` for an event's page (issue 29 item 6): what search engines show of it — name, times with the
 * place's offset, place and address, organizer, price, status and cover. Only for accepted and cancelled events.
 */
import { USER_TYPE } from "#server/contract/users";
import { mediaFallbackUrl } from "#server/contract/media";
import type { EventDetailData } from "~/api/events.server";

/** An instant as ISO 8601 with the offset of the event's zone ("2026-12-24T20:00:00+01:00"), as the place reads it. */
export function isoInZone(ms: number, wall: string): string {
  const wallMs = Date.parse(`${wall}:00Z`);
  // The wall clock there minus the instant is the zone's offset at that moment (whole minutes).
  const offset = Math.round((wallMs - Math.floor(ms / 60_000) * 60_000) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${wall}:00${sign}${hh}:${mm}`;
}

export function eventJsonLd(event: EventDetailData, origin: string, path: string, lang: string) {
  const url = `${origin}${path}`;
  const organizerUrl = `${origin}/${lang}/p/${encodeURIComponent(event.organizer.username)}`;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description,
    url,
    startDate: isoInZone(event.startsAt, event.startsLocal),
    endDate: isoInZone(event.endsAt, event.endsLocal),
    eventStatus: event.statusName === "cancelled" ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: event.place.address || event.place.cityName,
      address: {
        "@type": "PostalAddress",
        ...(event.place.address ? { streetAddress: event.place.address } : {}),
        addressLocality: event.place.cityName,
        addressCountry: event.place.countryCode,
      },
      geo: { "@type": "GeoCoordinates", latitude: event.place.lat, longitude: event.place.lon },
    },
    organizer: {
      "@type": event.organizer.userType === USER_TYPE.business ? "Organization" : "Person",
      name: event.organizer.displayName,
      url: organizerUrl,
    },
    offers: {
      "@type": "Offer",
      price: event.price,
      priceCurrency: "EUR",
      url,
      availability: event.statusName === "cancelled" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
    },
    ...(event.cover ? { image: `${origin}${mediaFallbackUrl(event.cover)}` } : {}),
  };
}
