/** The friends group's public face for other modules. */
import { friendsPart } from "../../db/seed/friends";
import { defineFeature } from "../manifest";
import { registerFriends } from "./routes";
export { friendRelation } from "./relation";
export { friendLinksForExport } from "./service";

export const manifest = defineFeature({
  name: "friends",
  routes: registerFriends,
  seed: [{ order: 100, part: friendsPart }],
  notifications: {
    friend_request: {
      kind: "friend_requests",
      contentType: "request",
      stickiness: "long",
      title: {
        de: "{actor} möchte mit dir befreundet sein",
        en: "{actor} would like to be your friend",
        es: "{actor} quiere ser tu amigo",
        pl: "{actor} chce zostać twoim znajomym",
      },
    },
    friend_accepted: {
      kind: "friend_requests",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "{actor} hat deine Freundschaftsanfrage angenommen",
        en: "{actor} accepted your friend request",
        es: "{actor} aceptó tu solicitud de amistad",
        pl: "{actor} przyjął(-ęła) twoje zaproszenie do znajomych",
      },
    },
  },
});
