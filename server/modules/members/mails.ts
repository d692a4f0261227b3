/**
 * What the team's actions tell the member by mail, in their language (issue 30 item 5, ADR 118): the ban lifted, the
 * pause ended (by the team or at its end) and a verification reset. A ban and a pause themselves reach the member as
 * their statement of reasons (statements module). The mail names no staff member and repeats no staff reason.
 */
import type { Language } from "../../contract/locales";
import { memberMail, type MemberMailTexts } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";

type Texts = Record<Language, MemberMailTexts>;

const UNBANNED: Texts = {
  de: {
    subject: "Dein Konto {username} ist wieder freigeschaltet",
    greeting: "Hallo {username},",
    body: "wir haben die Sperre deines Kontos aufgehoben. Du kannst dich wieder anmelden; dein Profil ist wieder zu sehen, sobald es die üblichen Regeln erfüllt.",
    tail: "Dein Velora-Team",
  },
  en: {
    subject: "Your account {username} is unlocked again",
    greeting: "Hello {username},",
    body: "we have lifted the ban on your account. You can sign in again; your profile is shown again as soon as it meets the usual rules.",
    tail: "Your Velora team",
  },
  es: {
    subject: "Tu cuenta {username} vuelve a estar desbloqueada",
    greeting: "Hola, {username}:",
    body: "hemos levantado el bloqueo de tu cuenta. Puedes volver a iniciar sesión; tu perfil vuelve a mostrarse en cuanto cumpla las normas habituales.",
    tail: "El equipo de Velora",
  },
  pl: {
    subject: "Twoje konto {username} jest znów odblokowane",
    greeting: "Cześć {username},",
    body: "zdjęliśmy blokadę Twojego konta. Możesz znów się zalogować; Twój profil będzie znów widoczny, gdy tylko spełni zwykłe zasady.",
    tail: "Twój zespół Velora",
  },
};

const UNPAUSED: Texts = {
  de: {
    subject: "Dein Konto {username} ist wieder aktiv",
    greeting: "Hallo {username},",
    body: "die Pause, die unser Team für dein Konto eingelegt hatte, ist vorbei. Dein Profil ist wieder in der Suche und auf seiner Seite zu sehen.",
    tail: "Dein Velora-Team",
  },
  en: {
    subject: "Your account {username} is active again",
    greeting: "Hello {username},",
    body: "the pause our team had put on your account is over. Your profile is shown in search and on its page again.",
    tail: "Your Velora team",
  },
  es: {
    subject: "Tu cuenta {username} vuelve a estar activa",
    greeting: "Hola, {username}:",
    body: "la pausa que nuestro equipo había puesto en tu cuenta ha terminado. Tu perfil vuelve a aparecer en la búsqueda y en su página.",
    tail: "El equipo de Velora",
  },
  pl: {
    subject: "Twoje konto {username} jest znów aktywne",
    greeting: "Cześć {username},",
    body: "przerwa, którą nasz zespół nałożył na Twoje konto, dobiegła końca. Twój profil jest znów widoczny w wyszukiwarce i na swojej stronie.",
    tail: "Twój zespół Velora",
  },
};

const RESET: Texts = {
  de: {
    subject: "Bitte bestätige dein Konto {username} neu",
    greeting: "Hallo {username},",
    body: "unser Team hat deine bisherige Prüfung „{check}“ zurückgesetzt. Das Abzeichen dafür ist vorerst nicht mehr zu sehen, und du hast wieder alle Versuche. Du kannst die Prüfung hier neu machen:",
    tail: "Dein Velora-Team",
  },
  en: {
    subject: "Please verify your account {username} again",
    greeting: "Hello {username},",
    body: "our team has reset your previous “{check}” check. Its badge is not shown for now, and you have all your attempts again. You can take the check again here:",
    tail: "Your Velora team",
  },
  es: {
    subject: "Vuelve a verificar tu cuenta {username}",
    greeting: "Hola, {username}:",
    body: "nuestro equipo ha restablecido tu verificación «{check}». Su distintivo ya no se muestra por ahora y vuelves a tener todos los intentos. Puedes repetir la verificación aquí:",
    tail: "El equipo de Velora",
  },
  pl: {
    subject: "Potwierdź ponownie swoje konto {username}",
    greeting: "Cześć {username},",
    body: "nasz zespół zresetował Twoją dotychczasową weryfikację „{check}”. Jej odznaka na razie nie jest widoczna, a Ty znów masz wszystkie próby. Weryfikację możesz powtórzyć tutaj:",
    tail: "Twój zespół Velora",
  },
};

/** The check's name in the member's language (contract/verification VERIFICATION_KINDS). */
const CHECK_NAMES: Record<Language, Record<string, string>> = {
  de: { webcam: "Echtheit der Fotos (Webcam)", id: "Ausweis", prostschg: "Anmeldebescheinigung (ProstSchG)" },
  en: { webcam: "real photos (webcam)", id: "identity document", prostschg: "registration certificate (ProstSchG)" },
  es: { webcam: "fotos reales (webcam)", id: "documento de identidad", prostschg: "certificado de registro (ProstSchG)" },
  pl: { webcam: "prawdziwe zdjęcia (kamera)", id: "dokument tożsamości", prostschg: "zaświadczenie o rejestracji (ProstSchG)" },
};

interface To {
  to: string;
  username: string;
  language: string;
}

export const unbannedMail = (input: To): OutgoingMail => memberMail(UNBANNED, "member_unbanned", input);
export const unpausedMail = (input: To): OutgoingMail => memberMail(UNPAUSED, "member_unpaused", input);
export function verificationResetMail(input: To & { kind: string; link: string }): OutgoingMail {
  const names = CHECK_NAMES[(input.language in CHECK_NAMES ? input.language : "de") as Language];
  return memberMail(RESET, "member_verification_reset", { ...input, values: { check: names[input.kind] ?? input.kind } });
}
