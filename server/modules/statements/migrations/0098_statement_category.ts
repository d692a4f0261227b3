import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 30 item 4 (ADR 110): the Transparency Database's category of a statement (STATEMENT_CATEGORY_…). Null: the
 * category follows from the clause of our terms (contract/statements TERMS_CLAUSES); a decision on illegal content
 * names it (the report's kind decides it, not a clause).
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("statements").addColumn("category", "text").execute();
  };
}
