/**
 * The account-security mails of the settings (issue 10), in the four languages, informal German "du":
 * the link to a new address, and notices to the old one so a takeover never goes unnoticed.
 */
import type { Language } from "../../contract/locales";
import { memberMail, type MemberMailInput, type MemberMailTexts } from "../../integrations/mail/compose";

type Texts = Record<Language, MemberMailTexts>;

const CONFIRM_NEW: Texts = {
  de: {
    subject: "Bitte bestätige deine neue E-Mail-Adresse",
    greeting: "Hallo {username},",
    body: "du möchtest bei Velora künftig diese Adresse verwenden. Bitte bestätige sie über diesen Link:",
    tail: "Der Link ist 24 Stunden gültig. Bis dahin bleibt deine bisherige Adresse aktiv. Wenn du das nicht warst, ignoriere diese E-Mail.",
  },
  en: {
    subject: "Please confirm your new e-mail address",
    greeting: "Hello {username},",
    body: "you would like to use this address at Velora from now on. Please confirm it with this link:",
    tail: "The link is valid for 24 hours. Until then your current address stays in use. If this was not you, ignore this e-mail.",
  },
  es: {
    subject: "Confirma tu nueva dirección de correo",
    greeting: "Hola {username}:",
    body: "quieres usar esta dirección en Velora a partir de ahora. Confírmala con este enlace:",
    tail: "El enlace es válido durante 24 horas. Hasta entonces tu dirección actual sigue activa. Si no has sido tú, ignora este correo.",
  },
  pl: {
    subject: "Potwierdź swój nowy adres e-mail",
    greeting: "Cześć {username},",
    body: "chcesz od teraz używać tego adresu w Velora. Potwierdź go, klikając ten link:",
    tail: "Link jest ważny przez 24 godziny. Do tego czasu twój obecny adres pozostaje aktywny. Jeśli to nie ty, zignoruj tę wiadomość.",
  },
};

const CHANGE_REQUESTED: Texts = {
  de: {
    subject: "Deine E-Mail-Adresse soll geändert werden",
    greeting: "Hallo {username},",
    body: "für dein Konto wurde eine neue E-Mail-Adresse angegeben: {target}. Sie gilt erst, wenn der Link an sie bestätigt wird.",
    tail: "Wenn du das nicht warst, ändere bitte sofort dein Passwort unter Einstellungen › E-Mail & Passwort.",
  },
  en: {
    subject: "A change of your e-mail address was requested",
    greeting: "Hello {username},",
    body: "a new e-mail address was given for your account: {target}. It takes effect only once the link sent to it is confirmed.",
    tail: "If this was not you, please change your password at once under Settings › E-mail & password.",
  },
  es: {
    subject: "Se ha solicitado cambiar tu dirección de correo",
    greeting: "Hola {username}:",
    body: "se ha indicado una nueva dirección para tu cuenta: {target}. Solo será válida cuando se confirme el enlace enviado a ella.",
    tail: "Si no has sido tú, cambia tu contraseña ahora mismo en Ajustes › Correo y contraseña.",
  },
  pl: {
    subject: "Zgłoszono zmianę twojego adresu e-mail",
    greeting: "Cześć {username},",
    body: "dla twojego konta podano nowy adres e-mail: {target}. Zacznie obowiązywać dopiero po potwierdzeniu wysłanego na niego linku.",
    tail: "Jeśli to nie ty, natychmiast zmień hasło w Ustawienia › E-mail i hasło.",
  },
};

const CHANGED: Texts = {
  de: {
    subject: "Deine E-Mail-Adresse wurde geändert",
    greeting: "Hallo {username},",
    body: "dein Konto verwendet ab sofort die Adresse {target}. An diese Adresse schreiben wir nicht mehr.",
    tail: "Wenn du das nicht warst, antworte auf diese E-Mail oder schreib an unseren Support – wir helfen dir, dein Konto zurückzubekommen.",
  },
  en: {
    subject: "Your e-mail address was changed",
    greeting: "Hello {username},",
    body: "your account uses the address {target} from now on. We will not write to this address any more.",
    tail: "If this was not you, reply to this e-mail or contact our support – we will help you get your account back.",
  },
  es: {
    subject: "Tu dirección de correo ha cambiado",
    greeting: "Hola {username}:",
    body: "tu cuenta usa a partir de ahora la dirección {target}. Ya no escribiremos a esta dirección.",
    tail: "Si no has sido tú, responde a este correo o escribe a nuestro soporte: te ayudaremos a recuperar tu cuenta.",
  },
  pl: {
    subject: "Twój adres e-mail został zmieniony",
    greeting: "Cześć {username},",
    body: "twoje konto używa od teraz adresu {target}. Na ten adres nie będziemy już pisać.",
    tail: "Jeśli to nie ty, odpowiedz na tę wiadomość lub napisz do naszego wsparcia – pomożemy odzyskać konto.",
  },
};

const PASSWORD_CHANGED: Texts = {
  de: {
    subject: "Dein Passwort wurde geändert",
    greeting: "Hallo {username},",
    body: "das Passwort deines Kontos wurde soeben geändert. Alle anderen Sitzungen wurden abgemeldet.",
    tail: "Wenn du das nicht warst, setze dein Passwort über „Passwort vergessen“ zurück und schreib unserem Support.",
  },
  en: {
    subject: "Your password was changed",
    greeting: "Hello {username},",
    body: "the password of your account was just changed. All other sessions were signed out.",
    tail: "If this was not you, reset your password with “Forgot password” and contact our support.",
  },
  es: {
    subject: "Tu contraseña ha cambiado",
    greeting: "Hola {username}:",
    body: "la contraseña de tu cuenta acaba de cambiar. Se han cerrado todas las demás sesiones.",
    tail: "Si no has sido tú, restablece tu contraseña con «¿Has olvidado tu contraseña?» y escribe a nuestro soporte.",
  },
  pl: {
    subject: "Twoje hasło zostało zmienione",
    greeting: "Cześć {username},",
    body: "hasło do twojego konta zostało właśnie zmienione. Wszystkie inne sesje zostały wylogowane.",
    tail: "Jeśli to nie ty, zresetuj hasło przez „Nie pamiętasz hasła?” i napisz do naszego wsparcia.",
  },
};

export const emailChangeConfirmMail = (input: MemberMailInput & { link: string }) => memberMail(CONFIRM_NEW, "email_change_confirm", input);
export const emailChangeRequestedMail = (input: MemberMailInput & { target: string }) =>
  memberMail(CHANGE_REQUESTED, "email_change_requested", { ...input, values: { target: input.target } });
export const emailChangedMail = (input: MemberMailInput & { target: string }) =>
  memberMail(CHANGED, "email_changed", { ...input, values: { target: input.target } });
export const passwordChangedMail = (input: MemberMailInput) => memberMail(PASSWORD_CHANGED, "password_changed", input);
