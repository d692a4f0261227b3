/**
 * A partner ad server in the shape of Revive Adserver's iframe zone invocation (ADR 131): the zone renders an
 * <iframe> whose address is the server's delivery script `afr.php` with `zoneid` (the Revive zone configured for the
 * page key and size) and `cb` (a cache buster), as Revive's generated iframe tags do. The frame is loaded by the
 * browser from the partner's host — the reason it is asked only after consent (service.ts). No script of ours or
 * theirs runs in our page: the frame is sandboxed. Which zone serves what is configuration (REVIVE_ZONES); we send
 * no page address, no visitor id and no member data, only the channel as Revive's `source` parameter (assumption,
 * ADR 131: the operator targets plus members' own channel there).
 */
import { randomBytes } from "node:crypto";
import { AD_PAGE_KEYS, AD_SIZES, AD_SIZE_NAMES, type AdPageKey, type AdSize } from "../../contract/ads";
import type { AdServer, ZoneRequest } from "./ad-server";

export type ReviveZones = ReadonlyMap<string, number>;

const zoneKey = (pageKey: AdPageKey | "*", size: AdSize) => `${pageKey}:${size}`;

/**
 * REVIVE_ZONES: comma-separated `pageKey:size=zoneId` entries, `*` for every page key. Unknown page keys, sizes or
 * non-numeric zone ids are refused (the process does not start with a typo that would show nothing).
 */
export function parseReviveZones(spec: string): ReviveZones {
  const zones = new Map<string, number>();
  for (const entry of spec
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z_*]+):(\d+x\d+)=(\d+)$/.exec(entry);
    if (!match) throw new Error(`REVIVE_ZONES: cannot read "${entry}" (pageKey:size=zoneId)`);
    const [, pageKey = "", size = "", zoneId = ""] = match;
    if (pageKey !== "*" && !(AD_PAGE_KEYS as readonly string[]).includes(pageKey))
      throw new Error(`REVIVE_ZONES: unknown page key ${pageKey}`);
    if (!(AD_SIZE_NAMES as string[]).includes(size)) throw new Error(`REVIVE_ZONES: unknown size ${size}`);
    zones.set(`${pageKey}:${size}`, Number(zoneId));
  }
  return zones;
}

export function createReviveAdServer(
  deliveryUrl: string,
  zones: ReviveZones,
  cacheBuster = () => randomBytes(6).toString("hex"),
): AdServer {
  const base = new URL(deliveryUrl);
  // https only; plain http on this machine for a local test server.
  const local = base.hostname === "127.0.0.1" || base.hostname === "localhost";
  if (base.protocol !== "https:" && !(local && base.protocol === "http:")) throw new Error("REVIVE_DELIVERY_URL must be an https address");
  const root = base.href.endsWith("/") ? base.href : `${base.href}/`;
  return {
    name: "revive",
    async pick(request: ZoneRequest) {
      const zoneId = zones.get(zoneKey(request.pageKey, request.size)) ?? zones.get(zoneKey("*", request.size));
      if (zoneId === undefined) return null;
      const src = new URL("afr.php", root);
      src.searchParams.set("zoneid", String(zoneId));
      src.searchParams.set("source", request.channel);
      src.searchParams.set("cb", cacheBuster());
      const { width, height } = AD_SIZES[request.size];
      return {
        source: "partner",
        size: request.size,
        width,
        height,
        creative_id: null,
        format: null,
        headline: null,
        text: null,
        image_url: null,
        alt: "",
        frame_src: src.href,
        // Revive counts its own deliveries (afr.php, when the browser loads the frame): no pixel of ours.
        seen_url: null,
      };
    },
  };
}
