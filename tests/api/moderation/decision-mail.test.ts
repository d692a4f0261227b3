/**
 * The moderation decision mail's grammar (issue 25 item 12): each content type in each language gets the
 * pronouns and participles that agree with it ("deine Beschreibung … ist sie", "tus intereses … aprobados",
 * "twoją odpowiedź … nie zatwierdził jej"), never one sentence for all ("… sehen es auch andere" of a plural).
 */
import { describe, expect, it } from "vitest";
import type { Language } from "#server/contract/locales";
import type { ReviewedTextField } from "#server/contract/moderation";
import { moderationDecisionMail } from "#server/modules/moderation/mails";

type Kind = "photo" | "profession" | "status" | "description" | "interests" | "interview";
const SUBJECTS: Record<Kind, { kind: "media" } | { kind: "text"; field: ReviewedTextField }> = {
  photo: { kind: "media" },
  profession: { kind: "text", field: "profession" },
  status: { kind: "text", field: "status" },
  description: { kind: "text", field: "description" },
  interests: { kind: "text", field: "interests" },
  interview: { kind: "text", field: "interview:perfect_date" },
};

/** Per language and content type: [subject when refused, the body's sentence when accepted, when refused, the refusal's tail start]. */
const EXPECTED: Record<Language, Record<Kind, [string, string, string, string]>> = {
  de: {
    photo: [
      "Dein Foto: nicht freigegeben",
      "Ab sofort ist es auch für andere sichtbar.",
      "Für andere ist es nicht sichtbar.",
      "Du kannst es ",
    ],
    profession: [
      "Dein Beruf: nicht freigegeben",
      "Ab sofort ist er auch für andere sichtbar.",
      "Für andere ist er nicht sichtbar.",
      "Du kannst ihn ",
    ],
    status: [
      "Dein Status-Text: nicht freigegeben",
      "Ab sofort ist er auch für andere sichtbar.",
      "Für andere ist er nicht sichtbar.",
      "Du kannst ihn ",
    ],
    description: [
      "Deine Beschreibung: nicht freigegeben",
      "Ab sofort ist sie auch für andere sichtbar.",
      "Für andere ist sie nicht sichtbar.",
      "Du kannst sie ",
    ],
    interests: [
      "Deine Interessen: nicht freigegeben",
      "Ab sofort sind sie auch für andere sichtbar.",
      "Für andere sind sie nicht sichtbar.",
      "Du kannst sie ",
    ],
    interview: [
      "Deine Interview-Antwort: nicht freigegeben",
      "Ab sofort ist sie auch für andere sichtbar.",
      "Für andere ist sie nicht sichtbar.",
      "Du kannst sie ",
    ],
  },
  en: {
    photo: [
      "Your photo: not approved",
      "Others can see it from now on.",
      "did not approve it. Others do not see it.",
      "You can change or replace it ",
    ],
    profession: [
      "Your profession: not approved",
      "Others can see it from now on.",
      "did not approve it. Others do not see it.",
      "You can change or replace it ",
    ],
    status: [
      "Your status text: not approved",
      "Others can see it from now on.",
      "did not approve it. Others do not see it.",
      "You can change or replace it ",
    ],
    description: [
      "Your description: not approved",
      "Others can see it from now on.",
      "did not approve it. Others do not see it.",
      "You can change or replace it ",
    ],
    interests: [
      "Your interests: not approved",
      "Others can see them from now on.",
      "did not approve them. Others do not see them.",
      "You can change or replace them ",
    ],
    interview: [
      "Your interview answer: not approved",
      "Others can see it from now on.",
      "did not approve it. Others do not see it.",
      "You can change or replace it ",
    ],
  },
  es: {
    photo: [
      "Tu foto: no aprobada",
      "también la ven los demás.",
      "y no la ha aprobado. Los demás no la ven.",
      "Puedes cambiarla o sustituirla ",
    ],
    profession: [
      "Tu profesión: no aprobada",
      "también la ven los demás.",
      "y no la ha aprobado. Los demás no la ven.",
      "Puedes cambiarla o sustituirla ",
    ],
    status: [
      "Tu texto de estado: no aprobado",
      "también lo ven los demás.",
      "y no lo ha aprobado. Los demás no lo ven.",
      "Puedes cambiarlo o sustituirlo ",
    ],
    description: [
      "Tu descripción: no aprobada",
      "también la ven los demás.",
      "y no la ha aprobado. Los demás no la ven.",
      "Puedes cambiarla o sustituirla ",
    ],
    interests: [
      "Tus intereses: no aprobados",
      "también los ven los demás.",
      "y no los ha aprobado. Los demás no los ven.",
      "Puedes cambiarlos o sustituirlos ",
    ],
    interview: [
      "Tu respuesta de la entrevista: no aprobada",
      "también la ven los demás.",
      "y no la ha aprobado. Los demás no la ven.",
      "Puedes cambiarla o sustituirla ",
    ],
  },
  pl: {
    photo: [
      "Twoje zdjęcie: nie zatwierdzono",
      "Od teraz widzą je także inni.",
      "i nie zatwierdził go. Inni go nie widzą.",
      "Możesz je zmienić",
    ],
    profession: [
      "Twój zawód: nie zatwierdzono",
      "Od teraz widzą go także inni.",
      "i nie zatwierdził go. Inni go nie widzą.",
      "Możesz go zmienić",
    ],
    status: [
      "Twój status: nie zatwierdzono",
      "Od teraz widzą go także inni.",
      "i nie zatwierdził go. Inni go nie widzą.",
      "Możesz go zmienić",
    ],
    description: [
      "Twój opis: nie zatwierdzono",
      "Od teraz widzą go także inni.",
      "i nie zatwierdził go. Inni go nie widzą.",
      "Możesz go zmienić",
    ],
    interests: [
      "Twoje zainteresowania: nie zatwierdzono",
      "Od teraz widzą je także inni.",
      "i nie zatwierdził ich. Inni ich nie widzą.",
      "Możesz je zmienić",
    ],
    interview: [
      "Twoja odpowiedź w wywiadzie: nie zatwierdzono",
      "Od teraz widzą ją także inni.",
      "i nie zatwierdził jej. Inni jej nie widzą.",
      "Możesz ją zmienić",
    ],
  },
};

const mail = (language: Language, kind: Kind, accepted: boolean) =>
  moderationDecisionMail({
    to: "anna@example.test",
    username: "anna",
    language,
    subject: SUBJECTS[kind],
    accepted,
    reason: accepted ? null : "terms",
  });

describe("moderation decision mail grammar", () => {
  for (const [language, kinds] of Object.entries(EXPECTED) as Array<[Language, Record<Kind, [string, string, string, string]>]>)
    for (const [kind, [refusedSubject, acceptedSentence, refusedSentence, tail]] of Object.entries(kinds) as Array<
      [Kind, [string, string, string, string]]
    >)
      it(`${language}: ${kind}`, () => {
        const accepted = mail(language, kind, true);
        const [, acceptedBody] = accepted.text.split("\n\n");
        expect(acceptedBody).toContain(acceptedSentence);
        const refused = mail(language, kind, false);
        expect(refused.subject).toBe(refusedSubject);
        const [, refusedBody, , refusedTail] = refused.text.split("\n\n");
        expect(refusedBody).toContain(refusedSentence);
        expect(refusedTail?.startsWith(tail), refusedTail).toBe(true);
        // Every placeholder filled, in both parts of both mails.
        for (const part of [accepted.subject, accepted.text, refused.subject, refused.text]) expect(part).not.toMatch(/[{}]/);
      });
});
