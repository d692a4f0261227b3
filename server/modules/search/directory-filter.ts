/**
 * The SEO directory's condition (ADR 158), declared once and built twice: as SQL for the search's WHERE clause and as a
 * per-row predicate over the column index (ADR 151). A directory listing is the guests' view (members-only profiles
 * never listed) and, for some categories, "any of these trait options" of multiple-choice groups that search_profiles
 * does not hold; the index keeps those options as one bit per (group, option) pair of the directory's categories, per
 * user, loaded with its rows and refreshed through the same change log (migration 0130 logs trait changes). The search
 * filter's own trait groups (breast type, hair color and length, languages) and a business's kind are held the same
 * way (migration 0131, ADR 176).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { SEO_CATEGORIES } from "../../contract/seo";
import { MEMBERS_ONLY_USER_TYPES } from "../../contract/profiles";
import type { ApiDeps } from "../../api/types";
import type { Database } from "../../db/schema";
import { isGuestVisibleSearchRow } from "../access/index";
import { DIRECTORY_LOGGED_TRAIT_GROUPS } from "./migrations/0130_directory_trait_changes";
import { SEARCH_FILTER_LOGGED_TRAIT_GROUPS } from "./migrations/0131_search_trait_changes";
import { findTraitGroup } from "../../contract/trait-catalog";
import { BUSINESS_KINDS } from "../../contract/signup-types";
import type { FilterQuery } from "../../contract/search";

type EB = ExpressionBuilder<Database, "search_profiles">;

/** Some options of one trait group. */
export interface TraitOptions {
  group: string;
  optionIds: readonly number[];
}

/** What a directory category adds to its search; the plan carries it (plan.ts), both engines read it. */
export interface DirectoryCondition {
  /** The directory is public: guests' view for every viewer. */
  guestVisible: true;
  /** Any option of any of these groups (OR); absent or empty: no trait condition. */
  traits?: readonly TraitOptions[];
}

/** Some trait option of a group (multiple-choice groups that are not search_profiles columns). */
export function hasTraitOption(eb: EB, group: string, optionIds: readonly number[]) {
  return eb.exists(
    eb
      .selectFrom("profile_traits")
      .select(sql<number>`1`.as("one"))
      .whereRef("profile_traits.user_id", "=", "search_profiles.user_id")
      .where("profile_traits.group_key", "=", group)
      .where("profile_traits.option_id", "in", [...optionIds]),
  );
}

/** The condition as SQL (searchConditions ANDs it). */
export function directoryConditionSql(eb: EB, condition: DirectoryCondition): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [isGuestVisibleSearchRow(eb)];
  const traits = condition.traits ?? [];
  if (traits.length > 0) parts.push(eb.or(traits.map((t) => hasTraitOption(eb, t.group, t.optionIds))));
  return eb.and(parts);
}

const pairKey = (group: string, optionId: number) => `${group}:${optionId}`;

/**
 * The (group, option) pairs the index holds, each a bit of a user's words: those of the directory's categories whose
 * group the change log follows (0130), and every option of the search filter's groups that search_profiles does not
 * hold (0131: breast type, hair color and length, languages).
 */
const PAIR_BITS: ReadonlyMap<string, number> = (() => {
  const logged = new Set<string>(DIRECTORY_LOGGED_TRAIT_GROUPS);
  const bits = new Map<string, number>();
  const hold = (group: string, id: number) => {
    if (!bits.has(pairKey(group, id))) bits.set(pairKey(group, id), bits.size);
  };
  for (const category of Object.values(SEO_CATEGORIES))
    for (const { group, optionIds } of ("traits" in category ? category.traits : []) as readonly TraitOptions[])
      for (const id of optionIds) if (logged.has(group)) hold(group, id);
  for (const group of SEARCH_FILTER_LOGGED_TRAIT_GROUPS) for (const option of findTraitGroup(group)?.options ?? []) hold(group, option.id);
  return bits;
})();
/** 32-bit words per user. */
const WORDS = Math.max(1, Math.ceil(PAIR_BITS.size / 32));

/**
 * The options the index loads, by group. Always named, even where every option of a group is held: the statement then
 * seeks (group, option, user range) in the filter index for each option instead of reading the group's every row.
 */
const LOADED: ReadonlyArray<{ group: string; optionIds: number[] }> = (() => {
  const byGroup = new Map<string, number[]>();
  for (const key of PAIR_BITS.keys()) {
    const at = key.lastIndexOf(":");
    const group = key.slice(0, at);
    byGroup.set(group, [...(byGroup.get(group) ?? []), Number(key.slice(at + 1))]);
  }
  return [...byGroup].map(([group, optionIds]) => ({ group, optionIds }));
})();

