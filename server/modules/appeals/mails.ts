/**
 * The outcome of an internal complaint (DSA Art. 20(5)), to the appellant in their language: what was decided, the
 * reasons, and that out-of-court settlement (Art. 21) and the courts stay open.
 */
import type { AppealOutcome } from "../../contract/appeals";
import type { Language } from "../../contract/locales";
import { composeMail, fill, textsFor } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";

interface AppealTexts {
  subject: string;
  greeting: string;
  upheld: string;
  reversed: string;
  reasons: string;
  link: string;
  redress: string;
}

const APPEAL_TEXTS: Record<Language, AppealTexts> = {
  de: {
    subject: "Entscheidung über deine Beschwerde {reference}",
    greeting: "Hallo,",
    upheld: "wir haben deine Beschwerde {reference} geprüft. Die ursprüngliche Entscheidung bleibt bestehen.",
    reversed: "wir haben deine Beschwerde {reference} geprüft und geben dir recht: Wir haben die ursprüngliche Entscheidung aufgehoben.",
    reasons: "Begründung: {reasons}",
    link: "Die Einzelheiten findest du hier:",
    redress:
      "Du kannst dich weiterhin an eine zertifizierte außergerichtliche Streitbeilegungsstelle (Art. 21 DSA) oder an ein Gericht wenden.",
  },
  en: {
    subject: "Decision on your complaint {reference}",
    greeting: "Hello,",
    upheld: "we have reviewed your complaint {reference}. The original decision stands.",
    reversed: "we have reviewed your complaint {reference} and agree with you: we have reversed the original decision.",
    reasons: "Reasons: {reasons}",
    link: "You can find the details here:",
    redress: "You may still turn to a certified out-of-court dispute settlement body (Art. 21 DSA) or a court.",
  },
  es: {
    subject: "Decisión sobre tu reclamación {reference}",
    greeting: "Hola:",
    upheld: "hemos revisado tu reclamación {reference}. La decisión original se mantiene.",
    reversed: "hemos revisado tu reclamación {reference} y te damos la razón: hemos anulado la decisión original.",
    reasons: "Motivos: {reasons}",
    link: "Encontrarás los detalles aquí:",
    redress: "Sigues pudiendo acudir a un órgano certificado de resolución extrajudicial de litigios (art. 21 DSA) o a un tribunal.",
  },
  pl: {
    subject: "Decyzja w sprawie Twojej skargi {reference}",
    greeting: "Dzień dobry,",
    upheld: "rozpatrzyliśmy Twoją skargę {reference}. Pierwotna decyzja pozostaje w mocy.",
    reversed: "rozpatrzyliśmy Twoją skargę {reference} i przyznajemy Ci rację: uchyliliśmy pierwotną decyzję.",
    reasons: "Uzasadnienie: {reasons}",
    link: "Szczegóły znajdziesz tutaj:",
    redress: "Nadal możesz zwrócić się do certyfikowanego pozasądowego organu rozstrzygania sporów (art. 21 DSA) lub do sądu.",
  },
};

export function appealDecidedMail(input: {
  to: string;
  language: string;
  reference: string;
  outcome: AppealOutcome;
  reasons: string;
  link: string;
}): OutgoingMail {
  const texts = textsFor(APPEAL_TEXTS, input.language);
  const values = { reference: input.reference, reasons: input.reasons };
  return composeMail({
    to: input.to,
    template: "appeal_decided",
    language: input.language,
    subject: fill(texts.subject, values),
    blocks: [
      fill(texts.greeting, values),
      fill(texts[input.outcome], values),
      fill(texts.reasons, values),
      fill(texts.link, values),
      { link: input.link },
      fill(texts.redress, values),
    ],
  });
}
