/** The favorites group's public face for other modules. */
import { favoritesPart } from "../../db/seed/favorites";
import { defineFeature } from "../manifest";
import { registerFavorites } from "./routes";
export { favoriteRelation } from "./relation";
export { favoritesPerDay } from "./service";
export { recordProfileVisit, type ProfileVisit } from "./visits";
export { ownListsForExport } from "./export";

export const manifest = defineFeature({
  name: "favorites",
  routes: registerFavorites,
  seed: [{ order: 90, part: favoritesPart }],
  notifications: {
    favorited: {
      kind: "favorites",
      contentType: "info",
      stickiness: "short",
      title: {
        de: "{actor} hat dich zu den Favoriten hinzugefügt",
        en: "{actor} added you to their favourites",
        es: "{actor} te añadió a sus favoritos",
        pl: "{actor} dodał(a) cię do ulubionych",
      },
    },
    visited: {
      kind: "visitors",
      contentType: "info",
      stickiness: "short",
      title: {
        de: "{actor} hat dein Profil besucht",
        en: "{actor} visited your profile",
        es: "{actor} visitó tu perfil",
        pl: "{actor} odwiedził(a) twój profil",
      },
    },
  },
});
