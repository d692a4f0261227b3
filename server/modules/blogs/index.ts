/** Issue 29 skeleton: the blogs module (see server/contract/blogs.ts). Routes, jobs, notifications arrive with its builder. */
import { defineFeature } from "../manifest";
import * as m0085 from "./migrations/0085_blogs";

export const manifest = defineFeature({
  name: "blogs",
  migrations: { "0085_blogs": m0085 },
});
