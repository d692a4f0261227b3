/**
 * The moderation decision mail (ADR 030): the owner learns, in their own language, that a photo or a
 * profile text was accepted or refused, and why (the reason from the contract's fixed list). Four
 * languages, informal German "du".
 */
import type { Language } from "../../contract/locales";
import { textFieldLabel, type RejectionReason, type ReviewedTextField, type TextFieldLabel } from "../../contract/moderation";
import { composeMail, fill, textsFor } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";
// The reasons' wording is the statements' (the statement's facts quote it), one text for both.
import { rejectionReasonText } from "../statements/index";

/**
 * The grammatical class of what was decided, per language: the pronoun and the participle that refer to it must
 * agree with it ("deine Beschreibung … sie", "tus intereses … aprobados", "twoją odpowiedź … jej"; issue 25).
 * de: masculine, feminine, neuter, plural; en: singular (m, f, n alike), plural; es: masculine (n alike), feminine,
 * masculine plural; pl: masculine (inanimate), feminine, neuter, plural (non-virile).
 */
type Agreement = "m" | "f" | "n" | "pl";

/** An item's names: as the subject line names it (nominative), as the body does (object), and its class. */
interface Item {
  title: string;
  object: string;
  agrees: Agreement;
}

interface Words {
  greeting: string;
  /** {item}: the item's title; {decided}: the participle agreeing with it (where the language needs one). */
  subject: { accepted: string; rejected: string };
  /** {item}: the item as an object ("dein Foto", "deine Beschreibung"); the agreement's words by name. */
  body: { accepted: string; rejected: string };
  reasonLine: string;
  tail: { accepted: string; rejected: string };
  /**
   * Per class, the words that agree with the item, filled into the subject, body and tail by name: the object
   * pronoun ({it}), the one after a negation where the language changes it ({it_neg}), the subject pronoun and
   * its verb ({it_nom} {is}), the participle ({decided}).
   */
  agreement: Record<Agreement, Record<string, string>>;
  photo: Item;
  fields: Record<TextFieldLabel, Item>;
}

const item = (title: string, object: string, agrees: Agreement): Item => ({ title, object, agrees });

