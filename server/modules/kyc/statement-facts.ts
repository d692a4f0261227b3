/**
 * The facts of KYC's statements of reasons (DSA Art. 17, ADR 109, ADR 128) in the member's language: a statement is
 * written once and read as written, so its facts are composed in `users.language` when the decision is taken, with
 * amounts and dates as that language writes them. The staff member's reason is quoted as typed.
 */
import type { Language } from "../../contract/locales";
import { statementDay } from "../statements/index";

/** Why KYC stopped being complete: the expiry job, a confirmed sanctions hit, or backend staff's reset or expiry. */
export type KycHoldReason = "screening_expired" | "screening_match" | "staff_reset" | "staff_expired";

interface KycFactsTexts {
  /** A held payout ({id}, {amount}); the reason's sentence follows. */
  payoutHeld: string;
  /** Payouts closed for the account after a confirmed hit; the reason's sentence follows. */
  payoutsClosed: string;
  /** {date}: the day the screening ran out; {note}: staff's words. */
  reasons: Record<KycHoldReason, string>;
  /** The dollar amount by plural category of the language ({amount} is the formatted number). */
  dollars: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
}

const TEXTS: Record<Language, KycFactsTexts> = {
  de: {
    payoutHeld: "Deine Auszahlung Nr. {id} über {amount} ist angehalten, bis deine Prüfung für Auszahlungen (KYC) wieder vollständig ist.",
    payoutsClosed: "Auszahlungen sind für dein Konto gesperrt.",
    reasons: {
      screening_expired: "Die jährliche Sanktions- und Geldwäscheprüfung ist am {date} abgelaufen und muss wiederholt werden.",
      screening_match:
        "Die Sanktions- und Geldwäscheprüfung hat einen Treffer ergeben, den unser Team bestätigt hat. Begründung des Teams: {note}",
      staff_reset: "Unser Team hat deine Prüfung für Auszahlungen zurückgesetzt. Begründung des Teams: {note}",
      staff_expired: "Unser Team hat deine Prüfung für Auszahlungen für abgelaufen erklärt. Begründung des Teams: {note}",
    },
    dollars: { one: "{amount} Dollar", other: "{amount} Dollar" },
  },
  en: {
    payoutHeld: "Your payout no. {id} of {amount} is held until your payout check (KYC) is complete again.",
    payoutsClosed: "Payouts are closed for your account.",
    reasons: {
      screening_expired: "The yearly sanctions and anti-money-laundering screening ran out on {date} and must be repeated.",
      screening_match:
        "The sanctions and anti-money-laundering screening found a match that our team confirmed. The team's reasons: {note}",
      staff_reset: "Our team reset your payout check. The team's reasons: {note}",
      staff_expired: "Our team declared your payout check expired. The team's reasons: {note}",
    },
    dollars: { one: "{amount} dollar", other: "{amount} dollars" },
  },
  es: {
    payoutHeld: "Tu pago n.º {id} de {amount} queda retenido hasta que tu verificación para pagos (KYC) vuelva a estar completa.",
    payoutsClosed: "Los pagos de tu cuenta están bloqueados.",
    reasons: {
      screening_expired: "La comprobación anual de sanciones y blanqueo de capitales caducó el {date} y debe repetirse.",
      screening_match:
        "La comprobación de sanciones y blanqueo de capitales encontró una coincidencia que nuestro equipo ha confirmado. Motivos del equipo: {note}",
      staff_reset: "Nuestro equipo ha restablecido tu verificación para pagos. Motivos del equipo: {note}",
      staff_expired: "Nuestro equipo ha declarado caducada tu verificación para pagos. Motivos del equipo: {note}",
    },
    dollars: { one: "{amount} dólar", other: "{amount} dólares" },
  },
  pl: {
    payoutHeld:
      "Twoja wypłata nr {id} w wysokości {amount} jest wstrzymana, dopóki Twoja weryfikacja do wypłat (KYC) nie będzie znowu kompletna.",
    payoutsClosed: "Wypłaty dla Twojego konta są zablokowane.",
    reasons: {
      screening_expired: "Coroczna kontrola sankcji i przeciwdziałania praniu pieniędzy wygasła {date} i musi zostać powtórzona.",
      screening_match:
        "Kontrola sankcji i przeciwdziałania praniu pieniędzy wykazała zgodność, którą potwierdził nasz zespół. Uzasadnienie zespołu: {note}",
      staff_reset: "Nasz zespół zresetował Twoją weryfikację do wypłat. Uzasadnienie zespołu: {note}",
      staff_expired: "Nasz zespół uznał Twoją weryfikację do wypłat za wygasłą. Uzasadnienie zespołu: {note}",
    },
    dollars: { one: "{amount} dolar", few: "{amount} dolary", many: "{amount} dolarów", other: "{amount} dolara" },
  },
};

function textsOf(language: string): KycFactsTexts {
  return TEXTS[(language in TEXTS ? language : "de") as Language];
}

/** "1.500 Dollar", "1,500 dollars", "1500 dólares", "1500 dolarów": the number and the word as the language writes them. */
export function dollarAmount(language: string, dollars: number): string {
  const texts = textsOf(language);
  const form = texts.dollars[new Intl.PluralRules(language).select(dollars)] ?? texts.dollars.other;
  return form.replace("{amount}", new Intl.NumberFormat(language).format(dollars));
}

/** What the reason says: staff's note for their decisions, the screening's last day for the expiry job. */
export interface KycHoldCause {
  reason: KycHoldReason;
  note?: string | null;
  /** screening_expired: when the screening ran out. */
  expiredAt?: number;
}

function reasonSentence(language: string, cause: KycHoldCause): string {
  const template = textsOf(language).reasons[cause.reason];
  return template
    .replace("{note}", (cause.note ?? "").trim())
    .replace("{date}", cause.expiredAt === undefined ? "" : statementDay(language, cause.expiredAt))
    .trim();
}

/** The facts of one held payout's statement. */
export function payoutHoldFacts(language: string, payout: { id: number; dollars: number }, cause: KycHoldCause): string {
  const held = textsOf(language).payoutHeld.replace("{id}", String(payout.id)).replace("{amount}", dollarAmount(language, payout.dollars));
  return `${held} ${reasonSentence(language, cause)}`;
}

/** The facts of the account's statement when a confirmed sanctions hit closes payouts. */
export function payoutsClosedFacts(language: string, cause: KycHoldCause): string {
  return `${textsOf(language).payoutsClosed} ${reasonSentence(language, cause)}`;
}
