/**
 * Named prepared statements on PostgreSQL (ADR 054): the SQLite side keeps its statements (withStatementCache in
 * index.ts); this is the same for PostgreSQL.
 *
 * Kysely hands `pg` a text and its values, and `pg` sends them as an unnamed statement, which PostgreSQL parses and
 * plans on every execution. Measured with pg_stat_statements during the messenger bench (docs/performance.md,
 * "Prepared statements, …"), planning was two thirds of the database's time: the pair read planned for 1.6 ms and ran
 * for 0.35 ms, the token lookup 0.34 against 0.08 ms. A named statement is parsed once per connection, and after
 * five executions PostgreSQL may keep a generic plan (plan_cache_mode auto) when it costs no more than the custom
 * ones did — the same rule the JDBC and Npgsql drivers rely on when they prepare repeated statements by themselves.
 *
 * - A text is named once it has run PREPARE_AFTER_RUNS times on the pool: one-off statements (a seed's inserts, a
 *   migration's) never occupy a connection's statement slots.
 * - A connection keeps at most STATEMENTS_PER_CONNECTION statements; the least recently used one is deallocated.
 * - Statements without values (BEGIN, COMMIT, DDL) keep the simple protocol, which plans nothing worth keeping.
 * - A query whose best plan depends on its values (a search over a radius of 10 or of 100 km) ends with
 *   PLAN_PER_VALUES and stays unnamed: PostgreSQL plans it for the values of each execution.
 * - A statement whose result columns changed under it (DDL while the process runs: "cached plan must not change
 *   result type") fails once and is then prepared anew under another name.
 */
import { sql } from "kysely";
import pg from "pg";

export const PREPARE_AFTER_RUNS = 3;
export const STATEMENTS_PER_CONNECTION = 200;
/** Distinct texts counted at most; in-lists of varying length make the set open-ended, so the count starts over. */
const COUNTED_TEXTS = 5_000;
/** SQLSTATE feature_not_supported: what PostgreSQL answers for a cached plan whose result type changed. */
const PLAN_RESULT_CHANGED = "0A000";

const PLAN_PER_VALUES_MARK = "/* plan per values */";
/**
 * For `.modifyEnd(PLAN_PER_VALUES)`: the query is never prepared under a name. A generic plan of the search made the
 * 100 km search ~35 % slower on the 100k-profile seed (docs/performance.md, "Prepared statements, …").
 */
export const PLAN_PER_VALUES = sql.raw(PLAN_PER_VALUES_MARK);

type QueryCallback = (error: Error | null, result?: unknown) => void;

/** A `pg.Client` class for one pool: the counts of texts are the pool's, the statement names each connection's. */
export function preparingClient(): typeof pg.Client {
  const runs = new Map<string, number>();
  let lastName = 0;

  class PreparingClient extends pg.Client {
    /** Text → statement name on this connection, least recently used first. */
    readonly #named = new Map<string, string>();

    #nameFor(text: string): string | null {
      const name = this.#named.get(text);
      if (name) {
        this.#named.delete(text);
        this.#named.set(text, name);
        return name;
      }
      if (text.endsWith(PLAN_PER_VALUES_MARK)) return null;
      const count = (runs.get(text) ?? 0) + 1;
      if (count < PREPARE_AFTER_RUNS) {
        if (runs.size >= COUNTED_TEXTS) runs.clear();
        runs.set(text, count);
        return null;
      }
      runs.delete(text);
      if (this.#named.size >= STATEMENTS_PER_CONNECTION) this.#forget(this.#named.keys().next().value as string);
      const fresh = `velora_${++lastName}`;
      this.#named.set(text, fresh);
      return fresh;
    }

    /** Deallocates a text's statement once the queries queued before it have run (they may still use it). */
    #forget(text: string): void {
      const name = this.#named.get(text);
      if (!name) return;
      this.#named.delete(text);
      super.query(`DEALLOCATE ${name}`).then(
        () => delete (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements[name],
        () => undefined,
      );
    }

    // pg's query() has many overloads; Kysely calls query(text, values) and query(cursor). Everything but a text
    // with values passes through unchanged.
    override query(...args: unknown[]): never {
      const [config, values, callback] = args as [unknown, unknown, QueryCallback | undefined];
      const name = typeof config === "string" && Array.isArray(values) && values.length > 0 ? this.#nameFor(config) : null;
      if (!name) return (super.query as (...a: unknown[]) => never)(...args);
      const text = config as string;
      const named: pg.QueryConfig<unknown[]> = { name, text, values: values as unknown[] };
      if (typeof callback === "function") {
        return (super.query as (...a: unknown[]) => never)(named, (error: Error | null, result?: unknown) => {
          if (error && (error as { code?: string }).code === PLAN_RESULT_CHANGED) this.#forget(text);
          callback(error, result);
        });
      }
      return (super.query(named) as unknown as Promise<unknown>).catch((error: { code?: string }) => {
        if (error?.code === PLAN_RESULT_CHANGED) this.#forget(text);
        throw error;
      }) as never;
    }
  }
  return PreparingClient as unknown as typeof pg.Client;
}
