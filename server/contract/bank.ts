/**
 * The bank's vocabulary (issue 26 item 3, ADR 079): IBAN and bank-account checks both tiers run (the web tier for the
 * member's sake, the API because it must), the SEPA character set, cash-to-code's fixed voucher amounts, and the
 * answers of validate-iban / validate-bank-account and of the back office's SEPA files.
 */
import {
  electronicFormatIBAN,
  extractIBAN,
  friendlyFormatIBAN,
  isSEPACountry,
  isValidBIC,
  validateIBAN,
  ValidationErrorsIBAN,
} from "ibantools";
import * as v from "valibot";

export const BANK_ERRORS = {
  ibanRequired: "validation.bank.iban_required",
  ibanFormat: "validation.bank.iban_format",
  ibanChecksum: "validation.bank.iban_checksum",
  ibanCountry: "validation.bank.iban_country",
  bicFormat: "validation.bank.bic_format",
  bicCountry: "validation.bank.bic_country",
  holderRequired: "validation.bank.holder_required",
  holderFormat: "validation.bank.holder_format",
  statementMalformed: "exception.bank.statement_malformed",
  lineNotFound: "exception.bank.line_not_found",
  orderNotFound: "exception.bank.order_not_found",
  fileNotFound: "exception.bank.file_not_found",
  nothingToCollect: "exception.bank.nothing_to_collect",
} as const;

/** The longest IBAN (ISO 13616: 34) and BIC (11) and what a SEPA name field holds (70, EPC rulebook AT-14). */
export const IBAN_MAX_LENGTH = 34;
export const BIC_MAX_LENGTH = 11;
export const HOLDER_MAX_LENGTH = 70;

/**
 * Cash to code (CT): the voucher amounts the provider sells (COMPONENTS.md: 10, 25, 50, 100 €), in cents. A voucher
 * pays one order of exactly its amount: the checkout offers CT only for totals equal to one of them (ADR 079).
 */
export const CASH_TO_CODE_AMOUNTS_CENTS = [1000, 2500, 5000, 10000] as const;

/** Whether cash to code can pay this total (one voucher, no change, no second voucher: the provider refunds nothing). */
export function cashToCodeFits(grossCents: number): boolean {
  return (CASH_TO_CODE_AMOUNTS_CENTS as readonly number[]).includes(grossCents);
}

/** The IBAN's country code and whether SEPA reaches it, or the error key (a field error on `iban`). */
export type IbanVerdict =
  { ok: true; iban: string; country: string; sepa: boolean; bankCode: string | null } | { ok: false; error: string };

/**
 * Format, country and checksum of an IBAN as a member typed it (spaces, lower case allowed). A valid IBAN proves
 * nothing about its owner: the holder's exact name is stored beside it (COMPONENTS.md, EU Verification of Payee).
 */
export function checkIban(raw: unknown): IbanVerdict {
  if (typeof raw !== "string" || raw.trim() === "") return { ok: false, error: BANK_ERRORS.ibanRequired };
  if (raw.length > IBAN_MAX_LENGTH * 2) return { ok: false, error: BANK_ERRORS.ibanFormat };
  const iban = electronicFormatIBAN(raw) ?? "";
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban)) return { ok: false, error: BANK_ERRORS.ibanFormat };
  const result = validateIBAN(iban);
  if (!result.valid) {
    const codes = result.errorCodes;
    if (codes.includes(ValidationErrorsIBAN.NoIBANCountry)) return { ok: false, error: BANK_ERRORS.ibanCountry };
    if (codes.includes(ValidationErrorsIBAN.WrongBBANLength) || codes.includes(ValidationErrorsIBAN.WrongBBANFormat))
      return { ok: false, error: BANK_ERRORS.ibanFormat };
    return { ok: false, error: BANK_ERRORS.ibanChecksum };
  }
  const country = iban.slice(0, 2);
  const parts = extractIBAN(iban);
  return { ok: true, iban, country, sepa: isSEPACountry(country), bankCode: parts.bankIdentifier ?? null };
}

/** Territories whose BICs carry another country code than their IBANs (EPC: e.g. French overseas, Åland, Monaco). */
const BIC_TERRITORIES: Readonly<Record<string, readonly string[]>> = {
  FR: ["GF", "GP", "MQ", "RE", "YT", "PM", "BL", "MF", "MC"],
  FI: ["AX"],
  GB: ["GG", "JE", "IM"],
};

/** A BIC (8 or 11 characters) and whether it belongs to the IBAN's country, or the error key (field `bic`). */
export function checkBic(raw: unknown, ibanCountry: string | null): { ok: true; bic: string } | { ok: false; error: string } {
  if (typeof raw !== "string") return { ok: false, error: BANK_ERRORS.bicFormat };
  const bic = raw.replace(/\s+/g, "").toUpperCase();
  if (bic.length > BIC_MAX_LENGTH || !isValidBIC(bic)) return { ok: false, error: BANK_ERRORS.bicFormat };
  const bicCountry = bic.slice(4, 6);
  const related = (a: string, b: string) => (BIC_TERRITORIES[a] ?? []).includes(b) || (BIC_TERRITORIES[b] ?? []).includes(a);
  if (ibanCountry && bicCountry !== ibanCountry && !related(ibanCountry, bicCountry)) return { ok: false, error: BANK_ERRORS.bicCountry };
  return { ok: true, bic };
}

