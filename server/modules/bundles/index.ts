/** Issue 28 skeleton: the bundles module (see server/contract/creators.ts). Routes, jobs, notifications arrive with its builder. */
import { defineFeature } from "../manifest";
import * as m0081 from "./migrations/0081_bundles";

export const manifest = defineFeature({
  name: "bundles",
  migrations: { "0081_bundles": m0081 },
});
