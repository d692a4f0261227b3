/**
 * The mails of reports and notices (ADR 038): the receipt a reporter gets (DSA Art. 16: confirm receipt without
 * undue delay), and the decision (the reported account is told by its statement of reasons, ADR 128). Texts in the four languages.
 * A guest's address is whatever they typed, unverified, so a mail carries nothing else they typed (no name, no
 * links): the form cannot be used to send someone a message in our name (issue 9 item 9). The reference is ours.
 * A guest's address first gets only the confirmation link (ADR 059); the receipt and the decision follow once the
 * address is confirmed.
 */
import type { Language } from "../../contract/locales";
import { composeMail, fill, textsFor, type MailBlock } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";
import type { ReportOutcome } from "../../contract/reports";
import { APPEAL_WINDOW_MONTHS } from "../../contract/statements";

const OUTCOME_TEXTS: Record<Language, Record<ReportOutcome, string>> = {
  de: {
    no_action: "Wir haben keinen Verstoß festgestellt und nichts entfernt.",
    content_removed: "Wir haben die gemeldeten Inhalte entfernt.",
    account_restricted: "Wir haben das Konto eingeschränkt.",
    account_banned: "Wir haben das Konto gesperrt.",
  },
  en: {
    no_action: "We found no violation and removed nothing.",
    content_removed: "We removed the reported content.",
    account_restricted: "We restricted the account.",
    account_banned: "We banned the account.",
  },
  es: {
    no_action: "No hemos encontrado ninguna infracción y no hemos eliminado nada.",
    content_removed: "Hemos eliminado el contenido denunciado.",
    account_restricted: "Hemos restringido la cuenta.",
    account_banned: "Hemos bloqueado la cuenta.",
  },
  pl: {
    no_action: "Nie stwierdziliśmy naruszenia i niczego nie usunęliśmy.",
    content_removed: "Usunęliśmy zgłoszone treści.",
    account_restricted: "Ograniczyliśmy konto.",
    account_banned: "Zablokowaliśmy konto.",
  },
};

interface ReportTexts {
  confirmSubject: string;
  confirmBody: string;
  confirmValid: string;
  confirmIgnore: string;
  receivedSubject: string;
  receivedBody: string;
  receivedNext: string;
  decidedSubject: string;
  decidedBody: string;
  reasons: string;
  redress: string;
  /** The internal complaint (DSA Art. 20) with its link, then out-of-court settlement and courts. */
  appealRedress: string;
  /** Out-of-court settlement (Art. 21 DSA) and the courts, after the complaint link. */
  otherWays: string;
  greeting: string;
  reference: string;
}

