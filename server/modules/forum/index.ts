/**
 * The community forum (issue 32 item 5, ADR 134): DiscourseConnect's provider side for a Discourse forum, the
 * language-change path and the members' forum notification levels. Not `community` (events and blogs search).
 */
import { defineFeature } from "../manifest";
import * as m0119 from "./migrations/0119_forum";
import { registerForum } from "./routes";

export const manifest = defineFeature({
  name: "forum",
  routes: registerForum,
  migrations: { "0119_forum": m0119 },
});