/** Some of a user's bits: (word, bits) pairs, any of which set means a hit; empty matches nobody. */
type TraitMask = ReadonlyArray<readonly [word: number, bits: number]>;

/** The bits of some trait options; null where some option is not held (the search takes the SQL path). */
function maskOf(traits: readonly TraitOptions[]): TraitMask | null {
  const words = new Map<number, number>();
  for (const { group, optionIds } of traits)
    for (const id of optionIds) {
      const bit = PAIR_BITS.get(pairKey(group, id));
      if (bit === undefined) return null;
      const word = bit >>> 5;
      words.set(word, (words.get(word) ?? 0) | (1 << (bit & 31)));
    }
  return [...words];
}

/** Whether the column index can answer this condition. */
export function directoryIndexable(condition: DirectoryCondition): boolean {
  return maskOf(condition.traits ?? []) !== null;
}

/** The option ids of spoken-language keys (the filter names languages by ISO 639-1 key); unknown keys name none. */
export function languageOptionIds(keys: readonly string[]): number[] {
  const options = findTraitGroup("languages")?.options ?? [];
  return keys.flatMap((key) => options.filter((o) => o.key === key).map((o) => o.id));
}

/** The filter's conditions on trait groups that search_profiles does not hold: each group's options, any of them. */
type TraitFilter = Pick<FilterQuery, "breast_type" | "hair_color" | "hair_length" | "language" | "escort_service">;

/** The filter's trait conditions as groups of options (AND between them, any option within one). */
export function filterTraitOptions(filter: TraitFilter): TraitOptions[] {
  const groups: TraitOptions[] = [];
  for (const group of ["breast_type", "hair_color", "hair_length"] as const) {
    const ids = filter[group];
    if (ids && ids.length > 0) groups.push({ group, optionIds: ids });
  }
  if (filter.escort_service && filter.escort_service.length > 0) groups.push({ group: "escort_service", optionIds: filter.escort_service });
  if (filter.language && filter.language.length > 0) groups.push({ group: "languages", optionIds: languageOptionIds(filter.language) });
  return groups;
}

/** Whether the column index holds every trait condition of this filter. */
export function filterTraitsIndexable(filter: TraitFilter): boolean {
  return filterTraitOptions(filter).every((t) => maskOf([t]) !== null);
}

type TraitDb = ApiDeps["db"];
type TraitRow = { user_id: number; group_key: string; option_id: number };
type KindRow = { id: number; business_kind: string | null };
/** A user's trait rows and business kind, read when the change log names the user. */
export interface OffRowFacts {
  traits: TraitRow[];
  kinds: KindRow[];
}

/** A business kind as a small code (0: none). */
const KIND_CODE: ReadonlyMap<string, number> = new Map(BUSINESS_KINDS.map((kind, i) => [kind, i + 1]));

/**
 * What the index holds per user id beside search_profiles' columns: the held trait options as bits (WORDS words per
 * user) and a business's kind.
 */
export class TraitBits {
  private words = new Uint32Array(0);
  private kinds = new Uint8Array(0);

  /** Whether the user has some option of the mask. */
  any(userId: number, mask: TraitMask): boolean {
    if (userId < 0 || userId >= this.kinds.length) return false;
    const base = userId * WORDS;
    for (const [word, bits] of mask) if ((this.words[base + word]! & bits) !== 0) return true;
    return false;
  }

  kindOf(userId: number): number {
    return userId >= 0 && userId < this.kinds.length ? this.kinds[userId]! : 0;
  }

  private room(userId: number) {
    if (userId < this.kinds.length) return;
    const users = Math.max(userId + 1, this.kinds.length * 2, 1024);
    const words = new Uint32Array(users * WORDS);
    words.set(this.words);
    this.words = words;
    const kinds = new Uint8Array(users);
    kinds.set(this.kinds);
    this.kinds = kinds;
  }

  private apply({ traits, kinds }: OffRowFacts) {
    for (const row of traits) {
      const bit = PAIR_BITS.get(pairKey(row.group_key, Number(row.option_id)));
      if (bit === undefined) continue;
      const userId = Number(row.user_id);
      this.room(userId);
      this.words[userId * WORDS + (bit >>> 5)]! |= 1 << (bit & 31);
    }
    for (const row of kinds) {
      const userId = Number(row.id);
      this.room(userId);
      this.kinds[userId] = (row.business_kind !== null && KIND_CODE.get(row.business_kind)) || 0;
    }
  }

