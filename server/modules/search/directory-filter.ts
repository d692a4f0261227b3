/**
 * The SEO directory's condition (ADR 158), declared once and built twice: as SQL for the search's WHERE clause and as a
 * per-row predicate over the column index (ADR 151). A directory listing is the guests' view (members-only profiles
 * never listed) and, for some categories, "any of these trait options" of multiple-choice groups that search_profiles
 * does not hold; the index keeps those options as one bit per (group, option) pair of the directory's categories, per
 * user, loaded with its rows and refreshed through the same change log (migration 0130 logs trait changes).
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { SEO_CATEGORIES } from "../../contract/seo";
import { MEMBERS_ONLY_USER_TYPES } from "../../contract/profiles";
import type { ApiDeps } from "../../api/types";
import type { Database } from "../../db/schema";
import { isGuestVisibleSearchRow } from "../access/index";
import { DIRECTORY_LOGGED_TRAIT_GROUPS } from "./migrations/0130_directory_trait_changes";

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
 * The (group, option) pairs the index holds, each a bit: those of the directory's categories whose group the change
 * log follows (migration 0130). At most 32 (one Uint32 per user).
 */
const PAIR_BITS: ReadonlyMap<string, number> = (() => {
  const logged = new Set<string>(DIRECTORY_LOGGED_TRAIT_GROUPS);
  const bits = new Map<string, number>();
  for (const category of Object.values(SEO_CATEGORIES))
    for (const { group, optionIds } of ("traits" in category ? category.traits : []) as readonly TraitOptions[])
      for (const id of optionIds) if (logged.has(group) && !bits.has(pairKey(group, id))) bits.set(pairKey(group, id), bits.size);
  if (bits.size > 32) throw new Error("directory-filter: more than 32 trait options, widen the per-user bits");
  return bits;
})();

/** The options the index loads, by group. */
const LOADED: ReadonlyArray<{ group: string; optionIds: number[] }> = (() => {
  const byGroup = new Map<string, number[]>();
  for (const key of PAIR_BITS.keys()) {
    const at = key.lastIndexOf(":");
    const group = key.slice(0, at);
    byGroup.set(group, [...(byGroup.get(group) ?? []), Number(key.slice(at + 1))]);
  }
  return [...byGroup].map(([group, optionIds]) => ({ group, optionIds }));
})();

/** The bits of a condition's traits; null where some option is not held (the search takes the SQL path). */
function maskOf(traits: readonly TraitOptions[]): number | null {
  let mask = 0;
  for (const { group, optionIds } of traits)
    for (const id of optionIds) {
      const bit = PAIR_BITS.get(pairKey(group, id));
      if (bit === undefined) return null;
      mask |= 1 << bit;
    }
  return mask >>> 0;
}

/** Whether the column index can answer this condition. */
export function directoryIndexable(condition: DirectoryCondition): boolean {
  return maskOf(condition.traits ?? []) !== null;
}

type TraitDb = ApiDeps["db"];
type TraitRow = { user_id: number; group_key: string; option_id: number };

/** The directory's trait bits per user id (0: none of the held options). */
export class DirectoryTraits {
  private bits = new Uint32Array(0);

  bitsOf(userId: number): number {
    return userId >= 0 && userId < this.bits.length ? this.bits[userId]! : 0;
  }

  private set(userId: number, bit: number) {
    if (userId >= this.bits.length) {
      const next = new Uint32Array(Math.max(userId + 1, this.bits.length * 2, 1024));
      next.set(this.bits);
      this.bits = next;
    }
    this.bits[userId]! |= 1 << bit;
  }

  private apply(rows: readonly TraitRow[]) {
    for (const row of rows) {
      const bit = PAIR_BITS.get(pairKey(row.group_key, Number(row.option_id)));
      if (bit !== undefined) this.set(Number(row.user_id), bit);
    }
  }

  /** Loads the users after `after` up to `upto` (null: no upper bound): one statement per group (its filter index). */
  async loadRange(db: TraitDb, after: number, upto: number | null): Promise<void> {
    for (const { group, optionIds } of LOADED) {
      const rows = await db
        .selectFrom("profile_traits")
        .select(["profile_traits.user_id", "profile_traits.group_key", "profile_traits.option_id"])
        .where("profile_traits.group_key", "=", group)
        .where("profile_traits.option_id", "in", optionIds)
        .where("profile_traits.user_id", ">", after)
        .$if(upto !== null, (qb) => qb.where("profile_traits.user_id", "<=", upto!))
        .execute();
      this.apply(rows);
    }
  }

  /** These users' held options, read (the change log named them); `replace` then applies them. */
  read(db: TraitDb, userIds: readonly number[]): Promise<TraitRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom("profile_traits")
      .select(["profile_traits.user_id", "profile_traits.group_key", "profile_traits.option_id"])
      .where("profile_traits.user_id", "in", [...userIds])
      .where(
        "profile_traits.group_key",
        "in",
        LOADED.map((l) => l.group),
      )
      .execute();
  }

  /** These users' options are now `rows` (no await: applied together with their index rows). */
  replace(userIds: readonly number[], rows: readonly TraitRow[]): void {
    for (const id of userIds) if (id >= 0 && id < this.bits.length) this.bits[id] = 0;
    this.apply(rows);
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
 * The condition over the index's rows by slot; null: nothing to check (not a directory search, or a guest's search —
 * whose own rule already is the guests' view — without trait options).
 */
export function directoryRowFilter(
  condition: DirectoryCondition | undefined,
  rows: Rows,
  traits: DirectoryTraits | null,
  guestViewer: boolean,
): ((slot: number) => boolean) | null {
  if (!condition) return null;
  const mask = maskOf(condition.traits ?? []);
  if (mask === null || (mask !== 0 && !traits)) throw new Error("directory-filter: the index does not hold this condition");
  if (guestViewer) return mask === 0 ? null : (slot) => (traits!.bitsOf(rows.userId[slot]!) & mask) !== 0;
  return (slot) => {
    if (rows.membersOnly[slot] !== 0 || MEMBERS_ONLY_TYPES.has(rows.userType[slot]!)) return false;
    return mask === 0 || (traits!.bitsOf(rows.userId[slot]!) & mask) !== 0;
  };
}
