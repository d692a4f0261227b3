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
 * Messages (event "message", no e-mail here: the messenger's delayed digest mails) and dates ("date_request",
 * "date_answer", "review") are wired by their modules when they land.
 */
export { notificationSummary, notify, publishNotificationHints, wantsChannel, type NotificationHints, type NotifyInput } from "./service";
export { sendPushNotification } from "./push";
export { sendNotificationMail } from "./mail";
