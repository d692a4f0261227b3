/**
 * Who may use the demo's dev routes (ADR 015, ADR 060): a TCP peer on this machine that also presents the
 * key printed at start. The peer alone is not enough: behind a reverse proxy on the same machine every
 * visitor arrives from 127.0.0.1, and the dev mailbox shows password-reset links.
 */
import { DEV_KEY_COOKIE, DEV_KEY_HEADER } from "../contract/dev";
import { isLoopbackAddress } from "../lib/network";
import { safeEqual } from "../lib/crypto";

const KEY_COOKIE = new RegExp(`(?:^|;\\s*)${DEV_KEY_COOKIE}=([^;]*)`);

/** The key a request presents: the X-Dev-Key header (scripts) or the dev_key cookie (a browser). */
export function presentedDevKey(headers: Headers): string | undefined {
  const header = headers.get(DEV_KEY_HEADER);
  if (header) return header;
  return KEY_COOKIE.exec(headers.get("cookie") ?? "")?.[1] || undefined;
}

/** A loopback peer with the right key; never true without a configured key. */
export function mayUseDevRoutes(peer: string | undefined, presented: string | undefined, key: string | undefined): boolean {
  return isLoopbackAddress(peer) && !!key && !!presented && safeEqual(presented, key);
}

/** The demo-only cookie that carries the key from the printed link to the next clicks: this browser, this site. */
export function devKeyCookie(key: string): string {
  return `${DEV_KEY_COOKIE}=${key}; Path=/; HttpOnly; SameSite=Strict`;
}
