import type { Kysely } from "kysely";
import type { Dialect } from "../../../db/dialect";

/**
 * Issue 32 leftovers (ADR 139): staff may dismiss a reported key that is no key of ours (a typo in a computed key
 * since fixed in the code, a key a script invented). Unlike "fixed", a dismissed key stays closed when reported
 * again; its count still grows. Times epoch ms.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable("missing_translation_keys").addColumn("dismissed_at", "bigint").execute();
    await db.schema.alterTable("missing_translation_keys").addColumn("dismissed_by", "integer").execute();
  };
}
