/**
 * The notification centre's public face (ADR 044). A module that reports something to a member calls `notify`
 * inside its transaction and publishes the returned hints after the commit:
 *
 *   const hints = await deps.db.transaction().execute(async (trx) => {
 *     ... the action ...
 *     return notify(deps, trx, { userId: recipient, event: "message", actorId: sender, subject: { type: "thread", id }, url: `messenger/${username}` });
 *   });
 *   await publishNotificationHints(deps, hints);
 *
 * Messages (event "message", no e-mail here: the messenger's delayed digest mails; one per thread until read, with
 * `markSubjectRead` when the member reads the thread) are wired in the messenger's send; dates ("date_request",
 * "date_answer", "review") by their module.
 *
 * A new event: its name in contract/notifications NOTIFICATION_EVENTS, its declaration (preference kind, content type,
 * popup, titles) in the sending module's manifest `notifications`, and its line `bell.events.<event>` in the four
 * common.json (ADR 064; tests/api/module-graph.test.ts checks all three).
 */
import { notificationsPart } from "../../db/seed/notifications";
import { defineFeature, defineJob } from "../manifest";
import { sendNotificationMail } from "./mail";
import * as m0079 from "./migrations/0079_dollars_notification_kind";
import { sendPushNotification } from "./push";
import { registerNotifications } from "./routes";
import type { NotificationJob } from "./service";
export {
  choiceColumns,
  choicesOf,
  markSubjectRead,
  notificationSummary,
  notificationsForExport,
  notify,
  publishNotificationHints,
  wantsChannel,
  type NotificationHints,
  type NotifyInput,
} from "./service";
export { notificationDeclaration } from "./declarations";
export { activeAnnouncements } from "./announcements";

export const manifest = defineFeature({
  name: "notifications",
  routes: registerNotifications,
  migrations: { "0079_dollars_notification_kind": m0079 },
  jobs: {
    /** Send one notification by Web Push to every browser the member subscribed (ADR 044). */
    "notification.push": defineJob<NotificationJob>((deps) => ({
      run: (payload, context) => sendPushNotification(deps, payload, context),
    })),
    /** Mail one notification to the member (the events whose module has no mail of its own, ADR 044). */
    "notification.email": defineJob<NotificationJob>((deps) => ({ run: (payload) => sendNotificationMail(deps, payload) })),
  },
  seed: [{ order: 120, part: notificationsPart }],
});
