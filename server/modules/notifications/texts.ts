/**
 * The short lines of a notification outside the site (ADR 044): the popup's title sent with the realtime hint,
 * the push message and the e-mail, in the member's language at the time they are sent. Each event's own line is
 * declared with the event in the manifest of the module that sends it (ADR 064); the words around it live here.
 * The site's own pages render the stored event with the locale files instead. Informal German "du".
 */
import type { ApiDeps } from "../../api/types";
import type { Language } from "../../contract/locales";
import type { NotificationEvent } from "../../contract/notifications";
import { fill, textsFor } from "../../integrations/mail/compose";
import { notificationDeclaration } from "./declarations";

interface Words {
  someone: string;
  open: string;
  mailTail: string;
  settings: string;
}

const WORDS: Record<Language, Words> = {
  de: {
    someone: "Jemand",
    open: "Ansehen:",
    mailTail: "Welche Benachrichtigungen du per E-Mail bekommst, stellst du hier ein:",
    settings: "Einstellungen",
  },
  en: {
    someone: "Someone",
    open: "Open:",
    mailTail: "Choose which notifications reach you by e-mail here:",
    settings: "Settings",
  },
  es: {
    someone: "Alguien",
    open: "Ver:",
    mailTail: "Elige aquí qué notificaciones recibes por correo:",
    settings: "Ajustes",
  },
  pl: {
    someone: "Ktoś",
    open: "Zobacz:",
    mailTail: "Tutaj wybierzesz, które powiadomienia dostajesz e-mailem:",
    settings: "Ustawienia",
  },
};

export function notificationWords(language: string): Words {
  return textsFor(WORDS, language);
}

/**
 * The one line of an event in a language (declared by the module that sends it), with the actor's name (or "someone")
 * and the event's params (a tip's `{amount}`).
 */
export function notificationTitle(
  deps: Pick<ApiDeps, "features">,
  language: string,
  event: NotificationEvent,
  actorName: string | null,
  params: Record<string, string> = {},
): string {
  const words = notificationWords(language);
  return fill(textsFor(notificationDeclaration(deps, event).title, language), { ...params, actor: actorName ?? words.someone });
}
