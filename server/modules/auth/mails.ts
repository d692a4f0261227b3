/**
 * Mail texts. Kept with the API (which sends them) in the four languages;
 * the wording mirrors the web tier's tone.
 */
import type { Language } from "../../contract/locales";
import { composeMail, fill, textsFor } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";

const RESET: Record<Language, { subject: string; greeting: string; body: string; ignore: string }> = {
  de: {
    subject: "Passwort zurücksetzen",
    greeting: "Hallo {username},",
    body: "du hast ein neues Passwort angefordert. Über diesen Link kannst du es innerhalb der nächsten Stunde festlegen:",
    ignore: "Wenn du das nicht warst, ignoriere diese E-Mail einfach. Dein Passwort bleibt unverändert.",
  },
  en: {
    subject: "Reset your password",
    greeting: "Hello {username},",
    body: "you asked for a new password. Use this link within the next hour to set it:",
    ignore: "If this wasn't you, just ignore this e-mail. Your password stays unchanged.",
  },
  es: {
    subject: "Restablecer tu contraseña",
    greeting: "Hola {username}:",
    body: "has solicitado una nueva contraseña. Usa este enlace durante la próxima hora para establecerla:",
    ignore: "Si no has sido tú, ignora este correo. Tu contraseña no cambiará.",
  },
  pl: {
    subject: "Resetowanie hasła",
    greeting: "Cześć {username},",
    body: "poprosiłeś o nowe hasło. Użyj tego linku w ciągu najbliższej godziny, aby je ustawić:",
    ignore: "Jeśli to nie Ty, po prostu zignoruj tę wiadomość. Twoje hasło pozostanie bez zmian.",
  },
};

export function passwordResetMail(input: { to: string; username: string; link: string; language: string }): OutgoingMail {
  const text = textsFor(RESET, input.language);
  return composeMail({
    to: input.to,
    template: "password_reset",
    language: input.language,
    subject: text.subject,
    blocks: [fill(text.greeting, { username: input.username }), text.body, { link: input.link }, text.ignore],
  });
}
