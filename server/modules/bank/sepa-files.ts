/**
 * SEPA files for the operator's bank (issue 26 item 3, ADR 079), built with the `sepa` library: pain.008 (direct
 * debit collections, pain.008.001.08 by default, .02 where a bank still asks) and pain.001 (credit transfers,
 * pain.001.001.09 by default, .03 on request). The library writes a postal address as a country and two free lines,
 * which is neither structured nor hybrid (the forms SEPA accepts from November 2026); for the .08/.09 versions the
 * addresses are rewritten here in the structured form (street, postal code, town, country). Texts are put into the
 * SEPA basic Latin set (contract/bank toSepaText); amounts are cents, formatted by the library from whole cents.
 */
import SEPA from "sepa";
import { toSepaText } from "../../contract/bank";
import type { BankConfig } from "../../integrations/payments/bank-config";

export interface PostalAddress {
  street: string;
  postalCode: string;
  town: string;
  country: string;
}

export interface DebitLine {
  endToEndId: string;
  amountCents: number;
  mandateReference: string;
  /** When the member signed the mandate (ms). */
  mandateSignedAt: number;
  sequenceType: "FRST" | "RCUR" | "OOFF";
  debtorName: string;
  debtorIban: string;
  debtorBic: string | null;
  remittance: string;
}

export interface TransferLine {
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  creditorBic: string | null;
  remittance: string;
}

export interface FileHeader {
  messageId: string;
  /** When the file is created (ms). */
  createdAt: number;
  /** The collection (pain.008) or execution (pain.001) day. */
  dueDate: string;
}

/** A day as the library wants it: its local midnight, so its local calendar date is the day itself in any time zone. */
function localDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y as number, (m as number) - 1, d as number);
}

/**
 * An instant as the library wants it: it prints local wall time, so the Date is shifted to show UTC's wall time in
 * any time zone (the files say UTC, the same on every machine).
 */
function utcWall(ms: number): Date {
  return new Date(ms + new Date(ms).getTimezoneOffset() * 60_000);
}

const euros = (cents: number) => Math.round(cents) / 100;

/** A placeholder the library writes where the creditor's or debtor's address goes; replaced after serializing. */
const ADDRESS_TOKEN = "ADDRESS_PLACEHOLDER";

function structuredAddress(address: PostalAddress): string {
  const field = (name: string, value: string, max: number) => {
    const text = toSepaText(value, max);
    return text ? `<${name}>${text}</${name}>` : "";
  };
  // PostalAddress24 (pain.008.001.08 / pain.001.001.09) in schema order: StrtNm, PstCd, TwnNm, Ctry.
  return `<PstlAdr>${field("StrtNm", address.street, 70)}${field("PstCd", address.postalCode, 16)}${field("TwnNm", address.town, 35)}<Ctry>${address.country.toUpperCase()}</Ctry></PstlAdr>`;
}

/** Replaces the library's unstructured address block with the structured one (versions .08 and .09 only). */
function withStructuredAddress(xml: string, address: PostalAddress): string {
  const block = new RegExp(`<PstlAdr>(?:(?!</PstlAdr>)[\\s\\S])*${ADDRESS_TOKEN}(?:(?!</PstlAdr>)[\\s\\S])*</PstlAdr>`, "g");
  return xml.replace(block, structuredAddress(address));
}

function isModern(format: string): boolean {
  return format.endsWith(".08") || format.endsWith(".09");
}

/** A pain.008 file: one payment-information block per sequence type (FRST, RCUR, OOFF), all due on the same day. */
export function buildPain008(config: BankConfig, header: FileHeader, lines: readonly DebitLine[]): string {
  if (lines.length === 0) throw new Error("pain.008: no collections");
  const format = config.pain008Format;
  const doc = new SEPA.Document(format);
  doc.grpHdr.id = header.messageId;
  doc.grpHdr.created = utcWall(header.createdAt);
  doc.grpHdr.initiatorName = toSepaText(config.creditorName);
  const bySequence = new Map<string, DebitLine[]>();
  for (const line of lines) bySequence.set(line.sequenceType, [...(bySequence.get(line.sequenceType) ?? []), line]);
  for (const [sequenceType, group] of bySequence) {
    const info = doc.createPaymentInfo();
    info.collectionDate = localDay(header.dueDate);
    info.creditorIBAN = config.iban;
    info.creditorBIC = config.bic;
    info.creditorName = toSepaText(config.creditorName);
    info.creditorId = config.creditorId;
    info.sequenceType = sequenceType as DebitLine["sequenceType"];
    info.localInstrumentation = "CORE";
    info.batchBooking = true;
    if (isModern(format)) {
      info.creditorStreet = ADDRESS_TOKEN;
      info.creditorCity = ADDRESS_TOKEN;
      info.creditorCountry = config.address.country;
    }
    doc.addPaymentInfo(info);
    for (const line of group) {
      const tx = info.createTransaction();
      tx.debtorName = toSepaText(line.debtorName);
      tx.debtorIBAN = line.debtorIban;
      tx.debtorBIC = line.debtorBic ?? "";
      tx.mandateId = line.mandateReference;
      tx.mandateSignatureDate = utcWall(line.mandateSignedAt);
      tx.amount = euros(line.amountCents);
      tx.currency = "EUR";
      tx.remittanceInfo = toSepaText(line.remittance, 140);
      tx.end2endId = line.endToEndId;
      info.addTransaction(tx);
    }
  }
  const xml = doc.toString();
  return isModern(format) ? withStructuredAddress(xml, config.address) : xml;
}

/** A pain.001 file: the platform's transfers out (refunds the law requires by transfer, later payouts). */
export function buildPain001(config: BankConfig, header: FileHeader, lines: readonly TransferLine[]): string {
  if (lines.length === 0) throw new Error("pain.001: no transfers");
  const format = config.pain001Format;
  const doc = new SEPA.Document(format);
  doc.grpHdr.id = header.messageId;
  doc.grpHdr.created = utcWall(header.createdAt);
  doc.grpHdr.initiatorName = toSepaText(config.creditorName);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = localDay(header.dueDate);
  info.debtorIBAN = config.iban;
  info.debtorBIC = config.bic;
  info.debtorName = toSepaText(config.creditorName);
  info.batchBooking = true;
  if (isModern(format)) {
    info.debtorStreet = ADDRESS_TOKEN;
    info.debtorCity = ADDRESS_TOKEN;
    info.debtorCountry = config.address.country;
  }
  doc.addPaymentInfo(info);
  for (const line of lines) {
    const tx = info.createTransaction();
    tx.creditorName = toSepaText(line.creditorName);
    tx.creditorIBAN = line.creditorIban;
    tx.creditorBIC = line.creditorBic ?? "";
    tx.amount = euros(line.amountCents);
    tx.currency = "EUR";
    tx.remittanceInfo = toSepaText(line.remittance, 140);
    tx.end2endId = line.endToEndId;
    info.addTransaction(tx);
  }
  const xml = doc.toString();
  return isModern(format) ? withStructuredAddress(xml, config.address) : xml;
}
