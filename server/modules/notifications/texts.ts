/**
 * The short lines of a notification outside the site (ADR 044): the popup's title sent with the realtime hint,
 * the push message and the e-mail, in the member's language at the time they are sent. The site's own pages
 * render the stored event with the `notifications` locale namespace instead. Informal German "du".
 */
import type { Language } from "../../contract/locales";
import type { NotificationEvent } from "../../contract/notifications";
import { fill, textsFor } from "../../integrations/mail/compose";

interface Words {
  someone: string;
  events: Record<NotificationEvent, string>;
  open: string;
  mailTail: string;
  settings: string;
}

const WORDS: Record<Language, Words> = {
  de: {
    someone: "Jemand",
    events: {
      friend_request: "{actor} möchte mit dir befreundet sein",
      friend_accepted: "{actor} hat deine Freundschaftsanfrage angenommen",
      favorited: "{actor} hat dich zu den Favoriten hinzugefügt",
      visited: "{actor} hat dein Profil besucht",
      moderation_accepted: "Dein Inhalt wurde freigegeben",
      moderation_rejected: "Dein Inhalt wurde nicht freigegeben",
      message: "Neue Nachricht von {actor}",
      date_request: "{actor} hat dir eine Date-Anfrage geschickt",
      date_answer: "{actor} hat auf deine Date-Anfrage geantwortet",
      date_reschedule: "{actor} schlägt eine neue Zeit für euer Date vor",
      date_reminder: "Erinnerung: dein Date mit {actor} beginnt in 2 Stunden",
      review: "{actor} hat dich bewertet",
      review_window_open: "Bewerte dein Date mit {actor} (7 Tage Zeit)",
      review_window_closed: "Die Bewertungen deines Dates mit {actor} sind veröffentlicht",
    },
    open: "Ansehen:",
    mailTail: "Welche Benachrichtigungen du per E-Mail bekommst, stellst du hier ein:",
    settings: "Einstellungen",
  },
  en: {
    someone: "Someone",
    events: {
      friend_request: "{actor} would like to be your friend",
      friend_accepted: "{actor} accepted your friend request",
      favorited: "{actor} added you to their favourites",
      visited: "{actor} visited your profile",
      moderation_accepted: "Your content was approved",
      moderation_rejected: "Your content was not approved",
      message: "New message from {actor}",
      date_request: "{actor} sent you a date request",
      date_answer: "{actor} answered your date request",
      date_reschedule: "{actor} proposes a new time for your date",
      date_reminder: "Reminder: your date with {actor} starts in 2 hours",
      review: "{actor} reviewed you",
      review_window_open: "Review your date with {actor} (you have 7 days)",
      review_window_closed: "The reviews of your date with {actor} are published",
    },
    open: "Open:",
    mailTail: "Choose which notifications reach you by e-mail here:",
    settings: "Settings",
  },
  es: {
    someone: "Alguien",
    events: {
      friend_request: "{actor} quiere ser tu amigo",
      friend_accepted: "{actor} aceptó tu solicitud de amistad",
      favorited: "{actor} te añadió a sus favoritos",
      visited: "{actor} visitó tu perfil",
      moderation_accepted: "Tu contenido fue aprobado",
      moderation_rejected: "Tu contenido no fue aprobado",
      message: "Nuevo mensaje de {actor}",
      date_request: "{actor} te envió una solicitud de cita",
      date_answer: "{actor} respondió a tu solicitud de cita",
      date_reschedule: "{actor} propone una nueva hora para vuestra cita",
      date_reminder: "Recordatorio: tu cita con {actor} empieza en 2 horas",
      review: "{actor} te valoró",
      review_window_open: "Valora tu cita con {actor} (tienes 7 días)",
      review_window_closed: "Las valoraciones de tu cita con {actor} están publicadas",
    },
    open: "Ver:",
    mailTail: "Elige aquí qué notificaciones recibes por correo:",
    settings: "Ajustes",
  },
  pl: {
    someone: "Ktoś",
    events: {
      friend_request: "{actor} chce zostać twoim znajomym",
      friend_accepted: "{actor} przyjął(-ęła) twoje zaproszenie do znajomych",
      favorited: "{actor} dodał(a) cię do ulubionych",
      visited: "{actor} odwiedził(a) twój profil",
      moderation_accepted: "Twoja treść została zatwierdzona",
      moderation_rejected: "Twoja treść nie została zatwierdzona",
      message: "Nowa wiadomość od {actor}",
      date_request: "{actor} wysłał(a) ci prośbę o randkę",
      date_answer: "{actor} odpowiedział(a) na twoją prośbę o randkę",
      date_reschedule: "{actor} proponuje nowy termin waszej randki",
      date_reminder: "Przypomnienie: twoja randka z {actor} zaczyna się za 2 godziny",
      review: "{actor} wystawił(a) ci ocenę",
      review_window_open: "Oceń randkę z {actor} (masz 7 dni)",
      review_window_closed: "Oceny twojej randki z {actor} zostały opublikowane",
    },
    open: "Zobacz:",
    mailTail: "Tutaj wybierzesz, które powiadomienia dostajesz e-mailem:",
    settings: "Ustawienia",
  },
};

export function notificationWords(language: string): Words {
  return textsFor(WORDS, language);
}

/** The one line of an event in a language, with the actor's name (or "someone"). */
export function notificationTitle(language: string, event: NotificationEvent, actorName: string | null): string {
  const words = notificationWords(language);
  return fill(words.events[event], { actor: actorName ?? words.someone });
}
