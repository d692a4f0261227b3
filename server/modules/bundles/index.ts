/** Bundles (issue 28 item 1, ADR 092): a creator's media bundles, their moderation, purchase and the profile tab. */
import { defineFeature } from "../manifest";
import * as m0081 from "./migrations/0081_bundles";
import { registerBundles } from "./routes";
import { bundlesPart } from "./seed";

export const manifest = defineFeature({
  name: "bundles",
  routes: registerBundles,
  migrations: { "0081_bundles": m0081 },
  seed: [{ order: 175, part: bundlesPart }],
  moderationQueues: {
    /** Bundles before they go on sale (ADR 092). */
    bundles: { api: "/backoffice/bundles", title: "bundle.backoffice.title" },
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
