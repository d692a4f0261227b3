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
 */
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
export { sendPushNotification } from "./push";
export { sendNotificationMail } from "./mail";
