/** The payouts module's mails in the four languages (issue 27 item 5): the secure code's reset link. */
import type { Language } from "../../contract/locales";
import { memberMail, type MemberMailInput, type MemberMailTexts } from "../../integrations/mail/compose";

const RESET: Record<Language, MemberMailTexts> = {
  de: {
    subject: "Sicherheitscode für Auszahlungen zurücksetzen",
    greeting: "Hallo {username},",
    body: "du möchtest einen neuen Sicherheitscode für deine Auszahlungen festlegen. Über diesen Link kannst du es innerhalb der nächsten Stunde tun:",
    tail: "Wenn du das nicht warst, ignoriere diese E-Mail. Dein bisheriger Code bleibt gesperrt, bis du ihn zurücksetzt.",
  },
  en: {
    subject: "Reset your payout security code",
    greeting: "Hello {username},",
    body: "you asked to choose a new security code for your payouts. Use this link within the next hour:",
    tail: "If this wasn't you, ignore this e-mail. Your current code stays as it is until you reset it.",
  },
  es: {
    subject: "Restablecer tu código de seguridad para pagos",
    greeting: "Hola {username}:",
    body: "has solicitado un nuevo código de seguridad para tus pagos. Usa este enlace durante la próxima hora:",
    tail: "Si no has sido tú, ignora este correo. Tu código actual no cambiará hasta que lo restablezcas.",
  },
  pl: {
    subject: "Resetowanie kodu bezpieczeństwa wypłat",
    greeting: "Cześć {username},",
    body: "otrzymaliśmy prośbę o nowy kod bezpieczeństwa do wypłat. Użyj tego linku w ciągu najbliższej godziny:",
    tail: "Jeśli to nie Ty, zignoruj tę wiadomość. Twój obecny kod pozostanie bez zmian, dopóki go nie zresetujesz.",
  },
};

export const secureCodeResetMail = (input: MemberMailInput & { link: string }) => memberMail(RESET, "payout_secure_code_reset", input);
