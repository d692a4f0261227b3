import type { Migration } from "kysely";
import type { Dialect } from "../dialect";
import * as m0001 from "./0001_init";

/**
 * Migrations are listed here, not read from a folder, so they survive
 * bundling. Add new ones at the end; never edit a released one.
 */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_init": { up: m0001.up(dialect) },
  };
}
