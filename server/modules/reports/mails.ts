/**
 * The confirmation a requester gets for a content removal request (DSA
 * Art. 16: confirm receipt without undue delay). Texts in the four languages.
 * The address is whatever the requester typed, unverified, so the mail carries
 * nothing else they typed (no name, no links): the form cannot be used to send
 * someone a message in our name (issue 9 item 9). The reference is ours.
 */
import type { Language } from "../../contract/locales";
import { composeMail, fill, textsFor } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";

interface Texts {
  subject: string;
  greeting: string;
  received: string;
  next: string;
  reference: string;
  urgent: string;
}

const TEXTS: Record<Language, Texts> = {
  de: {
    subject: "Deine Meldung {reference} ist eingegangen",
    greeting: "Hallo,",
    received: "vielen Dank für deine Meldung. Wir haben sie erhalten und unter der Nummer {reference} erfasst.",
    next: "Unser Moderationsteam prüft die Meldung unverzüglich und sperrt die Inhalte vorsorglich, wenn es Hinweise auf eine Veröffentlichung ohne Einwilligung, auf Minderjährige oder auf Zwang gibt. Über unsere Entscheidung informieren wir dich per E-Mail.",
    reference: "Bitte gib bei Rückfragen die Nummer {reference} an.",
    urgent: "Wenn jemand in unmittelbarer Gefahr ist, wende dich bitte sofort an die Polizei (Notruf 110).",
  },
  en: {
    subject: "Your report {reference} has been received",
    greeting: "Hello,",
    received: "thank you for your report. We have received it and filed it under number {reference}.",
    next: "Our moderation team reviews the report without delay and blocks the content as a precaution if there are signs that it was published without consent, shows minors or involves coercion. We will inform you of our decision by e-mail.",
    reference: "Please quote number {reference} in any follow-up.",
    urgent: "If someone is in immediate danger, please contact the police at once (emergency number 110 in Germany, 112 in the EU).",
  },
  es: {
    subject: "Hemos recibido tu denuncia {reference}",
    greeting: "Hola:",
    received: "gracias por tu denuncia. La hemos recibido y registrado con el número {reference}.",
    next: "Nuestro equipo de moderación revisa la denuncia sin demora y bloquea los contenidos de forma preventiva si hay indicios de que se publicaron sin consentimiento, muestran a menores o implican coacción. Te informaremos de nuestra decisión por correo electrónico.",
    reference: "Indica el número {reference} en cualquier consulta.",
    urgent:
      "Si alguien está en peligro inmediato, contacta de inmediato con la policía (número de emergencia 110 en Alemania, 112 en la UE).",
  },
  pl: {
    subject: "Otrzymaliśmy Twoje zgłoszenie {reference}",
    greeting: "Dzień dobry,",
    received: "dziękujemy za zgłoszenie. Otrzymaliśmy je i zarejestrowaliśmy pod numerem {reference}.",
    next: "Nasz zespół moderacji niezwłocznie sprawdzi zgłoszenie i zablokuje treści zapobiegawczo, jeśli istnieją przesłanki, że opublikowano je bez zgody, przedstawiają osoby niepełnoletnie lub wiążą się z przymusem. O naszej decyzji poinformujemy Cię e-mailem.",
    reference: "W razie pytań podaj numer {reference}.",
    urgent:
      "Jeśli ktoś jest w bezpośrednim niebezpieczeństwie, natychmiast skontaktuj się z policją (numer alarmowy 110 w Niemczech, 112 w UE).",
  },
};

export function contentRemovalReceivedMail(input: { to: string; reference: string; language: string }): OutgoingMail {
  const texts = textsFor(TEXTS, input.language);
  const values = { reference: input.reference };
  return composeMail({
    to: input.to,
    template: "content_removal_received",
    language: input.language,
    subject: fill(texts.subject, values),
    blocks: [texts.greeting, texts.received, texts.next, texts.urgent, texts.reference].map((block) => fill(block, values)),
  });
}
