/** The public face of the moderation module: recording proposed profile texts and the owner's view of them, for the profile forms and pages. Other modules import only this file. */
import { sql, type Kysely } from "kysely";
import { MEDIA_KIND, MEDIA_STATUS } from "../../contract/media";
import { TEXT_REVIEW_STATUS } from "../../contract/moderation";
import type { Database } from "../../db/schema";
import { moderationPart } from "../../db/seed/moderation";
import { defineFeature, type OpenQueueItems } from "../manifest";
import { registerModeration } from "./routes";
export { ownPendingInterviewAnswers, ownPendingTexts, ownTextReviews, proposeInterviewAnswers, proposeTexts } from "./texts";
export { ownRejectedMedia } from "./own-media";

// The queue's open items (ADR 119): the rows its own list shows, with when each began waiting.
const scope = (name: string) => sql<string>`${sql.lit(name)}`.as("scope");
const GONE = ["banned", "deleted"] as const;

/** The content queue: waiting photos and videos (content.media) and profile texts (content.text). */
const openContent = (db: Kysely<Database>): OpenQueueItems => {
  // The few banned or deleted owners as an anti-join: the count then reads only the covering indexes of waiting rows
  // (migration 0109, ADR 122) instead of looking up every owner.
  const gone = () =>
    db
      .selectFrom("users")
      .select("users.id")
      .where("users.status", "in", [...GONE]);
  return db
    .selectFrom("media")
    .where("media.status", "=", MEDIA_STATUS.pending)
    .where("media.kind", "in", [MEDIA_KIND.photo, MEDIA_KIND.video])
    .where("media.user_id", "not in", gone())
    .select(["media.id", "media.created_at as since", scope("content.media")])
    .unionAll(
      db
        .selectFrom("profile_text_changes")
        .where("profile_text_changes.status", "=", TEXT_REVIEW_STATUS.pending)
        .where("profile_text_changes.user_id", "not in", gone())
        .select(["profile_text_changes.id", "profile_text_changes.created_at as since", scope("content.text")]),
    );
};

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
    content: {
      api: "/backoffice/queue",
      title: "moderation.backoffice.title",
      // ADR 119: counted and claimed by kind (photo and text ids collide).
      open: openContent,
      scopes: ["content.media", "content.text"],
      page: "backoffice",
    },
  },
});
