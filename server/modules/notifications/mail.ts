/**
 * The e-mail channel of a notification (ADR 044): one short mail in the member's language with the line of the
 * event, the link to it and the link to the notification settings. Kinds whose module writes its own mail (the
 * moderation decision, the messenger's delayed digest) are not mailed here (`ownMail` in their declaration).
 */
import type { ApiDeps } from "../../api/types";
import { composeMail } from "../../integrations/mail/compose";
import { displayNameOf, type NotificationJob } from "./service";
import { notificationTitle, notificationWords } from "./texts";

export async function sendNotificationMail(deps: ApiDeps, job: NotificationJob): Promise<void> {
  const user = await deps.db
    .selectFrom("users")
    .select(["email", "language", "status", "is_bounced_email"])
    .where("id", "=", job.user_id)
    .executeTakeFirst();
  if (!user || user.status === "deleted" || user.status === "banned" || user.is_bounced_email === 1) return;
  // Read in the site meanwhile: the mail would only repeat it.
  if (job.notification_id !== null) {
    const row = await deps.db.selectFrom("notifications").select("read_at").where("id", "=", job.notification_id).executeTakeFirst();
    if (row && row.read_at !== null) return;
  }
  const actor = job.actor_id === null ? null : await displayNameOf(deps.db, job.actor_id);
  const words = notificationWords(user.language);
  const title = notificationTitle(deps, user.language, job.event, actor, job.params);
  const base = `${deps.config.publicUrl}/${user.language}`;
  await deps.mailer.send(
    composeMail({
      to: user.email,
      template: `notification.${job.event}`,
      language: user.language,
      subject: title,
      blocks: [
        `${title}.`,
        words.open,
        { link: `${base}/${job.url ?? "my_notification"}` },
        words.mailTail,
        { link: `${base}/user/notifications` },
      ],
    }),
  );
}