  /** Loads the users after `after` up to `upto` (null: no upper bound): one statement per group (its filter index). */
  async loadRange(db: TraitDb, after: number, upto: number | null): Promise<void> {
    for (const { group, optionIds } of LOADED) {
      const traits = await db
        .selectFrom("profile_traits")
        .select(["profile_traits.user_id", "profile_traits.group_key", "profile_traits.option_id"])
        .where("profile_traits.group_key", "=", group)
        .where("profile_traits.option_id", "in", optionIds)
        .where("profile_traits.user_id", ">", after)
        .$if(upto !== null, (qb) => qb.where("profile_traits.user_id", "<=", upto!))
        .execute();
      this.apply({ traits, kinds: [] });
    }
    const kinds = await db
      .selectFrom("users")
      .select(["users.id", "users.business_kind"])
      .where("users.id", ">", after)
      .$if(upto !== null, (qb) => qb.where("users.id", "<=", upto!))
      .where("users.business_kind", "is not", null)
      .execute();
    this.apply({ traits: [], kinds });
  }

  /** These users' held facts, read (the change log named them); `replace` then applies them. */
  async read(db: TraitDb, userIds: readonly number[]): Promise<OffRowFacts> {
    if (userIds.length === 0) return { traits: [], kinds: [] };
    const [traits, kinds] = await Promise.all([
      db
        .selectFrom("profile_traits")
        .select(["profile_traits.user_id", "profile_traits.group_key", "profile_traits.option_id"])
        .where("profile_traits.user_id", "in", [...userIds])
        .where(
          "profile_traits.group_key",
          "in",
          LOADED.map((l) => l.group),
        )
        .execute(),
      db
        .selectFrom("users")
        .select(["users.id", "users.business_kind"])
        .where("users.id", "in", [...userIds])
        .execute(),
    ]);
    return { traits, kinds };
  }

  /** These users' facts are now `facts` (no await: applied together with their index rows). */
  replace(userIds: readonly number[], facts: OffRowFacts): void {
    for (const id of userIds)
      if (id >= 0 && id < this.kinds.length) {
        this.words.fill(0, id * WORDS, (id + 1) * WORDS);
        this.kinds[id] = 0;
      }
    this.apply(facts);
  }
}

/** The columns of the index the predicate reads (structural: the index's store, without importing it). */
interface Rows {
  userId: Int32Array;
  userType: Int32Array;
  membersOnly: Uint8Array;
}

const MEMBERS_ONLY_TYPES = new Set<number>(MEMBERS_ONLY_USER_TYPES);

/**
 * The conditions on what the index holds beside search_profiles' columns, over its rows by slot: the directory's
 * (guests' view, any of its trait options), the filter's trait groups (any option of each), the business kind. Null:
 * nothing to check.
 */
export function offRowFilter(
  plan: { directory?: DirectoryCondition | undefined; filter: TraitFilter & Pick<FilterQuery, "business_kind"> },
  rows: Rows,
  traits: TraitBits | null,
  guestViewer: boolean,
): ((slot: number) => boolean) | null {
  const checks: Array<(slot: number) => boolean> = [];
  const { directory, filter } = plan;
  const held = (t: TraitOptions) => {
    const mask = maskOf([t]);
    if (mask === null || !traits) throw new Error("directory-filter: the index does not hold this condition");
    return mask;
  };
  if (directory) {
    const options = directory.traits ?? [];
    const mask = options.length > 0 ? maskOf(options) : [];
    if (mask === null || (mask.length > 0 && !traits)) throw new Error("directory-filter: the index does not hold this condition");
    // A guest's search already is the guests' view (its own rule); a member's is narrowed to it here.
    if (!guestViewer) checks.push((slot) => rows.membersOnly[slot] === 0 && !MEMBERS_ONLY_TYPES.has(rows.userType[slot]!));
    if (mask.length > 0) checks.push((slot) => traits!.any(rows.userId[slot]!, mask));
  }
  for (const group of filterTraitOptions(filter)) {
    const mask = held(group);
    checks.push((slot) => traits!.any(rows.userId[slot]!, mask));
  }
  if (filter.business_kind) {
    if (!traits) throw new Error("directory-filter: the index does not hold business kinds");
    const code = KIND_CODE.get(filter.business_kind)!;
    checks.push((slot) => traits.kindOf(rows.userId[slot]!) === code);
  }
  if (checks.length === 0) return null;
  if (checks.length === 1) return checks[0]!;
  return (slot) => checks.every((check) => check(slot));
}
