/** The export mail and the export's README (issue 10, data_privacy), four languages, informal German "du". */
import type { Language } from "../../contract/locales";
import { fill, memberMail, textsFor, type MemberMailInput, type MemberMailTexts } from "../../integrations/mail/compose";

const READY: Record<Language, MemberMailTexts> = {
  de: {
    subject: "Dein Datenexport ist fertig",
    greeting: "Hallo {username},",
    body: "der Export deiner Daten bei Velora ist fertig. Du kannst ihn nach dem Einloggen hier herunterladen:",
    tail: "Der Download ist 7 Tage lang möglich, danach löschen wir die Datei. Wenn du den Export nicht angefordert hast, ändere bitte dein Passwort.",
  },
  en: {
    subject: "Your data export is ready",
    greeting: "Hello {username},",
    body: "the export of your Velora data is ready. After logging in you can download it here:",
    tail: "The download is available for 7 days; then we delete the file. If you did not request the export, please change your password.",
  },
  es: {
    subject: "Tu exportación de datos está lista",
    greeting: "Hola {username}:",
    body: "la exportación de tus datos de Velora está lista. Después de iniciar sesión puedes descargarla aquí:",
    tail: "La descarga está disponible durante 7 días; después borramos el archivo. Si no has pedido la exportación, cambia tu contraseña.",
  },
  pl: {
    subject: "Eksport twoich danych jest gotowy",
    greeting: "Cześć {username},",
    body: "eksport twoich danych z Velora jest gotowy. Po zalogowaniu możesz go pobrać tutaj:",
    tail: "Pobieranie jest możliwe przez 7 dni, potem usuwamy plik. Jeśli to nie ty zleciłeś eksport, zmień hasło.",
  },
};

export const exportReadyMail = (input: MemberMailInput & { link: string }) => memberMail(READY, "data_export_ready", input);