const WORDS: Record<Language, Words> = {
  de: {
    greeting: "Hallo {username},",
    subject: { accepted: "{item}: freigegeben", rejected: "{item}: nicht freigegeben" },
    body: {
      accepted: "unser Team hat {item} geprüft und freigegeben. Ab sofort {is} {it_nom} auch für andere sichtbar.",
      rejected: "unser Team hat {item} geprüft und nicht freigegeben. Für andere {is} {it_nom} nicht sichtbar.",
    },
    reasonLine: "Grund: {reason}",
    tail: {
      accepted: "Danke, dass du dein Profil aktuell hältst.",
      rejected:
        "Du kannst {it} in deinem Profil ändern oder ersetzen; die neue Fassung prüfen wir wieder. Fragen beantwortet unser Support.",
    },
    agreement: {
      m: { it: "ihn", it_nom: "er", is: "ist" },
      f: { it: "sie", it_nom: "sie", is: "ist" },
      n: { it: "es", it_nom: "es", is: "ist" },
      pl: { it: "sie", it_nom: "sie", is: "sind" },
    },
    photo: item("Dein Foto", "dein Foto", "n"),
    fields: {
      profession: item("Dein Beruf", "deinen Beruf", "m"),
      status: item("Dein Status-Text", "deinen Status-Text", "m"),
      description: item("Deine Beschreibung", "deine Beschreibung", "f"),
      interests: item("Deine Interessen", "deine Interessen", "pl"),
      interview: item("Deine Interview-Antwort", "deine Interview-Antwort", "f"),
    },
  },
  en: {
    greeting: "Hello {username},",
    subject: { accepted: "{item}: approved", rejected: "{item}: not approved" },
    body: {
      accepted: "our team has reviewed and approved {item}. Others can see {it} from now on.",
      rejected: "our team has reviewed {item} and did not approve {it}. Others do not see {it}.",
    },
    reasonLine: "Reason: {reason}",
    tail: {
      accepted: "Thank you for keeping your profile up to date.",
      rejected: "You can change or replace {it} in your profile; we will review the new version again. Our support answers questions.",
    },
    agreement: {
      m: { it: "it" },
      f: { it: "it" },
      n: { it: "it" },
      pl: { it: "them" },
    },
    photo: item("Your photo", "your photo", "n"),
    fields: {
      profession: item("Your profession", "your profession", "n"),
      status: item("Your status text", "your status text", "n"),
      description: item("Your description", "your description", "n"),
      interests: item("Your interests", "your interests", "pl"),
      interview: item("Your interview answer", "your interview answer", "n"),
    },
  },
  es: {
    greeting: "Hola {username}:",
    subject: { accepted: "{item}: {decided}", rejected: "{item}: no {decided}" },
    body: {
      accepted: "nuestro equipo ha revisado y aprobado {item}. A partir de ahora también {it} ven los demás.",
      rejected: "nuestro equipo ha revisado {item} y no {it} ha aprobado. Los demás no {it} ven.",
    },
    reasonLine: "Motivo: {reason}",
    tail: {
      accepted: "Gracias por mantener tu perfil al día.",
      rejected: "Puedes cambiar{it} o sustituir{it} en tu perfil; revisaremos la nueva versión. Nuestro soporte responde a tus preguntas.",
    },
    agreement: {
      m: { it: "lo", decided: "aprobado" },
      f: { it: "la", decided: "aprobada" },
      n: { it: "lo", decided: "aprobado" },
      pl: { it: "los", decided: "aprobados" },
    },
    photo: item("Tu foto", "tu foto", "f"),
    fields: {
      profession: item("Tu profesión", "tu profesión", "f"),
      status: item("Tu texto de estado", "tu texto de estado", "m"),
      description: item("Tu descripción", "tu descripción", "f"),
      interests: item("Tus intereses", "tus intereses", "pl"),
      interview: item("Tu respuesta de la entrevista", "tu respuesta de la entrevista", "f"),
    },
  },
  pl: {
    greeting: "Cześć {username},",
    subject: { accepted: "{item}: zatwierdzono", rejected: "{item}: nie zatwierdzono" },
    body: {
      // After a negation Polish takes the genitive: "nie zatwierdził go / jej / ich".
      accepted: "nasz zespół sprawdził i zatwierdził {item}. Od teraz widzą {it} także inni.",
      rejected: "nasz zespół sprawdził {item} i nie zatwierdził {it_neg}. Inni {it_neg} nie widzą.",
    },
    reasonLine: "Powód: {reason}",
    tail: {
      accepted: "Dziękujemy, że dbasz o aktualność profilu.",
      rejected: "Możesz {it} zmienić lub zastąpić w swoim profilu; nową wersję sprawdzimy ponownie. Na pytania odpowie nasze wsparcie.",
    },
    agreement: {
      m: { it: "go", it_neg: "go" },
      f: { it: "ją", it_neg: "jej" },
      n: { it: "je", it_neg: "go" },
      pl: { it: "je", it_neg: "ich" },
    },
    photo: item("Twoje zdjęcie", "twoje zdjęcie", "n"),
    fields: {
      profession: item("Twój zawód", "twój zawód", "m"),
      status: item("Twój status", "twój status", "m"),
      description: item("Twój opis", "twój opis", "m"),
      interests: item("Twoje zainteresowania", "twoje zainteresowania", "pl"),
      interview: item("Twoja odpowiedź w wywiadzie", "twoją odpowiedź w wywiadzie", "f"),
    },
  },
};

export function moderationDecisionMail(input: {
  to: string;
  username: string;
  language: string;
  subject: { kind: "media" } | { kind: "text"; field: ReviewedTextField };
  accepted: boolean;
  reason: RejectionReason | null;
}): OutgoingMail {
  const words = textsFor(WORDS, input.language);
  const decided = input.subject.kind === "media" ? words.photo : words.fields[textFieldLabel(input.subject.field)];
  const agreement = words.agreement[decided.agrees];
  const values = { ...agreement, item: decided.object };
  const outcome = input.accepted ? "accepted" : "rejected";
  const blocks = [
    fill(words.greeting, { username: input.username }),
    fill(words.body[outcome], values),
    ...(input.reason ? [fill(words.reasonLine, { reason: rejectionReasonText(input.language, input.reason) })] : []),
    fill(words.tail[outcome], values),
  ];
  return composeMail({
    to: input.to,
    template: `moderation_${outcome}`,
    language: input.language,
    subject: fill(words.subject[outcome], { ...agreement, item: decided.title }),
    blocks,
  });
}
