/**
 * Mail texts. Kept with the API (which sends them) in the four languages;
 * the wording mirrors the web tier's tone.
 */
import type { OutgoingMail } from "../../integrations/mail/mailer";

const RESET: Record<string, { subject: string; greeting: string; body: string; ignore: string }> = {
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function passwordResetMail(input: { to: string; username: string; link: string; language: string }): OutgoingMail {
  const text = RESET[input.language] ?? RESET.de!;
  const greeting = text.greeting.replace("{username}", input.username);
  return {
    to: input.to,
    subject: text.subject,
    template: "password_reset",
    language: input.language,
    text: `${greeting}\n\n${text.body}\n${input.link}\n\n${text.ignore}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(text.body)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p><p>${escapeHtml(text.ignore)}</p>`,
  };
}
