/** The public face of the moderation module: recording proposed profile texts and the owner's view of them, for the profile forms and pages. Other modules import only this file. */
import { moderationPart } from "../../db/seed/moderation";
import { defineFeature } from "../manifest";
import { registerModeration } from "./routes";
export { ownPendingInterviewAnswers, ownPendingTexts, ownTextReviews, proposeInterviewAnswers, proposeTexts } from "./texts";

export const manifest = defineFeature({
  name: "moderation",
  routes: registerModeration,
  seed: [{ order: 60, part: moderationPart }],
  notifications: {
    moderation_accepted: {
      kind: "moderation",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "Dein Inhalt wurde freigegeben",
        en: "Your content was approved",
        es: "Tu contenido fue aprobado",
        pl: "Twoja treść została zatwierdzona",
      },
      ownMail: true,
    },
    moderation_rejected: {
      kind: "moderation",
      contentType: "alert",
      stickiness: "permanent",
      title: {
        de: "Dein Inhalt wurde nicht freigegeben",
        en: "Your content was not approved",
        es: "Tu contenido no fue aprobado",
        pl: "Twoja treść nie została zatwierdzona",
      },
      ownMail: true,
    },
  },
  moderationQueues: {
    /** New photos and changed profile texts before they are public (ADR 030). */
    content: { api: "/backoffice/queue", title: "moderation.backoffice.title" },
  },
});
