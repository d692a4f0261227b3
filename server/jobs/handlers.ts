/**
 * The handler of every job kind (server/jobs/kinds.ts), bound to the process's dependencies. A kind
 * without a handler here is not claimed by this process (mail delivery only runs with SMTP_URL).
 */
import type { ApiDeps } from "../api/types";
import type { SmtpSender } from "../integrations/mail/smtp";
import { expireDate, remindDate, sendCheckinAlert } from "../modules/dates/index";
import { deleteMediaFiles, encodeVideoHandler, storageOf } from "../modules/media/index";
import { sendUnreadMail } from "../modules/messenger/index";
import { sendNotificationMail, sendPushNotification } from "../modules/notifications/index";
import { buildExport, expireExport } from "../modules/privacy/index";
import { closeReviewWindow } from "../modules/reviews/index";
import { mailDeliveryHandler } from "./mail-delivery";
import type { JobHandlers } from "./queue";

export function jobHandlersFor(deps: ApiDeps, options: { smtp?: SmtpSender } = {}): JobHandlers {
  return {
    ...(options.smtp ? { "mail.deliver": mailDeliveryHandler(deps.db, deps.clock, options.smtp) } : {}),
    "media.delete_files": { run: (payload) => deleteMediaFiles(deps, payload.files) },
    "media.encode_video": encodeVideoHandler(deps),
    "export.build": { run: (payload, context) => buildExport(deps, payload.export_id, context) },
    "export.expire": { run: (payload) => expireExport(deps, payload.export_id) },
    "mail.messenger_unread": { run: (payload) => sendUnreadMail(deps, payload.thread_id, payload.member_id) },
    "notification.push": { run: (payload, context) => sendPushNotification(deps, payload, context) },
    "notification.email": { run: (payload) => sendNotificationMail(deps, payload) },
    "date.expire": { run: (payload) => expireDate(deps, payload.date_id) },
    "date.remind": { run: (payload) => remindDate(deps, payload.date_id, payload.starts_at) },
    "date.checkin_alert": { run: (payload) => sendCheckinAlert(deps, payload.date_id, payload.due_at) },
    "review_window.close": { run: (payload) => closeReviewWindow(deps, payload.date_id) },
    "storage.delete": {
      async run(payload) {
        for (const key of payload.keys) await storageOf(deps).delete(key);
      },
    },
  };
}
