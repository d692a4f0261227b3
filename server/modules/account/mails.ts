/** The deletion mails (issue 10), four languages, informal German "du". */
import type { Language } from "../../contract/locales";
import { memberMail, type MemberMailInput, type MemberMailTexts } from "../../integrations/mail/compose";

type Texts = Record<Language, MemberMailTexts>;

const CONFIRM: Texts = {
  de: {
    subject: "Bestätige die Löschung deines Kontos",
    greeting: "Hallo {username},",
    body: "du möchtest dein Konto bei Velora löschen. Öffne diesen Link und bestätige dort, um es endgültig zu löschen:",
    tail: "Der Link ist 24 Stunden gültig. Solange du nichts bestätigst, bleibt dein Konto unverändert. Wenn du das nicht warst, ändere bitte dein Passwort.",
  },
  en: {
    subject: "Confirm the deletion of your account",
    greeting: "Hello {username},",
    body: "you would like to delete your Velora account. Open this link and confirm there to delete it for good:",
    tail: "The link is valid for 24 hours. Unless you confirm, your account stays as it is. If this was not you, please change your password.",
  },
  es: {
    subject: "Confirma la eliminación de tu cuenta",
    greeting: "Hola {username}:",
    body: "quieres eliminar tu cuenta de Velora. Abre este enlace y confírmalo allí para eliminarla definitivamente:",
    tail: "El enlace es válido durante 24 horas. Si no confirmas nada, tu cuenta sigue igual. Si no has sido tú, cambia tu contraseña.",
  },
  pl: {
    subject: "Potwierdź usunięcie konta",
    greeting: "Cześć {username},",
    body: "chcesz usunąć swoje konto w Velora. Otwórz ten link i potwierdź tam, aby usunąć je na zawsze:",
    tail: "Link jest ważny przez 24 godziny. Dopóki nie potwierdzisz, konto pozostaje bez zmian. Jeśli to nie ty, zmień hasło.",
  },
};

const DELETED: Texts = {
  de: {
    subject: "Dein Konto ist gelöscht",
    greeting: "Hallo {username},",
    body: "dein Konto bei Velora ist gelöscht: Profil, Fotos, Texte und Einstellungen sind entfernt, deine Anmeldedaten funktionieren nicht mehr.",
    tail: "Diese E-Mail ist die letzte, die du von uns bekommst. Danke, dass du dabei warst.",
  },
  en: {
    subject: "Your account is deleted",
    greeting: "Hello {username},",
    body: "your Velora account is deleted: profile, photos, texts and settings are removed, and your login no longer works.",
    tail: "This is the last e-mail you will get from us. Thank you for having been with us.",
  },
  es: {
    subject: "Tu cuenta ha sido eliminada",
    greeting: "Hola {username}:",
    body: "tu cuenta de Velora ha sido eliminada: perfil, fotos, textos y ajustes se han borrado y tus datos de acceso ya no funcionan.",
    tail: "Este es el último correo que recibirás de nosotros. Gracias por haber estado.",
  },
  pl: {
    subject: "Twoje konto zostało usunięte",
    greeting: "Cześć {username},",
    body: "twoje konto w Velora zostało usunięte: profil, zdjęcia, teksty i ustawienia zostały skasowane, a dane logowania już nie działają.",
    tail: "To ostatnia wiadomość, jaką od nas otrzymasz. Dziękujemy, że byłeś z nami.",
  },
};

export const deletionConfirmMail = (input: MemberMailInput & { link: string }) => memberMail(CONFIRM, "account_deletion_confirm", input);
export const accountDeletedMail = (input: MemberMailInput) => memberMail(DELETED, "account_deleted", input);
