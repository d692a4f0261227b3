/**
 * The creator agreement a member signs before their first payout (issue 30 item 3, ADR 109: "esign"). The text lives
 * here, versioned, in the four languages: a change of any wording is a new CREATOR_AGREEMENT_VERSION, and every
 * member signs again before their next payout. A signature stores the version, the language and the SHA-256 of the
 * exact paragraphs shown (the API computes it from this text), so what was agreed can be proven later.
 */
import type { Language } from "./locales";

export const CREATOR_AGREEMENT_VERSION = "2026-12-01";

export interface AgreementText {
  title: string;
  paragraphs: readonly string[];
}

export const CREATOR_AGREEMENT: Readonly<Record<Language, AgreementText>> = {
  de: {
    title: "Vereinbarung für Creator-Auszahlungen",
    paragraphs: [
      "1. Diese Vereinbarung gilt zwischen dir und Velora für alle Einnahmen (Trinkgelder, Verkäufe, Fan-Abos), die wir dir auszahlen.",
      "2. Du bestätigst, dass du mindestens 18 Jahre alt bist, dass die Angaben in deiner Identitätsprüfung richtig sind und dass das Bankkonto für Auszahlungen auf deinen Namen läuft.",
      "3. Du bestätigst, dass alle Inhalte, mit denen du Einnahmen erzielst, von dir stammen oder du die Rechte daran hast, dass alle abgebildeten Personen volljährig sind und eingewilligt haben.",
      "4. Du bist für die Versteuerung deiner Einnahmen selbst verantwortlich. Velora stellt dir für jede Auszahlung einen Beleg bereit.",
      "5. Velora prüft deinen Namen vor Auszahlungen gegen Sanktions- und Geldwäschelisten (§ 10 GwG) und wiederholt diese Prüfung mindestens alle 12 Monate. Bei einem Treffer prüft unser Team den Fall; bis dahin werden Auszahlungen zurückgehalten.",
      "6. Wir dürfen Auszahlungen zurückhalten, solange deine Prüfung nicht abgeschlossen oder abgelaufen ist, oder wenn ein begründeter Verdacht auf Betrug oder einen Verstoß gegen die Nutzungsbedingungen besteht. Du erhältst dann eine Begründung und kannst widersprechen.",
      "7. Änderungen dieser Vereinbarung legen wir dir vor der nächsten Auszahlung erneut zur Unterschrift vor.",
    ],
  },
  en: {
    title: "Creator payout agreement",
    paragraphs: [
      "1. This agreement applies between you and Velora to all earnings (tips, sales, fan subscriptions) we pay out to you.",
      "2. You confirm that you are at least 18 years old, that the details of your identity check are correct and that the bank account for payouts is in your name.",
      "3. You confirm that all content you earn money with is your own or that you hold the rights to it, and that every person shown is of age and has consented.",
      "4. You are responsible for the taxes on your earnings. Velora provides a receipt for every payout.",
      "5. Before payouts, Velora screens your name against sanctions and anti-money-laundering lists (section 10 GwG) and repeats this screening at least every 12 months. If there is a match, our team reviews the case; payouts are held until then.",
      "6. We may hold payouts while your check is incomplete or has expired, or where there is a well-founded suspicion of fraud or a breach of the terms of use. You then receive the reasons and can object.",
      "7. We will ask you to sign again before your next payout whenever this agreement changes.",
    ],
  },
  es: {
    title: "Acuerdo de pagos para creadores",
    paragraphs: [
      "1. Este acuerdo rige entre tú y Velora para todos los ingresos (propinas, ventas, suscripciones de fans) que te pagamos.",
      "2. Confirmas que tienes al menos 18 años, que los datos de tu verificación de identidad son correctos y que la cuenta bancaria para los pagos está a tu nombre.",
      "3. Confirmas que todo el contenido con el que obtienes ingresos es tuyo o que tienes los derechos sobre él, y que todas las personas que aparecen son mayores de edad y han dado su consentimiento.",
      "4. Eres responsable de los impuestos sobre tus ingresos. Velora te facilita un justificante de cada pago.",
      "5. Antes de los pagos, Velora comprueba tu nombre en listas de sanciones y de prevención del blanqueo de capitales (art. 10 GwG) y repite esta comprobación al menos cada 12 meses. Si hay una coincidencia, nuestro equipo revisa el caso; hasta entonces, los pagos quedan retenidos.",
      "6. Podemos retener pagos mientras tu verificación no esté completa o haya caducado, o si existe una sospecha fundada de fraude o de incumplimiento de las condiciones de uso. En ese caso recibirás los motivos y podrás oponerte.",
      "7. Si este acuerdo cambia, te pediremos que lo firmes de nuevo antes del siguiente pago.",
    ],
  },
  pl: {
    title: "Umowa o wypłatach dla twórców",
    paragraphs: [
      "1. Niniejsza umowa obowiązuje między Tobą a Velora w odniesieniu do wszystkich przychodów (napiwki, sprzedaż, subskrypcje fanów), które Ci wypłacamy.",
      "2. Potwierdzasz, że masz co najmniej 18 lat, że dane w Twojej weryfikacji tożsamości są prawdziwe i że konto bankowe do wypłat jest prowadzone na Twoje nazwisko.",
      "3. Potwierdzasz, że wszystkie treści, na których zarabiasz, są Twoje lub masz do nich prawa, oraz że wszystkie przedstawione osoby są pełnoletnie i wyraziły zgodę.",
      "4. Sam odpowiadasz za opodatkowanie swoich przychodów. Velora udostępnia potwierdzenie każdej wypłaty.",
      "5. Przed wypłatami Velora sprawdza Twoje nazwisko na listach sankcyjnych i listach przeciwdziałania praniu pieniędzy (§ 10 GwG) i powtarza to sprawdzenie co najmniej co 12 miesięcy. W razie trafienia nasz zespół rozpatruje sprawę; do tego czasu wypłaty są wstrzymane.",
      "6. Możemy wstrzymać wypłaty, dopóki Twoja weryfikacja nie jest zakończona lub wygasła, albo w razie uzasadnionego podejrzenia oszustwa lub naruszenia regulaminu. Otrzymasz wtedy uzasadnienie i możesz wnieść sprzeciw.",
      "7. Jeśli ta umowa się zmieni, przed kolejną wypłatą poprosimy Cię o ponowny podpis.",
    ],
  },
};
