/** Texts of the claim code mail and SMS, in the four languages. */
import { composeMail, fill } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";

const TEXT: Record<string, { subject: string; body: string; sms: string; ignore: string }> = {
  de: {
    subject: "Dein Bestätigungscode für dein Profil",
    body: "Mit diesem Code übernimmst du dein Profil „{name}“. Er gilt 10 Minuten:",
    sms: "Dein Velora-Code: {code} (10 Minuten gültig). Damit übernimmst du dein Profil.",
    ignore: "Wenn du das nicht angefordert hast, ignoriere diese Nachricht.",
  },
  en: {
    subject: "Your verification code for your profile",
    body: "Use this code to claim your profile “{name}”. It is valid for 10 minutes:",
    sms: "Your Velora code: {code} (valid for 10 minutes). Use it to claim your profile.",
    ignore: "If you did not ask for this, ignore this message.",
  },
  es: {
    subject: "Tu código de verificación para tu perfil",
    body: "Usa este código para reclamar tu perfil «{name}». Es válido durante 10 minutos:",
    sms: "Tu código de Velora: {code} (válido 10 minutos). Úsalo para reclamar tu perfil.",
    ignore: "Si no lo has solicitado, ignora este mensaje.",
  },
  pl: {
    subject: "Twój kod weryfikacyjny do profilu",
    body: "Użyj tego kodu, aby przejąć swój profil „{name}”. Kod jest ważny 10 minut:",
    sms: "Twój kod Velora: {code} (ważny 10 minut). Użyj go, aby przejąć swój profil.",
    ignore: "Jeśli to nie Ty, zignoruj tę wiadomość.",
  },
};

function textFor(language: string) {
  return TEXT[language] ?? TEXT.de!;
}

export function claimCodeMail(input: { to: string; name: string; code: string; language: string }): OutgoingMail {
  const text = textFor(input.language);
  return composeMail({
    to: input.to,
    template: "profile_claim_code",
    language: input.language,
    subject: text.subject,
    blocks: [fill(text.body, { name: input.name }), { code: input.code }, text.ignore],
  });
}

export function claimCodeSms(code: string, language: string): string {
  return textFor(language).sms.replace("{code}", code);
}