const REPORT_TEXTS: Record<Language, ReportTexts> = {
  de: {
    confirmSubject: "Bitte bestätige deine E-Mail-Adresse für deine Meldung",
    confirmBody:
      "über unser Meldeformular ist eine Meldung mit dieser E-Mail-Adresse eingegangen. Bestätige deine Adresse über den folgenden Link, damit wir dir die Eingangsbestätigung und später unsere Entscheidung schicken können:",
    confirmValid: "Der Link gilt {hours} Stunden und nur einmal.",
    confirmIgnore:
      "Hast du keine Meldung abgeschickt, ignoriere diese E-Mail einfach; wir schreiben dir dann nicht mehr. Die Meldung selbst prüfen wir trotzdem.",
    greeting: "Hallo,",
    receivedSubject: "Deine Meldung {reference} ist eingegangen",
    receivedBody: "vielen Dank für deine Meldung. Wir haben sie erhalten und unter der Nummer {reference} erfasst.",
    receivedNext:
      "Unser Moderationsteam prüft sie so schnell wie möglich; Meldungen zu Minderjährigen und Menschenhandel zuerst. Über unsere Entscheidung informieren wir dich per E-Mail.",
    decidedSubject: "Unsere Entscheidung zu deiner Meldung {reference}",
    decidedBody: "wir haben deine Meldung {reference} geprüft. {outcome}",
    reasons: "Begründung: {statement}",
    redress:
      "Bist du mit der Entscheidung nicht einverstanden, antworte auf diese E-Mail; wir prüfen sie dann erneut. Du kannst dich auch an eine außergerichtliche Streitbeilegungsstelle oder ein Gericht wenden.",
    appealRedress:
      "Bist du mit der Entscheidung nicht einverstanden, kannst du innerhalb von {months} Monaten kostenlos Beschwerde bei uns einlegen; jemand, der nicht an der Entscheidung beteiligt war, prüft sie dann:",
    otherWays:
      "Du kannst dich außerdem an eine zertifizierte außergerichtliche Streitbeilegungsstelle (Art. 21 DSA) oder an ein Gericht wenden.",
    reference: "Bitte gib bei Rückfragen die Nummer {reference} an.",
  },
  en: {
    confirmSubject: "Please confirm your e-mail address for your report",
    confirmBody:
      "a report was filed through our notice form with this e-mail address. Confirm your address through the link below so that we can send you the receipt and, later, our decision:",
    confirmValid: "The link is valid for {hours} hours and works once.",
    confirmIgnore:
      "If you did not file a report, simply ignore this e-mail; we will not write to you again. We review the report itself all the same.",
    greeting: "Hello,",
    receivedSubject: "Your report {reference} has been received",
    receivedBody: "thank you for your report. We have received it and filed it under number {reference}.",
    receivedNext:
      "Our moderation team reviews it as soon as possible, reports about minors and trafficking first. We will inform you of our decision by e-mail.",
    decidedSubject: "Our decision on your report {reference}",
    decidedBody: "we have reviewed your report {reference}. {outcome}",
    reasons: "Reasons: {statement}",
    redress:
      "If you disagree with the decision, reply to this e-mail and we will review it again. You may also turn to an out-of-court dispute settlement body or a court.",
    appealRedress:
      "If you disagree with the decision, you can complain to us free of charge within {months} months; someone who was not involved in the decision will then review it:",
    otherWays: "You may also turn to a certified out-of-court dispute settlement body (Art. 21 DSA) or a court.",
    reference: "Please quote number {reference} in any follow-up.",
  },
  es: {
    confirmSubject: "Confirma tu dirección de correo electrónico para tu denuncia",
    confirmBody:
      "hemos recibido una denuncia a través de nuestro formulario con esta dirección de correo electrónico. Confirma tu dirección con el siguiente enlace para que podamos enviarte el acuse de recibo y, más adelante, nuestra decisión:",
    confirmValid: "El enlace es válido durante {hours} horas y solo una vez.",
    confirmIgnore: "Si no has enviado ninguna denuncia, ignora este correo; no volveremos a escribirte. Aun así, revisaremos la denuncia.",
    greeting: "Hola:",
    receivedSubject: "Hemos recibido tu denuncia {reference}",
    receivedBody: "gracias por tu denuncia. La hemos recibido y registrado con el número {reference}.",
    receivedNext:
      "Nuestro equipo de moderación la revisará lo antes posible, primero las denuncias sobre menores y trata. Te informaremos de nuestra decisión por correo electrónico.",
    decidedSubject: "Nuestra decisión sobre tu denuncia {reference}",
    decidedBody: "hemos revisado tu denuncia {reference}. {outcome}",
    reasons: "Motivos: {statement}",
    redress:
      "Si no estás de acuerdo con la decisión, responde a este correo y la revisaremos de nuevo. También puedes acudir a un órgano de resolución extrajudicial de litigios o a un tribunal.",
    appealRedress:
      "Si no estás de acuerdo con la decisión, puedes presentarnos una reclamación gratuita en un plazo de {months} meses; la revisará alguien que no participó en la decisión:",
    otherWays: "También puedes acudir a un órgano certificado de resolución extrajudicial de litigios (art. 21 DSA) o a un tribunal.",
    reference: "Indica el número {reference} en cualquier consulta.",
  },
  pl: {
    confirmSubject: "Potwierdź swój adres e-mail dla zgłoszenia",
    confirmBody:
      "przez nasz formularz wpłynęło zgłoszenie z tym adresem e-mail. Potwierdź swój adres, klikając poniższy link, abyśmy mogli wysłać Ci potwierdzenie otrzymania, a później naszą decyzję:",
    confirmValid: "Link jest ważny przez {hours} godzin i działa tylko raz.",
    confirmIgnore:
      "Jeśli nie wysyłałeś(-aś) zgłoszenia, zignoruj tę wiadomość; nie będziemy już do Ciebie pisać. Samo zgłoszenie i tak sprawdzimy.",
    greeting: "Dzień dobry,",
    receivedSubject: "Otrzymaliśmy Twoje zgłoszenie {reference}",
    receivedBody: "dziękujemy za zgłoszenie. Otrzymaliśmy je i zarejestrowaliśmy pod numerem {reference}.",
    receivedNext:
      "Nasz zespół moderacji sprawdzi je jak najszybciej, w pierwszej kolejności zgłoszenia dotyczące osób niepełnoletnich i handlu ludźmi. O naszej decyzji poinformujemy Cię e-mailem.",
    decidedSubject: "Nasza decyzja w sprawie zgłoszenia {reference}",
    decidedBody: "sprawdziliśmy Twoje zgłoszenie {reference}. {outcome}",
    reasons: "Uzasadnienie: {statement}",
    redress:
      "Jeśli nie zgadzasz się z decyzją, odpowiedz na tę wiadomość, a ponownie ją rozpatrzymy. Możesz też zwrócić się do pozasądowego organu rozstrzygania sporów lub do sądu.",
    appealRedress:
      "Jeśli nie zgadzasz się z decyzją, możesz w ciągu {months} miesięcy bezpłatnie złożyć u nas skargę; rozpatrzy ją osoba, która nie brała udziału w decyzji:",
    otherWays: "Możesz też zwrócić się do certyfikowanego pozasądowego organu rozstrzygania sporów (art. 21 DSA) lub do sądu.",
    reference: "W razie pytań podaj numer {reference}.",
  },
};

