/**
 * What an ad zone reads on every page, kept per API instance (ADR 154): a member's ad state (plus facts, ads off,
 * the partner-ads consent) and the live house creatives. Both change rarely and only through writes the shell cache
 * already forgets on (ADR 148), so they follow its forgetting (onShellForget): a member's own write (their ad
 * settings, their consent, a plus purchase) forgets their state here and on every instance; a staff write (a campaign,
 * a creative, a ban) or a provider's webhook forgets everything. Otherwise an entry lives the shell's time to live
 * (20 s; 0 turns both off with the shell cache).
 *
 * Exact by construction where it matters: plus is decided per call from the cached facts and the clock (it ends on
 * time), a campaign's start and end are compared with the clock per pick, and the daily caps are still read from the
 * database per zone (house.ts). A creative's impressions (the rotation's order) are the loaded count plus the pixels
 * this instance counted since; another instance's pixels show after the next load.
 */
import type { Selectable } from "kysely";
import type { ApiDeps } from "../../api/types";
import { perDatabase } from "../../api/per-database";
import type { PlusFacts } from "../access/index";
import { memberCacheTtlMs, onShellForget } from "../auth/index";
import type { AdCampaignsTable, AdCreativesTable } from "./schema";

/** A member's row as the zone decides from it. */
export interface MemberAdRow extends PlusFacts {
  user_type: number;
  ads_off: boolean;
  third_party: boolean;
}

/** A live (not paused) creative of a running or coming campaign, with its campaign's targeting (the tables' own types). */
export type CreativeRow = Pick<
  Selectable<AdCreativesTable>,
  "id" | "campaign_id" | "size" | "format" | "headline" | "text" | "image_key" | "alt_de" | "alt_en" | "alt_es" | "alt_pl" | "impressions"
> &
  Pick<Selectable<AdCampaignsTable>, "starts_at" | "ends_at" | "page_keys" | "languages" | "channels" | "cities" | "daily_cap">;

interface Entry<T> {
  expires: number;
  value: Promise<T>;
}

/** Members whose ad state is kept at most (the oldest go first), as many as the shell cache keeps. */
const MAX_MEMBERS = 20_000;

class ZoneCache {
  private readonly members = new Map<number, Entry<MemberAdRow | null>>();
  private creatives: Entry<CreativeRow[]> | null = null;

  constructor(private readonly deps: ApiDeps) {
    onShellForget(deps, (members) => {
      if (members !== null) for (const member of members) this.members.delete(member);
      else {
        this.members.clear();
        this.creatives = null;
      }
    });
  }

  member(userId: number, load: () => Promise<MemberAdRow | null>): Promise<MemberAdRow | null> {
    const ttl = memberCacheTtlMs();
    if (ttl === 0) return load();
    const now = this.deps.clock.now();
    const known = this.members.get(userId);
    if (known && known.expires > now) return known.value;
    if (!known && this.members.size >= MAX_MEMBERS) this.members.delete(this.members.keys().next().value!);
    const entry: Entry<MemberAdRow | null> = { expires: now + ttl, value: load() };
    this.members.set(userId, entry);
    // A failed load is not remembered.
    entry.value.catch(() => {
      if (this.members.get(userId) === entry) this.members.delete(userId);
    });
    return entry.value;
  }

  liveCreatives(load: () => Promise<CreativeRow[]>): Promise<CreativeRow[]> {
    const ttl = memberCacheTtlMs();
    if (ttl === 0) return load();
    const now = this.deps.clock.now();
    if (this.creatives && this.creatives.expires > now) return this.creatives.value;
    const entry: Entry<CreativeRow[]> = { expires: now + ttl, value: load() };
    this.creatives = entry;
    entry.value.catch(() => {
      if (this.creatives === entry) this.creatives = null;
    });
    return entry.value;
  }

  /** A pixel this instance counted: the cached creative moves back in the rotation at once. */
  counted(creativeId: number): void {
    void this.creatives?.value.then(
      (rows) => {
        const row = rows.find((candidate) => candidate.id === creativeId);
        if (row) row.impressions += 1;
      },
      () => undefined,
    );
  }
}

/** This API instance's zone cache (one per database handle, like the shell cache). */
const zoneCaches = perDatabase((deps) => new ZoneCache(deps));
export const zoneCacheOf = zoneCaches.of;
