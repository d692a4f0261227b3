/**
 * The confirmation a requester gets for a content removal request (DSA
 * Art. 16: confirm receipt without undue delay). Texts in the four languages;
 * the requester's input is escaped in the HTML part.
 */
import type { OutgoingMail } from "../../integrations/mail/mailer";
import { escapeHtml } from "../pages/markdown";

interface Texts {
  subject: string;
  greeting: string;
  received: string;
  urlsHeading: string;
  next: string;
  reference: string;
  urgent: string;
}

const TEXTS: Record<string, Texts> = {
  de: {
    subject: "Deine Meldung {reference} ist eingegangen",
    greeting: "Hallo {name},",
    received: "vielen Dank für deine Meldung. Wir haben sie erhalten und unter der Nummer {reference} erfasst.",
    urlsHeading: "Gemeldete Inhalte:",
    next: "Unser Moderationsteam prüft die Meldung unverzüglich und sperrt die Inhalte vorsorglich, wenn es Hinweise auf eine Veröffentlichung ohne Einwilligung, auf Minderjährige oder auf Zwang gibt. Über unsere Entscheidung informieren wir dich per E-Mail.",
    reference: "Bitte gib bei Rückfragen die Nummer {reference} an.",
    urgent: "Wenn jemand in unmittelbarer Gefahr ist, wende dich bitte sofort an die Polizei (Notruf 110).",
  },
  en: {
    subject: "Your report {reference} has been received",
    greeting: "Hello {name},",
    received: "thank you for your report. We have received it and filed it under number {reference}.",
    urlsHeading: "Reported content:",
    next: "Our moderation team reviews the report without delay and blocks the content as a precaution if there are signs that it was published without consent, shows minors or involves coercion. We will inform you of our decision by e-mail.",
    reference: "Please quote number {reference} in any follow-up.",
    urgent: "If someone is in immediate danger, please contact the police at once (emergency number 110 in Germany, 112 in the EU).",
  },
  es: {
    subject: "Hemos recibido tu denuncia {reference}",
    greeting: "Hola {name}:",
    received: "gracias por tu denuncia. La hemos recibido y registrado con el número {reference}.",
    urlsHeading: "Contenidos denunciados:",
    next: "Nuestro equipo de moderación revisa la denuncia sin demora y bloquea los contenidos de forma preventiva si hay indicios de que se publicaron sin consentimiento, muestran a menores o implican coacción. Te informaremos de nuestra decisión por correo electrónico.",
    reference: "Indica el número {reference} en cualquier consulta.",
    urgent:
      "Si alguien está en peligro inmediato, contacta de inmediato con la policía (número de emergencia 110 en Alemania, 112 en la UE).",
  },
  pl: {
    subject: "Otrzymaliśmy Twoje zgłoszenie {reference}",
    greeting: "Cześć {name},",
    received: "dziękujemy za zgłoszenie. Otrzymaliśmy je i zarejestrowaliśmy pod numerem {reference}.",
    urlsHeading: "Zgłoszone treści:",
    next: "Nasz zespół moderacji niezwłocznie sprawdzi zgłoszenie i zablokuje treści zapobiegawczo, jeśli istnieją przesłanki, że opublikowano je bez zgody, przedstawiają osoby niepełnoletnie lub wiążą się z przymusem. O naszej decyzji poinformujemy Cię e-mailem.",
    reference: "W razie pytań podaj numer {reference}.",
    urgent:
      "Jeśli ktoś jest w bezpośrednim niebezpieczeństwie, natychmiast skontaktuj się z policją (numer alarmowy 110 w Niemczech, 112 w UE).",
  },
};

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

export function contentRemovalReceivedMail(input: {
  to: string;
  name: string;
  reference: string;
  urls: string[];
  language: string;
}): OutgoingMail {
  const texts = TEXTS[input.language] ?? TEXTS.de!;
  const values = { name: input.name, reference: input.reference };
  const [subject, greeting, received, next, reference] = [texts.subject, texts.greeting, texts.received, texts.next, texts.reference].map(
    (t) => fill(t, values),
  ) as [string, string, string, string, string];
  const text = [
    greeting,
    "",
    received,
    "",
    texts.urlsHeading,
    ...input.urls.map((url) => `- ${url}`),
    "",
    next,
    "",
    texts.urgent,
    "",
    reference,
    "",
  ].join("\n");
  const html =
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(received)}</p>` +
    `<p>${escapeHtml(texts.urlsHeading)}</p><ul>${input.urls.map((url) => `<li>${escapeHtml(url)}</li>`).join("")}</ul>` +
    `<p>${escapeHtml(next)}</p><p>${escapeHtml(texts.urgent)}</p><p>${escapeHtml(reference)}</p>`;
  return { to: input.to, subject, template: "content_removal_received", language: input.language, text, html };
}
