/**
 * One part of the demo seed per group (issue 8 item 5). The index plans people chunk by chunk, lets every
 * part plan what it adds to them, and inside each chunk's transaction inserts the accounts and then runs
 * every part's write in order; a new feature that needs demo rows writes a part and lists it in its module's
 * manifest with its place (`seed: [{ order, part }]`, ADR 064) instead of editing the others or the people generator.
 */
import type { Insertable, Transaction } from "kysely";
import type { Dialect } from "../dialect";
import type { Database } from "../schema";
import { bulkInsert } from "./bulk";
import type { PersonPlan } from "./people";
import type { SeedPhotoSource } from "./stored-photo";

export interface SeedChunk {
  trx: Transaction<Database>;
  /** The people of this chunk (the demo accounts come first, in chunk 0). */
  people: readonly PersonPlan[];
  /** The user id the accounts part gave a person. */
  idOf: (person: PersonPlan) => number;
  now: number;
  photos: SeedPhotoSource;
  /** The demo password's hash, for parts that add accounts of their own (the back office's). */
  passwordHash: string;
}

/** What a part's plan step sees: the chunk's people and the seed's inputs, no database. */
export interface SeedPlanInput {
  people: readonly PersonPlan[];
  /** The seed's name: a plan draws from a random stream of its own keyed by it (./random). */
  seed: string;
  now: number;
}

export interface SeedPart<Plan = void> {
  name: string;
  /**
   * Decides from the people alone, before the chunk's transaction, what this part adds to them (e.g. a
   * profile's listing badges); write receives it. Parts whose rows follow from the people have none.
   */
  plan?(input: SeedPlanInput): Plan;
  /** Writes this part's rows for the chunk; answers how many media rows it wrote (for the summary). */
  write(chunk: SeedChunk, plan: Plan): Promise<{ media?: number } | void>;
}

// 500 rows × up to 22 columns stays below SQLite's 32,766 and PostgreSQL's 65,535 bind parameters.
export const ROWS_PER_INSERT = 500;

/** The chunk transactions whose inserts take the bulk path (ADR 152), with their database's dialect. */
const bulkTransactions = new WeakMap<Transaction<Database>, Dialect>();

/** Lets insertAll use the bulk path (./bulk) within this chunk's transaction. */
export function useBulkInserts(trx: Transaction<Database>, dialect: Dialect): void {
  bulkTransactions.set(trx, dialect);
}

/**
 * Inserts rows: within a chunk the seed marked (useBulkInserts) as one bulk statement per table (PostgreSQL) or in
 * prepared multi-row statements (SQLite); otherwise, and for rows the bulk path does not take, in Kysely statements
 * of ROWS_PER_INSERT. Answers the `returning` columns of the new rows, in no promised order.
 */
export async function insertAll<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  returning: readonly (keyof Database[T] & string)[] = [],
): Promise<Record<string, unknown>[]> {
  const dialect = bulkTransactions.get(trx);
  const bulk = dialect ? await bulkInsert(trx, dialect, table, rows as readonly Record<string, unknown>[], returning) : null;
  if (bulk) return bulk;
  const returned: Record<string, unknown>[] = [];
  for (const batch of inBatches(rows)) {
    const insert = trx.insertInto(table).values(batch as never);
    if (returning.length) returned.push(...((await insert.returning(returning as never).execute()) as Record<string, unknown>[]));
    else await insert.execute();
  }
  return returned;
}

export function inBatches<T>(items: readonly T[], size = ROWS_PER_INSERT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The user ids of the named demo accounts, in the order asked; null when one of them is not in this chunk
 * (the demo accounts are all in chunk 0, so a part that links them writes its rows once).
 */
export function demoIds<const T extends readonly string[]>(
  { people, idOf }: Pick<SeedChunk, "people" | "idOf">,
  usernames: T,
): { [K in keyof T]: number } | null {
  const found = usernames.map((username) => people.find((person) => person.username === username));
  if (found.some((person) => !person)) return null;
  return found.map((person) => idOf(person!)) as { [K in keyof T]: number };
}
