/**
 * The SEPA pre-notification (ADR 079): before a direct debit is collected the member learns the amount, the
 * collection day, the mandate reference and our creditor identifier — at least BANK_PRENOTIFICATION_DAYS (2) days
 * ahead, the period our mandate text agrees with the member instead of the rulebook's default 14 days.
 */
import { LANGUAGE_TAGS, isLanguage, type Language } from "../../contract/locales";
import { formatIban } from "../../contract/bank";
import { memberMail, type MemberMailTexts } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";

const PRENOTIFICATION: Record<Language, MemberMailTexts> = {
  de: {
    subject: "Ankündigung deiner SEPA-Lastschrift über {amount}",
    greeting: "Hallo {username},",
    body:
      "wir ziehen am {date} den Betrag von {amount} per SEPA-Lastschrift von deinem Konto {iban} ({holder}) ein.\n" +
      "Mandatsreferenz: {mandate}\nGläubiger-Identifikationsnummer: {creditor_id} ({creditor})\nVerwendungszweck: {reference}",
    tail: "Bitte sorge für ausreichende Deckung. Du kannst innerhalb von acht Wochen ab Belastung die Erstattung verlangen.",
  },
  en: {
    subject: "Advance notice of your SEPA direct debit of {amount}",
    greeting: "Hello {username},",
    body:
      "on {date} we will collect {amount} by SEPA direct debit from your account {iban} ({holder}).\n" +
      "Mandate reference: {mandate}\nCreditor identifier: {creditor_id} ({creditor})\nReference: {reference}",
    tail: "Please make sure the account is funded. You may ask your bank for a refund within eight weeks of the debit.",
  },
  es: {
    subject: "Aviso previo de tu adeudo directo SEPA de {amount}",
    greeting: "Hola {username}:",
    body:
      "el {date} cobraremos {amount} por adeudo directo SEPA de tu cuenta {iban} ({holder}).\n" +
      "Referencia del mandato: {mandate}\nIdentificador del acreedor: {creditor_id} ({creditor})\nConcepto: {reference}",
    tail: "Asegúrate de que la cuenta tenga fondos. Puedes pedir la devolución a tu banco en las ocho semanas siguientes al cargo.",
  },
  pl: {
    subject: "Zapowiedź polecenia zapłaty SEPA na kwotę {amount}",
    greeting: "Cześć {username},",
    body:
      "dnia {date} pobierzemy kwotę {amount} poleceniem zapłaty SEPA z twojego konta {iban} ({holder}).\n" +
      "Numer mandatu: {mandate}\nIdentyfikator wierzyciela: {creditor_id} ({creditor})\nTytuł: {reference}",
    tail: "Zadbaj o wystarczające środki na koncie. Możesz zażądać zwrotu w banku w ciągu ośmiu tygodni od obciążenia.",
  },
};

/** "29,90 €" / "€29.90" per language. */
export function formatEuros(cents: number, language: string): string {
  const tag = LANGUAGE_TAGS[isLanguage(language) ? language : "de"];
  return new Intl.NumberFormat(tag, { style: "currency", currency: "EUR" }).format(cents / 100);
}

/** "9. Dez. 2026" / "Dec 9, 2026" per language (the spec's date forms, section 5). */
export function formatDay(day: string, language: string): string {
  const tag = LANGUAGE_TAGS[isLanguage(language) ? language : "de"];
  return new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The IBAN with all but its country, check digits and last four characters hidden. */
export function maskIban(iban: string): string {
  return formatIban(iban.slice(0, 4) + "*".repeat(Math.max(0, iban.length - 8)) + iban.slice(-4));
}

export function prenotificationMail(input: {
  to: string;
  username: string;
  language: string;
  amountCents: number;
  dueDate: string;
  mandateReference: string;
  creditorId: string;
  creditorName: string;
  iban: string;
  holder: string;
  reference: string;
}): OutgoingMail {
  return memberMail(PRENOTIFICATION, "bank.prenotification", {
    to: input.to,
    username: input.username,
    language: input.language,
    values: {
      amount: formatEuros(input.amountCents, input.language),
      date: formatDay(input.dueDate, input.language),
      mandate: input.mandateReference,
      creditor_id: input.creditorId,
      creditor: input.creditorName,
      iban: maskIban(input.iban),
      holder: input.holder,
      reference: input.reference,
    },
  });
}
