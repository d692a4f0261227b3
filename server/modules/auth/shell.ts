/**
 * The layout's data in one call, cached per member (ADR 148): GET /user/shell answers what every signed-in page's
 * chrome shows — the viewer as /user/data answers it (counts included) and the announcement bar — from a cache keyed
 * by the access token (so by member: a token belongs to one member), language and the guest cookie's dismissed ids.
 *
 * What forgets a member's entries (on every instance: the forget travels over the realtime bus):
 * - any write the member makes through the API (a non-GET call with their token), except the few that never touch
 *   the shell (SHELL_NEUTRAL_WRITES: searches sent as POST, the activity tracker's batches, ad clicks, sign-ins);
 * - a bus event addressed to the member that changes a count the shell shows (SHELL_EVENTS: a message, a read thread,
 *   a changed thread, a notification, the wallet);
 * - a write by staff or by no member at all (back office, webhooks of payment and age-verification providers,
 *   e-mail confirmation) forgets every member's entries: such writes are rare and may change anyone's shell (a
 *   guest's sign-up and reset-mail request excepted).
 * Plus that ends at plus_until and an announcement that ends are not served past that instant. Anything else (a date
 * that runs out by the clock, a scheduled announcement that starts) shows at most SHELL_TTL_MS late. /user/data itself is never cached: what decides access reads it exactly.
 */
import type { Context } from "hono";
import { CHROME_CACHE_TTL_MS, chromeCacheTtlMs } from "../../api/cache-ttl";
import { perDatabase } from "../../api/per-database";
import type { ApiDeps, ApiEnv, AuthUser } from "../../api/types";
import { ACTIVITY_API_PATH } from "../../contract/activity";
import { isStaffUserType } from "../../contract/users";
import type { Language } from "../../contract/locales";
import type { RealtimeEnvelope, RealtimeEvent } from "../../contract/realtime";
import type { UserShell } from "../../contract/user-data";
import { activeAnnouncements } from "../notifications/index";
import { getUserData } from "./user-data";

/** How long a cached shell may be served when nothing forgot it (ADR 148). */
export const SHELL_TTL_MS = CHROME_CACHE_TTL_MS;

/** The time to live in use (SHELL_CACHE_TTL_MS overrides it, 0 turns the cache off: server/api/cache-ttl.ts). */
const shellTtlMs = chromeCacheTtlMs;

/**
 * The time to live of the per-member caches that forget with the shell (ADR 154: the ad slot's); 0 when the shell
 * cache is off, since what makes the shell unsafe to cache (writes past the API) makes them unsafe too.
 */
export const memberCacheTtlMs = (): number => shellTtlMs;

/** Told what the shell cache forgets: these members' entries, or (null) everyone's. */
export type ForgetListener = (members: readonly number[] | null) => void;
/** Members whose shells are kept at most (the oldest go first); a few MB at ~2 KB per shell. */
export const SHELL_CACHE_MAX_MEMBERS = 20_000;

/** Bus events that change a count or a figure of the shell of the members they are sent to. */
const SHELL_EVENTS: ReadonlySet<RealtimeEvent["type"]> = new Set(["message", "thread_read", "thread_changed", "notification", "wallet"]);

/**
 * Non-GET calls that change nobody's shell: they forget nothing (the frequent ones; every other write forgets). Reads
 * sent as POST (the searches, whose filters are a body; checks of a value) and beacons.
 */
const SHELL_NEUTRAL_WRITES: readonly RegExp[] = [
  /^\/api\/v2\/search\//,
  /^\/api\/v2\/payment\/(validate-iban|vat-check)$/,
  /^\/api\/v2\/registration\/password\/validate$/,
  new RegExp(`^${ACTIVITY_API_PATH}$`),
  /^\/api\/v2\/ads\/creatives\/\d+\/click$/,
  // A sign-in or a refresh makes a new token, and the cache is keyed by token.
  /^\/oauth\/v2\/token$/,
  // Its requests pass through the API one by one, each forgetting for itself.
  /^\/api\/v2\/batch$/,
];

/** A guest's sign-up creates only the new account, a reset mail changes nothing yet: nobody's shell changes. */
const GUEST_NEUTRAL_WRITES = /^\/api\/v2\/registration\/(sign-up|password\/forgot)$/;

/** One cached answer: the shell and its JSON text, as the route sends it. */
export interface CachedShell {
  shell: UserShell;
  json: string;
}

interface Entry {
  expires: number;
  value: Promise<CachedShell>;
}

/** One API instance's cache (per database handle, like the API app it serves). */
class ShellCache {
  private readonly members = new Map<number, Map<string, Entry>>();
  readonly listeners = new Set<ForgetListener>();