const README: Record<Language, string> = {
  de: `Dein Datenexport von Velora ({date})

Diese Datei enthält alles, was wir über dein Konto speichern:
- account.json: Konto (Name, E-Mail, Geburtsdatum, Sprache, Status, Zeitpunkte)
- profile.json: Profil, Merkmale, Preise, Arbeitszeiten
- media.json und media/: deine Fotos mit Status, Sichtbarkeit und Position
- moderation.json: deine eingereichten Profiltexte und die Entscheidungen über deine Fotos, mit Gründen
- reports.json, content-removal-requests.json: deine Meldungen (auch Löschanfragen von früher), ihr Stand und unsere Entscheidungen
- statements.json: unsere Begründungen zu Entscheidungen, die dich betreffen (DSA Art. 17), und bis wann du widersprechen kannst
- reports-about-me.json: Meldungen über dich oder deine Inhalte: Art, Datum, Stand und Ergebnis (ohne die meldende Person)
- appeals.json, kyc.json, transparency.json, warning-list.json: deine Beschwerden gegen Entscheidungen und Einschränkungen deines Kontos, deine Auszahlungs-Prüfung (KYC), deine aktiven Monate und Warnungen oder Sperren wegen Missbrauchs, ein Eintrag in der Warnliste für Escorts
- live.json: deine Live-Streams, wessen Live-Streams du folgst, welche Streams du bezahlt hast und ob du einen Stream-Schlüssel hast (seit wann; der Schlüssel selbst nie)
- settings.json: Erstkontakt-Filter, Benachrichtigungen, Einwilligungen, ob du Anzeigen ausgeschaltet hast
- forum.json, support.json, affiliates.json: deine Forum-Sprache und Benachrichtigungen je Kategorie, deine Anmeldungen beim Support (wann, bei welchem Anbieter), welcher Partner dich geworben hat
- blocks.json, business-links.json: deine Sperrliste, Verknüpfungen mit Agenturen und Clubs
- favorites-visits.json: deine Favoriten und die Profile, die du angesehen hast
- friend-links.json, notes.json: deine Freundschaften und Anfragen, deine privaten Notizen zu Profilen
- messages.json: deine Nachrichten (gesendet und empfangen, ohne Fotos)
- dates.json, reviews.json: deine Dates mit Verlauf und Sicherheits-Check-ins, deine Bewertungen und die veröffentlichten über dich
- notifications.json: deine Benachrichtigungen, geschlossene Hinweise und die Browser, die Push-Nachrichten bekommen
- sessions.json, security.json: Anmeldungen, E-Mail-Änderungen, Bestätigungen, Altersprüfung
- sign-up.json, mails.json, exports.json: Registrierung, E-Mails an dich (ohne Inhalt), frühere Exporte
- billing.json, orders.json, membership.json: Rechnungen und Gutschriften, Rechnungsdaten, Bestellungen, Lastschriftmandate und Erstattungen, dein Plus-Vertrag mit Zeiträumen, Verlängerungen und Kündigungen
- dollars.json: dein Dollar-Verlauf wie unter „Dollar“, automatisches Aufladen, Rise-ups, Auszahlungen mit deinem Bankkonto
- bundles.json, media-purchases.json, fan-subscriptions.json: gekaufte Pakete und Einzelmedien, deine Fan-Abos, und was du selbst anbietest und verkauft hast
- age-verification.json, verification.json: deine Altersverifikation (ohne Ausweisdaten des Anbieters) und deine Identitäts- und Fotoprüfungen mit Entscheidungen
- statements.json: Entscheidungen über deine Inhalte oder dein Konto mit Begründung (DSA Art. 17)
- blogs.json, events.json, community.json: deine Blog-Beiträge und Kommentare, deine Events und deine Event-Bewertungen, Teilnahmen und Likes
- live-chat.json: deine Nachrichten und Trinkgelder in Live-Chats (auch entfernte)
Was andere Mitglieder betrifft, steht hier so, wie du es bei Velora siehst (Benachrichtigungen, Listen, Nachrichten): Wer dich angesehen oder gemerkt hat, wenn Velora es dir nicht zeigt, wer dich blockiert hat und Meldungen oder Notizen anderer über dich gehören diesen Mitgliedern und sind nicht enthalten.
Zeiten sind Millisekunden seit 1970 (UTC). Passwörter und Sicherheitscodes speichern wir nur als Hash; sie sind nicht enthalten.
`,
  en: `Your Velora data export ({date})

This file contains everything we store about your account:
- account.json: account (name, e-mail, birth date, language, status, times)
- profile.json: profile, characteristics, prices, working hours
- media.json and media/: your photos with status, visibility and position
- moderation.json: the profile texts you submitted and the decisions on your photos, with reasons
- reports.json, content-removal-requests.json: your reports (also earlier removal requests), their state and our decisions
- statements.json: our statements of reasons for decisions that concern you (DSA Art. 17), and until when you can contest them
- reports-about-me.json: reports about you or your content: kind, date, state and outcome (without who reported)
- appeals.json, kyc.json, transparency.json, warning-list.json: your complaints against decisions and restrictions of your account, your payout check (KYC), the months you were active and misuse warnings or suspensions, an entry on the escorts' warning list
- live.json: your live streams, whose live streams you follow, which streams you paid for and whether you have a stream key (since when; never the key itself)
- settings.json: first-contact filter, notifications, consents, whether you switched ads off
- forum.json, support.json, affiliates.json: your forum language and notification level per category, your sign-ons to support (when, with which provider), which partner referred you
- blocks.json, business-links.json: your block list, links with agencies and clubs
- favorites-visits.json: your favourites and the profiles you looked at
- friend-links.json, notes.json: your friendships and requests, your private notes on profiles
- messages.json: your messages (sent and received, without photos)
- dates.json, reviews.json: your dates with their timeline and safety check-ins, the reviews you wrote and the published ones about you
- notifications.json: your notifications, the announcements you closed and the browsers that receive push messages
- sessions.json, security.json: logins, e-mail changes, confirmations, age check
- sign-up.json, mails.json, exports.json: sign-up, e-mails sent to you (without content), earlier exports
- billing.json, orders.json, membership.json: invoices and credit notes, billing details, orders, direct-debit mandates and refunds, your plus contract with its periods, renewals and cancellations
- dollars.json: your dollar history as on the dollar page, auto recharge, rise-ups, payouts with your bank account
- bundles.json, media-purchases.json, fan-subscriptions.json: bundles and single media you bought, your fan subscriptions, and what you offer and sold yourself
- age-verification.json, verification.json: your age verification (without the provider's identity data) and your identity and photo checks with their decisions
- statements.json: decisions about your content or your account, with reasons (DSA Art. 17)
- blogs.json, events.json, community.json: your blog posts and comments, your events and the event reviews you wrote, attendances and likes
- live-chat.json: your messages and tips in live chats (removed ones too)
What concerns other members is shown as you see it on Velora (notifications, lists, messages): who viewed or saved you where Velora does not show it to you, who blocked you, and other members' reports or notes about you belong to them and are not included.
Times are milliseconds since 1970 (UTC). Passwords and security codes are stored only as hashes and are not included.
`,
  es: `Tu exportación de datos de Velora ({date})

Este archivo contiene todo lo que guardamos sobre tu cuenta:
- account.json: cuenta (nombre, correo, fecha de nacimiento, idioma, estado, fechas)
- profile.json: perfil, características, precios, horario
- media.json y media/: tus fotos con estado, visibilidad y posición
- moderation.json: los textos de perfil que enviaste y las decisiones sobre tus fotos, con motivos
- reports.json, content-removal-requests.json: tus denuncias (también solicitudes de retirada anteriores), su estado y nuestras decisiones
- statements.json: nuestras exposiciones de motivos de las decisiones que te afectan (DSA art. 17) y hasta cuándo puedes recurrirlas
- reports-about-me.json: denuncias sobre ti o tu contenido: tipo, fecha, estado y resultado (sin quién denunció)
- appeals.json, kyc.json, transparency.json, warning-list.json: tus reclamaciones contra decisiones y restricciones de tu cuenta, tu verificación para pagos (KYC), los meses en que estuviste activo y avisos o suspensiones por abuso, una entrada en la lista de advertencias para escorts
- live.json: tus emisiones en directo, a quién sigues en directo, qué emisiones pagaste y si tienes una clave de emisión (desde cuándo; nunca la clave)
- settings.json: filtro de primer contacto, notificaciones, consentimientos, si desactivaste los anuncios
- forum.json, support.json, affiliates.json: el idioma de tu foro y tu nivel de notificaciones por categoría, tus accesos al soporte (cuándo y con qué proveedor), qué socio te recomendó
- blocks.json, business-links.json: tu lista de bloqueos, vínculos con agencias y clubes
- favorites-visits.json: tus favoritos y los perfiles que has visitado
- friend-links.json, notes.json: tus amistades y solicitudes, tus notas privadas sobre perfiles
- messages.json: tus mensajes (enviados y recibidos, sin fotos)
- dates.json, reviews.json: tus citas con su historial y los controles de seguridad, tus valoraciones y las publicadas sobre ti
- notifications.json: tus notificaciones, los avisos que cerraste y los navegadores que reciben notificaciones push
- sessions.json, security.json: inicios de sesión, cambios de correo, confirmaciones, verificación de edad
- sign-up.json, mails.json, exports.json: registro, correos enviados a ti (sin contenido), exportaciones anteriores
- billing.json, orders.json, membership.json: facturas y notas de abono, datos de facturación, pedidos, mandatos de domiciliación y reembolsos, tu contrato plus con sus periodos, renovaciones y cancelaciones
- dollars.json: tu historial de dólares como en la página de dólares, recarga automática, rise-ups, pagos con tu cuenta bancaria
- bundles.json, media-purchases.json, fan-subscriptions.json: paquetes y medios sueltos que compraste, tus suscripciones de fan y lo que tú ofreces y has vendido
- age-verification.json, verification.json: tu verificación de edad (sin los datos de identidad del proveedor) y tus verificaciones de identidad y de fotos con sus decisiones
- statements.json: decisiones sobre tus contenidos o tu cuenta, con su motivación (DSA art. 17)
- blogs.json, events.json, community.json: tus entradas de blog y comentarios, tus eventos y las valoraciones de eventos que escribiste, asistencias y «me gusta»
- live-chat.json: tus mensajes y propinas en chats en vivo (también los eliminados)
Lo que afecta a otros miembros aparece tal como lo ves en Velora (notificaciones, listas, mensajes): quién te ha visto o guardado cuando Velora no te lo muestra, quién te ha bloqueado y las denuncias o notas de otros sobre ti les pertenecen a ellos y no se incluyen.
Las fechas son milisegundos desde 1970 (UTC). Las contraseñas y los códigos de seguridad solo se guardan como hash y no se incluyen.
`,
  pl: `Eksport twoich danych z Velora ({date})

Ten plik zawiera wszystko, co przechowujemy o twoim koncie:
- account.json: konto (nazwa, e-mail, data urodzenia, język, status, daty)
- profile.json: profil, cechy, ceny, godziny pracy
- media.json i media/: twoje zdjęcia ze statusem, widocznością i pozycją
- moderation.json: przesłane przez ciebie teksty profilu i decyzje dotyczące twoich zdjęć, z powodami
- reports.json, content-removal-requests.json: twoje zgłoszenia (także wcześniejsze wnioski o usunięcie), ich stan i nasze decyzje
- statements.json: nasze uzasadnienia decyzji, które Cię dotyczą (DSA art. 17), i termin na ich zakwestionowanie
- reports-about-me.json: zgłoszenia dotyczące Ciebie lub Twoich treści: rodzaj, data, stan i wynik (bez osoby zgłaszającej)
- appeals.json, kyc.json, transparency.json, warning-list.json: twoje odwołania od decyzji i ograniczenia twojego konta, weryfikacja do wypłat (KYC), miesiące twojej aktywności oraz ostrzeżenia lub blokady za nadużycia, wpis na liście ostrzeżeń dla escort
- live.json: twoje transmisje na żywo, czyje transmisje obserwujesz, za które zapłaciłeś(-aś) i czy masz klucz transmisji (od kiedy; nigdy sam klucz)
- settings.json: filtr pierwszego kontaktu, powiadomienia, zgody, czy wyłączyłeś reklamy
- forum.json, support.json, affiliates.json: język forum i poziom powiadomień dla każdej kategorii, twoje logowania do pomocy technicznej (kiedy i u którego dostawcy), który partner cię polecił
- blocks.json, business-links.json: twoja lista blokad, powiązania z agencjami i klubami
- favorites-visits.json: twoje ulubione i profile, które oglądałeś
- friend-links.json, notes.json: twoje znajomości i zaproszenia, twoje prywatne notatki o profilach
- messages.json: twoje wiadomości (wysłane i odebrane, bez zdjęć)
- dates.json, reviews.json: twoje randki z historią i kontrolami bezpieczeństwa, twoje opinie i opublikowane opinie o tobie
- notifications.json: twoje powiadomienia, zamknięte komunikaty i przeglądarki, które otrzymują powiadomienia push
- sessions.json, security.json: logowania, zmiany e-mail, potwierdzenia, weryfikacja wieku
- sign-up.json, mails.json, exports.json: rejestracja, e-maile do ciebie (bez treści), wcześniejsze eksporty
- billing.json, orders.json, membership.json: faktury i korekty, dane rozliczeniowe, zamówienia, upoważnienia do polecenia zapłaty i zwroty, twoja umowa plus z okresami, przedłużeniami i wypowiedzeniami
- dollars.json: twoja historia dolarów jak na stronie dolarów, automatyczne doładowanie, rise-upy, wypłaty z twoim kontem bankowym
- bundles.json, media-purchases.json, fan-subscriptions.json: kupione pakiety i pojedyncze media, twoje subskrypcje fanów oraz to, co sam oferujesz i sprzedałeś
- age-verification.json, verification.json: twoja weryfikacja wieku (bez danych tożsamości dostawcy) oraz weryfikacje tożsamości i zdjęć z decyzjami
- statements.json: decyzje dotyczące twoich treści lub konta wraz z uzasadnieniem (DSA art. 17)
- blogs.json, events.json, community.json: twoje wpisy na blogu i komentarze, twoje wydarzenia i napisane przez ciebie opinie o wydarzeniach, udziały i polubienia
- live-chat.json: twoje wiadomości i napiwki na czatach na żywo (także usunięte)
To, co dotyczy innych członków, jest tu tak, jak widzisz to w Velora (powiadomienia, listy, wiadomości): kto cię oglądał lub zapisał, jeśli Velora ci tego nie pokazuje, kto cię zablokował oraz zgłoszenia lub notatki innych o tobie należą do nich i nie są zawarte.
Czasy to milisekundy od 1970 (UTC). Hasła i kody bezpieczeństwa przechowujemy tylko jako hash; nie są zawarte.
`,
};

export function exportReadme(language: string, date: string): string {
  return fill(textsFor(README, language), { date });
}
