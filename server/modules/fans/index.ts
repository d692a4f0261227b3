/** Issue 28 skeleton: the fans module (see server/contract/creators.ts). Routes, jobs, notifications arrive with its builder. */
import { defineFeature } from "../manifest";
import * as m0082 from "./migrations/0082_fans";

export const manifest = defineFeature({
  name: "fans",
  migrations: { "0082_fans": m0082 },
});
