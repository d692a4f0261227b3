/**
 * The moderation decision mail (ADR 030): the owner learns, in their own language, that a photo or a
 * profile text was accepted or refused, and why (the reason from the contract's fixed list). Four
 * languages, informal German "du".
 */
import type { Language } from "../../contract/locales";
import { textFieldLabel, type RejectionReason, type ReviewedTextField, type TextFieldLabel } from "../../contract/moderation";
import { composeMail, fill, textsFor } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";

interface Words {
  greeting: string;
  subject: { accepted: string; rejected: string };
  /** {item}: "dein Foto", "deine Beschreibung"… */
  body: { accepted: string; rejected: string };
  reasonLine: string;
  tail: { accepted: string; rejected: string };
  /** What was decided, as a subject line names it (nominative) and as the body does (German accusative). */
  photo: [string, string];
  fields: Record<TextFieldLabel, [string, string]>;
  reasons: Record<RejectionReason, string>;
}

const WORDS: Record<Language, Words> = {
  de: {
    greeting: "Hallo {username},",
    subject: { accepted: "{item}: freigegeben", rejected: "{item}: nicht freigegeben" },
    body: {
      accepted: "unser Team hat {item} geprüft und freigegeben. Ab sofort sehen es auch andere.",
      rejected: "unser Team hat {item} geprüft und nicht freigegeben. Andere sehen es nicht.",
    },
    reasonLine: "Grund: {reason}",
    tail: {
      accepted: "Danke, dass du dein Profil aktuell hältst.",
      rejected: "Du kannst es in deinem Profil ändern oder ersetzen; die neue Fassung prüfen wir wieder. Fragen beantwortet unser Support.",
    },
    photo: ["Dein Foto", "dein Foto"],
    fields: {
      profession: ["Dein Beruf", "deinen Beruf"],
      status: ["Dein Status-Text", "deinen Status-Text"],
      description: ["Deine Beschreibung", "deine Beschreibung"],
      interests: ["Deine Interessen", "deine Interessen"],
      interview: ["Deine Interview-Antwort", "deine Interview-Antwort"],
    },
    reasons: {
      unprotected_sex: "Werbung für Sex ohne Kondom oder mit Schwangeren ist verboten (§ 32 ProstSchG).",
      contact_details: "Telefonnummern, Adressen und Links gehören nicht in Fotos und Profiltexte.",
      explicit_public: "Freizügige Inhalte dürfen nicht öffentlich sichtbar sein.",
      third_party: "Es zeigt andere Personen oder fremde Inhalte ohne Nachweis der Zustimmung.",
      poor_quality: "Die Qualität reicht nicht (unscharf, zu dunkel oder nicht erkennbar).",
      offensive: "Der Inhalt ist beleidigend, diskriminierend oder gewaltverherrlichend.",
      terms: "Der Inhalt verstößt gegen unsere Nutzungsbedingungen.",
    },
  },
  en: {
    greeting: "Hello {username},",
    subject: { accepted: "{item}: approved", rejected: "{item}: not approved" },
    body: {
      accepted: "our team has reviewed and approved {item}. Others can see it from now on.",
      rejected: "our team has reviewed {item} and did not approve it. Others do not see it.",
    },
    reasonLine: "Reason: {reason}",
    tail: {
      accepted: "Thank you for keeping your profile up to date.",
      rejected: "You can change or replace it in your profile; we will review the new version again. Our support answers questions.",
    },
    photo: ["Your photo", "your photo"],
    fields: {
      profession: ["Your profession", "your profession"],
      status: ["Your status text", "your status text"],
      description: ["Your description", "your description"],
      interests: ["Your interests", "your interests"],
      interview: ["Your interview answer", "your interview answer"],
    },
    reasons: {
      unprotected_sex: "Advertising sex without a condom or with pregnant women is forbidden (German ProstSchG § 32).",
      contact_details: "Phone numbers, addresses and links do not belong in photos and profile texts.",
      explicit_public: "Explicit content must not be publicly visible.",
      third_party: "It shows other people or someone else's content without proof of consent.",
      poor_quality: "The quality is not sufficient (blurred, too dark or unrecognisable).",
      offensive: "The content is insulting, discriminating or glorifies violence.",
      terms: "The content breaks our terms of use.",
    },
  },
  es: {
    greeting: "Hola {username}:",
    subject: { accepted: "{item}: aprobado", rejected: "{item}: no aprobado" },
    body: {
      accepted: "nuestro equipo ha revisado y aprobado {item}. A partir de ahora también lo ven los demás.",
      rejected: "nuestro equipo ha revisado {item} y no lo ha aprobado. Los demás no lo ven.",
    },
    reasonLine: "Motivo: {reason}",
    tail: {
      accepted: "Gracias por mantener tu perfil al día.",
      rejected: "Puedes cambiarlo o sustituirlo en tu perfil; revisaremos la nueva versión. Nuestro soporte responde a tus preguntas.",
    },
    photo: ["Tu foto", "tu foto"],
    fields: {
      profession: ["Tu profesión", "tu profesión"],
      status: ["Tu texto de estado", "tu texto de estado"],
      description: ["Tu descripción", "tu descripción"],
      interests: ["Tus intereses", "tus intereses"],
      interview: ["Tu respuesta de la entrevista", "tu respuesta de la entrevista"],
    },
    reasons: {
      unprotected_sex: "Está prohibido anunciar sexo sin preservativo o con embarazadas (ley alemana ProstSchG § 32).",
      contact_details: "Los teléfonos, direcciones y enlaces no pueden aparecer en fotos ni textos del perfil.",
      explicit_public: "El contenido explícito no puede ser visible públicamente.",
      third_party: "Muestra a otras personas o contenido ajeno sin prueba de consentimiento.",
      poor_quality: "La calidad no es suficiente (borrosa, demasiado oscura o irreconocible).",
      offensive: "El contenido es ofensivo, discriminatorio o hace apología de la violencia.",
      terms: "El contenido incumple nuestras condiciones de uso.",
    },
  },
  pl: {
    greeting: "Cześć {username},",
    subject: { accepted: "{item}: zatwierdzono", rejected: "{item}: nie zatwierdzono" },
    body: {
      accepted: "nasz zespół sprawdził i zatwierdził {item}. Od teraz widzą to także inni.",
      rejected: "nasz zespół sprawdził {item} i nie zatwierdził. Inni tego nie widzą.",
    },
    reasonLine: "Powód: {reason}",
    tail: {
      accepted: "Dziękujemy, że dbasz o aktualność profilu.",
      rejected: "Możesz to zmienić lub zastąpić w swoim profilu; nową wersję sprawdzimy ponownie. Na pytania odpowie nasze wsparcie.",
    },
    photo: ["Twoje zdjęcie", "twoje zdjęcie"],
    fields: {
      profession: ["Twój zawód", "twój zawód"],
      status: ["Twój status", "twój status"],
      description: ["Twój opis", "twój opis"],
      interests: ["Twoje zainteresowania", "twoje zainteresowania"],
      interview: ["Twoja odpowiedź w wywiadzie", "twoją odpowiedź w wywiadzie"],
    },
    reasons: {
      unprotected_sex: "Reklamowanie seksu bez prezerwatywy lub z kobietami w ciąży jest zabronione (niemiecka ustawa ProstSchG § 32).",
      contact_details: "Numery telefonów, adresy i linki nie mogą pojawiać się na zdjęciach ani w tekstach profilu.",
      explicit_public: "Treści erotyczne nie mogą być widoczne publicznie.",
      third_party: "Pokazuje inne osoby lub cudze treści bez dowodu zgody.",
      poor_quality: "Jakość jest niewystarczająca (nieostre, za ciemne lub nierozpoznawalne).",
      offensive: "Treść jest obraźliwa, dyskryminująca lub gloryfikuje przemoc.",
      terms: "Treść narusza nasz regulamin.",
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
  const [title, item] = input.subject.kind === "media" ? words.photo : words.fields[textFieldLabel(input.subject.field)];
  const outcome = input.accepted ? "accepted" : "rejected";
  const blocks = [
    fill(words.greeting, { username: input.username }),
    fill(words.body[outcome], { item }),
    ...(input.reason ? [fill(words.reasonLine, { reason: words.reasons[input.reason] })] : []),
    words.tail[outcome],
  ];
  return composeMail({
    to: input.to,
    template: `moderation_${outcome}`,
    language: input.language,
    subject: fill(words.subject[outcome], { item: title }),
    blocks,
  });
}
