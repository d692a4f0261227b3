import type { Migration } from "kysely";
import type { Dialect } from "../dialect";
import * as m0001 from "./0001_init";
import * as m0002ContentRemoval from "./0002_content_removal";
import * as m0003ProfileData from "./0003_profile_data";

/**
 * Migrations are listed here, not read from a folder, so they survive
 * bundling. Add new ones at the end; never edit a released one.
 */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_init": { up: m0001.up(dialect) },
    "0002_content_removal": { up: m0002ContentRemoval.up(dialect) },
    "0003_profile_data": { up: m0003ProfileData.up(dialect) },
  };
}
