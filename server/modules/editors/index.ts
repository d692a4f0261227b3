/**
 * The back office's editors (issue 30 item 5, ADR 120): info and legal pages with versions, SEO landing pages. The
 * announcements' editor lives with the announcements (notifications). Migration 0104 also creates the warning
 * list's tables (module warnings, ADR 121): one migration number was given for this round's two subjects.
 */
import { defineFeature } from "../manifest";
import * as m0104 from "./migrations/0104_editors";
import { registerEditors } from "./routes";

export const manifest = defineFeature({
  name: "editors",
  routes: registerEditors,
  migrations: { "0104_editors": m0104 },
});
