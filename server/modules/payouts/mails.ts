/** The payouts module's mails in the four languages (issue 27 item 5): the secure code's reset link, a failed payout. */
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

const FAILED: Record<Language, MemberMailTexts> = {
  de: {
    subject: "Deine Auszahlung ist nicht angekommen",
    greeting: "Hallo {username},",
    body: "deine Auszahlung über {amount} Dollar konnte nicht ausgeführt werden oder wurde von der Bank zurücküberwiesen. Die {amount} Dollar sind wieder in deinem verfügbaren Guthaben. Prüfe bitte deine Bankverbindung, bevor du eine neue Auszahlung beantragst:",
    tail: "Bei Fragen hilft dir unser Support.",
  },
  en: {
    subject: "Your payout did not arrive",
    greeting: "Hello {username},",
    body: "your payout of {amount} dollars could not be made or was sent back by the bank. The {amount} dollars are in your available balance again. Please check your bank details before you request a new payout:",
    tail: "If you have questions, our support is happy to help.",
  },
  es: {
    subject: "Tu pago no ha llegado",
    greeting: "Hola {username}:",
    body: "tu pago de {amount} dólares no se pudo realizar o el banco lo devolvió. Los {amount} dólares vuelven a estar en tu saldo disponible. Revisa tus datos bancarios antes de solicitar un nuevo pago:",
    tail: "Si tienes preguntas, nuestro soporte te ayuda.",
  },
  pl: {
    subject: "Twoja wypłata nie dotarła",
    greeting: "Cześć {username},",
    body: "Twojej wypłaty {amount} dolarów nie udało się zrealizować albo bank ją zwrócił. {amount} dolarów jest z powrotem w Twoim dostępnym saldzie. Sprawdź dane konta bankowego, zanim złożysz nowy wniosek o wypłatę:",
    tail: "Jeśli masz pytania, nasz support chętnie pomoże.",
  },
};

/** A payout that failed (returned by the bank, or refused): the dollars are available again. */
export const payoutFailedMail = (input: MemberMailInput & { link: string; values: { amount: string } }) =>
  memberMail(FAILED, "payout_failed", input);
