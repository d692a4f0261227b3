/**
 * The verification mail in the four languages (the API sends it; wording
 * follows the web tier's tone, informal German "du").
 */
import type { Language } from "../../contract/locales";
import { composeMail, fill, textsFor } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";

const VERIFY: Record<Language, { subject: string; greeting: string; body: string; validity: string; ignore: string }> = {
  de: {
    subject: "Bitte bestätige deine E-Mail-Adresse",
    greeting: "Hallo {username},",
    body: "willkommen bei Velora! Bitte bestätige deine E-Mail-Adresse über diesen Link:",
    validity: "Der Link ist 48 Stunden gültig.",
    ignore: "Wenn du dich nicht registriert hast, ignoriere diese E-Mail einfach.",
  },
  en: {
    subject: "Please confirm your e-mail address",
    greeting: "Hello {username},",
    body: "welcome to Velora! Please confirm your e-mail address with this link:",
    validity: "The link is valid for 48 hours.",
    ignore: "If you did not sign up, just ignore this e-mail.",
  },
  es: {
    subject: "Confirma tu dirección de correo electrónico",
    greeting: "Hola {username}:",
    body: "¡bienvenido a Velora! Confirma tu dirección de correo con este enlace:",
    validity: "El enlace es válido durante 48 horas.",
    ignore: "Si no te has registrado, ignora este correo.",
  },
  pl: {
    subject: "Potwierdź swój adres e-mail",
    greeting: "Cześć {username},",
    body: "witamy w Velora! Potwierdź swój adres e-mail, klikając ten link:",
    validity: "Link jest ważny przez 48 godzin.",
    ignore: "Jeśli nie zakładałeś konta, po prostu zignoruj tę wiadomość.",
  },
};

export function emailVerificationMail(input: { to: string; username: string; link: string; language: string }): OutgoingMail {
  const text = textsFor(VERIFY, input.language);
  return composeMail({
    to: input.to,
    template: "email_verification",
    language: input.language,
    subject: text.subject,
    blocks: [fill(text.greeting, { username: input.username }), text.body, { link: input.link }, `${text.validity} ${text.ignore}`],
  });
}
