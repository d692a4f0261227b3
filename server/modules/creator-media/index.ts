/** Issue 28 skeleton: the creator-media module (see server/contract/creators.ts). Routes, jobs, notifications arrive with its builder. */
import { defineFeature } from "../manifest";
import * as m0080 from "./migrations/0080_creator_media";

export const manifest = defineFeature({
  name: "creator-media",
  migrations: { "0080_creator_media": m0080 },
});
