/** The public face of the search module: The search engine, for the directory listing (seo uses search, never the reverse). Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerSearch } from "./routes";
import * as m0127 from "./migrations/0127_search_rank_tier";
import * as m0128 from "./migrations/0128_search_profile_changes";
import * as m0130 from "./migrations/0130_directory_trait_changes";
import * as m0131 from "./migrations/0131_search_trait_changes";
import * as m0132 from "./migrations/0132_search_name_prefix";
export * from "./service";
export { promotedFor } from "./promoted";
export { hasTraitOption, type DirectoryCondition } from "./directory-filter";
export { pruneSearchProfileChanges, loggedAsOneChange } from "./changes";
export { warmSearchIndex } from "./warm";
export { createRankIndexes, RANK_INDEX_NAMES } from "./migrations/0127_search_rank_tier";
export { createNamePrefixIndexes, NAME_PREFIX_INDEX_NAMES } from "./migrations/0132_search_name_prefix";

export const manifest = defineFeature({
  name: "search",
  routes: registerSearch,
  migrations: {
    "0127_search_rank_tier": m0127,
    "0128_search_profile_changes": m0128,
    "0130_directory_trait_changes": m0130,
    "0131_search_trait_changes": m0131,
    "0132_search_name_prefix": m0132,
  },
});
