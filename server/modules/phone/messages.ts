/** The phone verification SMS in the four languages. */
const TEXT: Record<string, string> = {
  de: "Dein Velora-Bestätigungscode: {code}. Er gilt 10 Minuten.",
  en: "Your Velora verification code: {code}. It is valid for 10 minutes.",
  es: "Tu código de verificación de Velora: {code}. Es válido durante 10 minutos.",
  pl: "Twój kod weryfikacyjny Velora: {code}. Jest ważny 10 minut.",
};

export function phoneVerificationSms(code: string, language: string): string {
  return (TEXT[language] ?? TEXT.de!).replace("{code}", code);
}
