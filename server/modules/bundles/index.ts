/** Bundles (issue 28 item 1, ADR 092): a creator's media bundles, their moderation, purchase and the profile tab. */
import { sql, type Kysely } from "kysely";
import { BUNDLE_STATUS } from "../../contract/creators";
import type { Database } from "../../db/schema";
import { defineFeature, type OpenQueueItems } from "../manifest";
import * as m0081 from "./migrations/0081_bundles";
import { registerBundles } from "./routes";
import { bundlesPart } from "./seed";

// The queue's open items (ADR 119): the rows its own list shows, with when each began waiting.
const scope = (name: string) => sql<string>`${sql.lit(name)}`.as("scope");
const GONE = ["banned", "deleted"] as const;

const openBundles = (db: Kysely<Database>): OpenQueueItems =>
  db
    .selectFrom("bundles")
    .where("bundles.status", "=", BUNDLE_STATUS.pending)
    .where("bundles.deleted_at", "is", null)
    // The few gone owners as an anti-join (ADR 122): the count reads the queue's index, not every owner's row.
    .where(
      "bundles.creator_id",
      "not in",
      db
        .selectFrom("users")
        .select("users.id")
        .where("users.status", "in", [...GONE]),
    )
    .select(["bundles.id", sql<number>`coalesce(bundles.published_at, bundles.updated_at)`.as("since"), scope("bundles")]);

export const manifest = defineFeature({
  name: "bundles",
  routes: registerBundles,
  migrations: { "0081_bundles": m0081 },
  seed: [{ order: 175, part: bundlesPart }],
  moderationQueues: {
    /** Bundles before they go on sale (ADR 092). */
    bundles: { api: "/backoffice/bundles", title: "bundle.backoffice.title", open: openBundles },
  },
  notifications: {
    /** To the creator, in the sale's transaction. */
    bundle_sold: {
      kind: "dollars",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "{actor} hat dein Bundle „{title}“ für {amount} Dollar gekauft",
        en: "{actor} bought your bundle “{title}” for {amount} dollars",
        es: "{actor} compró tu paquete «{title}» por {amount} dólares",
        pl: "{actor} kupił(a) twój pakiet „{title}” za {amount} dolarów",
      },
    },
  },
});
