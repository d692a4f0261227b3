/**
 * Mail texts. Kept with the API (which sends them) in the four languages;
 * the wording mirrors the web tier's tone.
 */
import type { Language } from "../../contract/locales";
import { memberMail, type MemberMailInput, type MemberMailTexts } from "../../integrations/mail/compose";

const RESET: Record<Language, MemberMailTexts> = {
  de: {
    subject: "Passwort zurücksetzen",
    greeting: "Hallo {username},",
    body: "du hast ein neues Passwort angefordert. Über diesen Link kannst du es innerhalb der nächsten Stunde festlegen:",
    tail: "Wenn du das nicht warst, ignoriere diese E-Mail einfach. Dein Passwort bleibt unverändert.",
  },
  en: {
    subject: "Reset your password",
    greeting: "Hello {username},",
    body: "you asked for a new password. Use this link within the next hour to set it:",
    tail: "If this wasn't you, just ignore this e-mail. Your password stays unchanged.",
  },
  es: {
    subject: "Restablecer tu contraseña",
    greeting: "Hola {username}:",
    body: "has solicitado una nueva contraseña. Usa este enlace durante la próxima hora para establecerla:",
    tail: "Si no has sido tú, ignora este correo. Tu contraseña no cambiará.",
  },
  pl: {
    subject: "Resetowanie hasła",
    greeting: "Cześć {username},",
    body: "poprosiłeś o nowe hasło. Użyj tego linku w ciągu najbliższej godziny, aby je ustawić:",
    tail: "Jeśli to nie Ty, po prostu zignoruj tę wiadomość. Twoje hasło pozostanie bez zmian.",
  },
};

export const passwordResetMail = (input: MemberMailInput & { link: string }) => memberMail(RESET, "password_reset", input);