  constructor(private readonly deps: ApiDeps) {
    deps.bus.subscribe((envelope) => this.heard(envelope));
  }

  get(user: AuthUser, lang: Language, dismissed: readonly number[]): Promise<CachedShell> {
    const now = this.deps.clock.now();
    const key = `${user.tokenId}:${lang}:${dismissed.join(",")}`;
    let shells = this.members.get(user.id);
    const known = shells?.get(key);
    if (known && known.expires > now) return known.value;
    if (shellTtlMs === 0) return loadShell(this.deps, user, lang, dismissed);
    if (!shells) {
      if (this.members.size >= SHELL_CACHE_MAX_MEMBERS) this.members.delete(this.members.keys().next().value!);
      shells = new Map();
      this.members.set(user.id, shells);
    }
    const entry: Entry = { expires: now + shellTtlMs, value: loadShell(this.deps, user, lang, dismissed) };
    shells.set(key, entry);
    // What ends by the clock ends on time: plus at plus_until, an announcement at its end (ADR 061: plus ends for the
    // web tier and the API at once).
    void entry.value.then(
      ({ shell }) => {
        entry.expires = Math.min(entry.expires, ...clockEdgesOf(shell, now));
      },
      () => undefined,
    );
    // A failed load is not remembered; a load that a forget overtook is not either (the map no longer holds it).
    entry.value.catch(() => {
      if (this.members.get(user.id)?.get(key) === entry) this.members.get(user.id)!.delete(key);
    });
    return entry.value;
  }

  /** Drops the shells of these members (null: of everyone) on this instance. */
  forget(members: readonly number[] | null): void {
    if (members === null) this.members.clear();
    else for (const member of members) this.members.delete(member);
    for (const listener of this.listeners) listener(members);
  }

  private heard({ to, event }: RealtimeEnvelope): void {
    if (event.type === "shell_changed") this.forget(event.members);
    else if (SHELL_EVENTS.has(event.type)) this.forget(to);
  }

  get size(): number {
    return this.members.size;
  }
}

/** The instants after `now` at which the shell changes by the clock alone. */
function clockEdgesOf({ user, announcements }: UserShell, now: number): number[] {
  const edges: number[] = [];
  const plusUntil = user.entitlements.plus ? user.entitlements.plus_until : null;
  if (plusUntil !== null && plusUntil > now) edges.push(plusUntil);
  for (const item of announcements.items) if (item.ends_at !== null && item.ends_at > now) edges.push(item.ends_at);
  return edges;
}

async function loadShell(deps: ApiDeps, user: AuthUser, lang: Language, dismissed: readonly number[]): Promise<CachedShell> {
  const [data, announcements] = await Promise.all([
    getUserData(deps, user.id, user.tokenId),
    activeAnnouncements(deps, lang, user.id, [...dismissed]),
  ]);
  const shell: UserShell = { user: data, announcements };
  return { shell, json: JSON.stringify(shell) };
}

const caches = perDatabase((deps) => new ShellCache(deps));

/** The member's shell for this token, language and dismissed ids: cached, else loaded (concurrent asks share a load). */
export function userShell(deps: ApiDeps, user: AuthUser, lang: Language, dismissed: readonly number[]): Promise<CachedShell> {
  return caches.of(deps).get(user, lang, dismissed);
}

/**
 * Another per-member cache of this API instance follows the shell's forgetting (ADR 154): `listener` hears every
 * forget the shell cache makes — a member's own write, the bus events of their counts, a staff or provider write
 * (null: everyone) — here and, through the bus, on every instance.
 */
export function onShellForget(deps: ApiDeps, listener: ForgetListener): void {
  caches.of(deps).listeners.add(listener);
}

/** How many members' shells this instance holds (tests). */
export function cachedShellMembers(deps: ApiDeps): number {
  return caches.existing(deps)?.size ?? 0;
}

/**
 * After an API call (the API's middleware): a write forgets the shells it may have changed, here at once (the page
 * after a form's redirect reads fresh) and on the other instances over the bus. Reads forget nothing.
 */
export function forgetShellsAfter(c: Context<ApiEnv>): void {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  const path = c.req.path;
  if (SHELL_NEUTRAL_WRITES.some((pattern) => pattern.test(path))) return;
  const deps = c.get("deps");
  const user = c.get("user");
  if (!user && GUEST_NEUTRAL_WRITES.test(path)) return;
  const members = user && !isStaffUserType(user.userType) ? [user.id] : null;
  // Nothing cached yet on this instance (no shell, no follower): the other instances still hear it.
  caches.existing(deps)?.forget(members);
  void deps.bus.publish({ to: [], event: { type: "shell_changed", members } });
}
