/**
 * The creator-media module (issue 28 items 2, 4, 6, 7; ADR 093): paid and fans-only media, buy-puzzle-medium, the
 * creator's defaults and content-create. Who may open a medium is the access kernel's (access/paid-media.ts); how a
 * listed medium is handed out and its files delivered is the media module's (paid-listing.ts, paid-delivery.ts).
 */
import { defineFeature } from "../manifest";
import * as m0080 from "./migrations/0080_creator_media";
import { registerCreatorMedia } from "./routes";
import { creatorMediaSeedPart } from "./seed";

export const manifest = defineFeature({
  name: "creator-media",
  routes: registerCreatorMedia,
  migrations: { "0080_creator_media": m0080 },
  seed: [{ order: 170, part: creatorMediaSeedPart }],
  notifications: {
    /** To the creator when a pay-per-view medium sells, in the sale's transaction. */
    medium_sold: {
      kind: "dollars",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "{actor} hat dein Pay-per-View-Foto für {amount} Dollar gekauft",
        en: "{actor} bought your pay-per-view photo for {amount} dollars",
        es: "{actor} compró tu foto de pago por visión por {amount} dólares",
        pl: "{actor} kupił(a) twoje zdjęcie pay-per-view za {amount} dolarów",
      },
    },
  },
});
export { buyPuzzleMedium, setMediumAccess } from "./service";
