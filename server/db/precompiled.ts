/**
 * Statements built once (ADR 148): a query that runs on every signed-in request is built by Kysely and compiled to
 * SQL once per database handle, and each call only binds its values. Building and compiling was ~13 % of a signed-in
 * page's CPU (ADR 144's profile): Kysely makes a tree of frozen nodes per statement and walks it to SQL text each time.
 *
 *   const ownerByHash = precompiled((db, slot: Slots<{ hash: string; now: number }>) =>
 *     db.selectFrom("access_tokens").select("user_id").where("token_hash", "=", slot("hash")).where("expires_at", ">", slot("now")),
 *   );
 *   const rows = await ownerByHash(db, { hash, now });
 *
 * A slot stands for one value (never a list: `in` takes a list whose length is part of the SQL) and may appear more
 * than once. The SQL is the same text Kysely would make per call, so the SQLite statement cache (withStatementCache)
 * and PostgreSQL's named statements (prepared.ts) keep working as before. Only for the root handle (`deps.db`): a
 * transaction gets its own compiled copy (kept while the transaction object lives).
 */
import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { Database } from "./schema";

/** A slot's placeholder: replaced by the call's value of that name when the statement runs. */
class Slot {
  constructor(readonly name: string) {}
}

/** The slot function a statement's builder gets: `slot("now")` stands for the call's `now` (typed as its value). */
export type Slots<Args> = <K extends keyof Args & string>(name: K) => Args[K];

interface Compiled {
  query: CompiledQuery;
  /** Per parameter position: the slot's name, or null for a value fixed at build time. */
  names: (string | null)[];
}

/** A statement built once per database handle; the returned function runs it with the call's values. */
export function precompiled<Args extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, slot: Slots<Args>) => Compilable<Row>,
): (db: Kysely<Database>, args: Args) => Promise<Row[]> {
  const byDb = new WeakMap<Kysely<Database>, Compiled>();
  const slot = ((name: string) => new Slot(name)) as unknown as Slots<Args>;
  function compiledFor(db: Kysely<Database>): Compiled {
    let compiled = byDb.get(db);
    if (!compiled) {
      const query = build(db, slot).compile();
      const names = query.parameters.map((value) => (value instanceof Slot ? value.name : null));
      compiled = { query, names };
      byDb.set(db, compiled);
    }
    return compiled;
  }
  return async (db, args) => {
    const { query, names } = compiledFor(db);
    const parameters = query.parameters.map((value, i) => {
      const name = names[i] ?? null;
      return name === null ? value : args[name];
    });
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
