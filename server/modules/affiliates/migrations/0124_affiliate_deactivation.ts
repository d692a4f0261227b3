import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 32 leftovers (ADR 139): when staff deactivated a partner, for the report. `active` already exists (0120);
 * this keeps since when it is off (null while active). Times epoch ms.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("affiliates").addColumn("deactivated_at", "bigint").execute();
  };
}
