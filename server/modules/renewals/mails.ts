/** The renewal mails (issue 26 item 5): a failed charge with the rebill link, and the end of plus. Informal German "du". */
import type { Language } from "../../contract/locales";
import { memberMail, type MemberMailInput, type MemberMailTexts } from "../../integrations/mail/compose";

type Texts = Record<Language, MemberMailTexts>;

const FAILED: Texts = {
  de: {
    subject: "Deine Plus-Mitgliedschaft: die Zahlung hat nicht geklappt",
    greeting: "Hallo {username},",
    body: "wir konnten deine Plus-Mitgliedschaft nicht verlängern: die Zahlung wurde abgelehnt. Plus läuft bis {period_end}. Mit diesem Link zahlst du in einem Schritt und behältst Plus:",
    tail: "Der Link gilt 7 Tage und nur einmal. Wir versuchen es am {next_attempt} noch einmal. Wenn du nichts tust, endet Plus nach dem letzten Versuch.",
  },
  en: {
    subject: "Your plus membership: the payment did not go through",
    greeting: "Hello {username},",
    body: "we could not renew your plus membership: the payment was declined. Plus runs until {period_end}. Pay in one step with this link and keep plus:",
    tail: "The link works for 7 days and once only. We will try again on {next_attempt}. If you do nothing, plus ends after the last attempt.",
  },
  es: {
    subject: "Tu membresía plus: el pago no se ha realizado",
    greeting: "Hola {username}:",
    body: "no hemos podido renovar tu membresía plus: el pago fue rechazado. Plus dura hasta el {period_end}. Paga en un paso con este enlace y conserva plus:",
    tail: "El enlace es válido 7 días y una sola vez. Lo intentaremos de nuevo el {next_attempt}. Si no haces nada, plus termina tras el último intento.",
  },
  pl: {
    subject: "Twoje członkostwo plus: płatność się nie udała",
    greeting: "Cześć {username},",
    body: "nie mogliśmy przedłużyć twojego członkostwa plus: płatność została odrzucona. Plus działa do {period_end}. Zapłać jednym krokiem przez ten link i zachowaj plus:",
    tail: "Link jest ważny 7 dni i tylko raz. Spróbujemy ponownie {next_attempt}. Jeśli nic nie zrobisz, plus skończy się po ostatniej próbie.",
  },
};

const ENDED: Texts = {
  de: {
    subject: "Deine Plus-Mitgliedschaft ist beendet",
    greeting: "Hallo {username},",
    body: "wir konnten deine Plus-Mitgliedschaft auch nach mehreren Versuchen nicht verlängern. Sie ist deshalb am {period_end} beendet. Du kannst Plus jederzeit wieder buchen:",
    tail: "Dein Konto und deine Daten bleiben unverändert.",
  },
  en: {
    subject: "Your plus membership has ended",
    greeting: "Hello {username},",
    body: "we could not renew your plus membership after several attempts, so it ended on {period_end}. You can book plus again at any time:",
    tail: "Your account and your data stay as they are.",
  },
  es: {
    subject: "Tu membresía plus ha terminado",
    greeting: "Hola {username}:",
    body: "no hemos podido renovar tu membresía plus tras varios intentos, así que terminó el {period_end}. Puedes volver a contratar plus cuando quieras:",
    tail: "Tu cuenta y tus datos siguen igual.",
  },
  pl: {
    subject: "Twoje członkostwo plus zakończyło się",
    greeting: "Cześć {username},",
    body: "mimo kilku prób nie udało się przedłużyć twojego członkostwa plus, dlatego zakończyło się {period_end}. Możesz w każdej chwili ponownie wykupić plus:",
    tail: "Twoje konto i dane pozostają bez zmian.",
  },
};

export const renewalFailedMail = (input: MemberMailInput & { link: string; periodEnd: string; nextAttempt: string }) =>
  memberMail(FAILED, "renewal_failed", { ...input, values: { period_end: input.periodEnd, next_attempt: input.nextAttempt } });

export const renewalEndedMail = (input: MemberMailInput & { link: string; periodEnd: string }) =>
  memberMail(ENDED, "renewal_ended", { ...input, values: { period_end: input.periodEnd } });

const DATE_LOCALES: Record<Language, string> = { de: "de-DE", en: "en-GB", es: "es-ES", pl: "pl-PL" };

/** A date in the member's language (UTC, as the database keeps it). */
export function mailDate(ms: number, language: string): string {
  const locale = DATE_LOCALES[language as Language] ?? DATE_LOCALES.de;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(ms));
}
