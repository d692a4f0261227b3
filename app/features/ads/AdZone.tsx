/**
 * One ad zone (ADR 131; its markup in ./AdZoneMarkup): markup and links only, so a hydrated page keeps the server's
 * HTML of it and loads none of its code (a server island, ADR 162).
 */
import type { AdZoneView } from "~/features/ads/ads.server";
import { serverIsland } from "~/components/ServerIsland";

const Zone = serverIsland("ad-zone", () => import("./AdZoneMarkup"));

/** The zone inside a page's own layout. No zone without a placement: an empty box would only cost room. */
export function AdZone({ zone, pageKey }: { zone: AdZoneView | null; pageKey: string }) {
  return zone && (zone.placement || zone.wide) ? <Zone data={zone} pageKey={pageKey} slot={false} /> : null;
}

/** The zone under a page whose layout belongs to another feature: in the page's width, above the footer. */
export function AdSlot({ zone, pageKey }: { zone: AdZoneView | null; pageKey: string }) {
  return zone && (zone.placement || zone.wide) ? <Zone data={zone} pageKey={pageKey} slot /> : null;
}
