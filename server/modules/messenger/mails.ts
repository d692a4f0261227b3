/**
 * The unread-message e-mail (issue 12 item 7's mail part, ADR 043): a job 15 minutes after a message checks that the
 * member still has not read it, wants message mails (settings notifications: messages.email) and got no such mail
 * for this conversation in the last 24 hours. The mail names the sender only by username and carries no message
 * text (a mailbox is no place for intimate words).
 */
import type { ApiDeps } from "../../api/types";
import type { Language } from "../../contract/locales";
import { UNREAD_MAIL_INTERVAL_MS } from "../../contract/messenger";
import { memberMail, type MemberMailTexts } from "../../integrations/mail/compose";
import { wantsNotification } from "../settings/index";

const TEXTS: Record<Language, MemberMailTexts> = {
  de: {
    subject: "Neue Nachricht von {sender}",
    greeting: "Hallo {username},",
    body: "{sender} hat dir geschrieben. Du kannst die Nachricht hier lesen:",
    tail: "Diese E-Mails kannst du in deinen Benachrichtigungseinstellungen abschalten.",
  },
  en: {
    subject: "New message from {sender}",
    greeting: "Hello {username},",
    body: "{sender} has written to you. You can read the message here:",
    tail: "You can switch these e-mails off in your notification settings.",
  },
  es: {
    subject: "Nuevo mensaje de {sender}",
    greeting: "Hola, {username}:",
    body: "{sender} te ha escrito. Puedes leer el mensaje aquí:",
    tail: "Puedes desactivar estos correos en tus ajustes de notificaciones.",
  },
  pl: {
    subject: "Nowa wiadomość od {sender}",
    greeting: "Cześć {username},",
    body: "{sender} napisał(a) do Ciebie. Wiadomość możesz przeczytać tutaj:",
    tail: "Te e-maile możesz wyłączyć w ustawieniach powiadomień.",
  },
};

/** The job `mail.messenger_unread`: sends at most one mail per conversation and day, only if still unread. */
export async function sendUnreadMail(deps: ApiDeps, threadId: number, memberId: number): Promise<void> {
  const now = deps.clock.now();
  const view = await deps.db
    .selectFrom("messenger_thread_members")
    .innerJoin("users", "users.id", "messenger_thread_members.member_id")
    .innerJoin("users as partner", "partner.id", "messenger_thread_members.partner_id")
    .select([
      "messenger_thread_members.unread_count",
      "messenger_thread_members.folder",
      "messenger_thread_members.hidden",
      "messenger_thread_members.unread_mail_at",
      "users.email",
      "users.username",
      "users.language",
      "users.status",
      "partner.username as sender",
      "partner.status as sender_status",
    ])
    .where("messenger_thread_members.thread_id", "=", threadId)
    .where("messenger_thread_members.member_id", "=", memberId)
    .executeTakeFirst();
  if (!view || view.unread_count === 0 || view.folder !== "inbox" || view.status !== "active" || view.sender_status !== "active") return;
  if (view.unread_mail_at !== null && Number(view.unread_mail_at) > now - UNREAD_MAIL_INTERVAL_MS) return;
  if (!(await wantsNotification(deps, memberId, "messages", "email"))) return;
  const link = `${deps.config.publicUrl}/${view.language}/messenger/${encodeURIComponent(view.sender)}`;
  await deps.db
    .updateTable("messenger_thread_members")
    .set({ unread_mail_at: now })
    .where("thread_id", "=", threadId)
    .where("member_id", "=", memberId)
    .execute();
  await deps.mailer.send(
    memberMail(TEXTS, "messenger_unread", {
      to: view.email,
      username: view.username,
      language: view.language,
      link,
      values: { sender: view.sender },
    }),
  );
}