const TRANSLITERATION: Readonly<Record<string, string>> = { ä: "ae", ö: "oe", ü: "ue", Ä: "Ae", Ö: "Oe", Ü: "Ue", ß: "ss", ł: "l", Ł: "L" };

/**
 * A text in the SEPA basic Latin character set (EPC217-08: a–z A–Z 0–9 / - ? : ( ) . , ' + space), which every bank
 * takes: umlauts spelled out, other accents dropped, anything else a space. The stored holder name keeps its exact
 * spelling; only the files carry this form.
 */
export function toSepaText(text: string, maxLength = HOLDER_MAX_LENGTH): string {
  const spelled = text.replace(/[äöüÄÖÜßłŁ]/g, (ch) => TRANSLITERATION[ch] ?? ch);
  const plain = spelled.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return plain
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, maxLength)
    .trim();
}

/** The account holder's name as the member typed it (kept exactly), or the error key (field `holder`). */
export function checkHolder(raw: unknown): { ok: true; holder: string } | { ok: false; error: string } {
  if (typeof raw !== "string" || raw.trim() === "") return { ok: false, error: BANK_ERRORS.holderRequired };
  const holder = raw.trim().replace(/\s+/g, " ");
  // The name must survive the SEPA character set with at least two letters (a bank matches it against the account).
  if (holder.length > HOLDER_MAX_LENGTH || (toSepaText(holder).match(/[A-Za-z]/g) ?? []).length < 2)
    return { ok: false, error: BANK_ERRORS.holderFormat };
  return { ok: true, holder };
}

/** POST /payment/validate-iban. The value is judged by checkIban; the schema only takes a string of sane length. */
export const validateIbanSchema = v.object(
  { iban: v.pipe(v.string(BANK_ERRORS.ibanRequired), v.maxLength(IBAN_MAX_LENGTH * 2, BANK_ERRORS.ibanFormat)) },
  BANK_ERRORS.ibanRequired,
);

/** POST /payment/validate-bank-account: the account a SEPA direct debit or a refund by transfer uses. */
export const validateBankAccountSchema = v.object(
  {
    iban: v.pipe(v.string(BANK_ERRORS.ibanRequired), v.maxLength(IBAN_MAX_LENGTH * 2, BANK_ERRORS.ibanFormat)),
    holder: v.pipe(v.string(BANK_ERRORS.holderRequired), v.maxLength(HOLDER_MAX_LENGTH * 2, BANK_ERRORS.holderFormat)),
    bic: v.optional(v.pipe(v.string(BANK_ERRORS.bicFormat), v.maxLength(BIC_MAX_LENGTH * 2, BANK_ERRORS.bicFormat)), ""),
  },
  BANK_ERRORS.ibanRequired,
);

/** The answer of validate-iban: the IBAN in both spellings and what it tells. */
export interface IbanCheck {
  valid: true;
  /** Electronic form (no spaces, upper case): what the API stores. */
  iban: string;
  /** Groups of four for reading. */
  iban_formatted: string;
  country: string;
  /** SEPA reaches the account (a direct debit or transfer in euro is possible). */
  sepa: boolean;
  /** The bank's code inside the IBAN (Germany: the Bankleitzahl), where the country has one. */
  bank_code: string | null;
}

/** The answer of validate-bank-account: the account as the API would store it. */
export interface BankAccountCheck extends IbanCheck {
  holder: string;
  /** The BIC given, upper case; null: none given (SEPA needs none inside the EEA, the files say NOTPROVIDED). */
  bic: string | null;
}

/** The formatted form of an electronic IBAN. */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}

/** A SEPA file the platform built for its bank (pain.008 collections, pain.001 transfers). */
export interface BankFileSummary {
  id: number;
  kind: "pain.008" | "pain.001";
  /** The message's schema version (pain.008.001.08, pain.001.001.09, or .02/.03 where a bank still asks). */
  format: string;
  message_id: string;
  /** The collection (pain.008) or execution (pain.001) day, YYYY-MM-DD. */
  due_date: string;
  transactions: number;
  control_sum_cents: number;
  created_at: number;
}

export interface BankFileList {
  items: BankFileSummary[];
}

/** A refund by transfer recorded for the next pain.001 file. */
export interface BankTransferQueued {
  transfer_id: number;
}

/** This feature's declared success bodies (ADR 041); they join ResponseBodies by declaration merging (ADR 067). */
export interface BankBodies {
  IbanCheck: IbanCheck;
  BankAccountCheck: BankAccountCheck;
  BankFileSummary: BankFileSummary;
  BankFileList: BankFileList;
  BankTransferQueued: BankTransferQueued;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends BankBodies {}
}
