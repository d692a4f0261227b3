/** The messenger's public face for other modules (the realtime hub's typing, the contact rules), and its manifest (ADRs 043, 064). */
import { messengerPart } from "../../db/seed/messenger";
import { defineFeature, defineJob } from "../manifest";
import { sendUnreadMail } from "./mails";
import * as m0076 from "./migrations/0076_unlocks";
import { findReportedMessage, removeReportedMessage, restoreReportedMessage } from "./reports";
import { registerMessenger } from "./routes";
export { contactFilterOutcome, hasWrittenTo, tileContactRule } from "./rules";
export { typingRecipient } from "./service";

export const manifest = defineFeature({
  name: "messenger",
  routes: registerMessenger,
  /** The paid boosts and the reviews' paid unlocks (issue 27, ADR 083). */
  migrations: { "0076_unlocks": m0076 },
  jobs: {
    /** The unread-message e-mail of one conversation for one member, 15 minutes after a message (ADR 043). */
    "mail.messenger_unread": defineJob<{ thread_id: number; member_id: number }>((deps) => ({
      run: (payload) => sendUnreadMail(deps, payload.thread_id, payload.member_id),
    })),
  },
  seed: [{ order: 110, part: messengerPart }],
  reportTypes: {
    /** A message, by the member who received it. */
    message: { queue: "reports", find: findReportedMessage, removeContent: removeReportedMessage, restoreContent: restoreReportedMessage },
  },
  notifications: {
    message: {
      kind: "messages",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "Neue Nachricht von {actor}",
        en: "New message from {actor}",
        es: "Nuevo mensaje de {actor}",
        pl: "Nowa wiadomość od {actor}",
      },
      ownMail: true,
    },
  },
});