/**
 * The confirmation of a report (DSA Art. 16(4)). As for content removal requests, the address may be a guest's
 * unverified one: the mail repeats nothing the reporter typed, only our reference.
 */
/** One report mail: its subject and blocks are REPORT_TEXTS entries in the reader's language, filled with `values`. */
function reportMail(
  input: { to: string; language: string },
  template: string,
  values: Record<string, string>,
  subject: keyof ReportTexts,
  blocks: Array<keyof ReportTexts | { link: string }>,
): OutgoingMail {
  const texts = textsFor(REPORT_TEXTS, input.language);
  return composeMail({
    to: input.to,
    template,
    language: input.language,
    subject: fill(texts[subject], values),
    blocks: blocks.map((block): MailBlock => (typeof block === "string" ? fill(texts[block], values) : block)),
  });
}

/**
 * The one mail a guest's typed address gets before it is confirmed (ADR 059): short, nothing the guest typed, no
 * reference, only our single-use link, so the form cannot be used to send a stranger anything but this.
 */
export function reportEmailConfirmMail(input: { to: string; language: string; link: string; validHours: number }): OutgoingMail {
  return reportMail(input, "report_email_confirm", { hours: String(input.validHours) }, "confirmSubject", [
    "greeting",
    "confirmBody",
    { link: input.link },
    "confirmValid",
    "confirmIgnore",
  ]);
}

export function reportReceivedMail(input: { to: string; reference: string; language: string }): OutgoingMail {
  return reportMail(input, "report_received", { reference: input.reference }, "receivedSubject", [
    "greeting",
    "receivedBody",
    "receivedNext",
    "reference",
  ]);
}

/** What a decision's mails say of it: the reference, the outcome in the reader's words and the statement of reasons. */
function decisionValues(input: { reference: string; language: string; outcome: ReportOutcome; statement: string }) {
  return { reference: input.reference, outcome: textsFor(OUTCOME_TEXTS, input.language)[input.outcome], statement: input.statement };
}

/**
 * The decision on a report, to the reporter (DSA Art. 16(5)): what was decided, why, and how to contest it. A member
 * whose report was decided without action may complain from "my reports" (Art. 20, ADR 113): `appealLink` names it;
 * anyone else is told to reply, and of out-of-court settlement and the courts.
 */
export function reportDecidedMail(input: {
  to: string;
  reference: string;
  language: string;
  outcome: ReportOutcome;
  statement: string;
  appealLink?: string;
}): OutgoingMail {
  const values = { ...decisionValues(input), link: input.appealLink ?? "", months: String(APPEAL_WINDOW_MONTHS) };
  return reportMail(input, "report_decided", values, "decidedSubject", [
    "greeting",
    "decidedBody",
    "reasons",
    ...(input.appealLink ? (["appealRedress", { link: input.appealLink }, "otherWays"] as const) : (["redress"] as const)),
    "reference",
  ]);
}
