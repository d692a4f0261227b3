/**
 * The ad-server port (ADR 131): given one zone request, an ad server answers what the zone shows, or nothing. The
 * embedded default serves house ads from our own tables (house.ts); a partner server in the shape of Revive
 * Adserver's iframe zone invocation (revive.ts) is asked first only when it is configured and the viewer consented
 * to partner ads (§ 25 TDDDG) — its frame loads from the partner's host, so without consent it is never asked.
 */
import type { AdChannel, AdPageKey, AdPlacement, AdSize } from "../../contract/ads";
import type { Language } from "../../contract/locales";

export interface ZoneRequest {
  pageKey: AdPageKey;
  size: AdSize;
  /** The city the page is about or the viewer searched in (lower case), when there is one. */
  city: string | null;
  language: Language;
  channel: AdChannel;
  /**
   * The frequency key: a keyed hash of the day and the visitor id (nothing that names a person, a new one each day);
   * null when the caller sent none — then campaigns with a cap are not shown.
   */
  viewerKey: string | null;
  /** The day the caps count in (days since the epoch, UTC). */
  day: number;
}

export interface AdServer {
  readonly name: string;
  pick(request: ZoneRequest): Promise<AdPlacement | null>;
}
