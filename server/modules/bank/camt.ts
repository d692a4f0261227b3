/**
 * Reads the bank's statements (issue 26 item 3, ADR 079): camt.053 (account statement) and camt.054 (debit/credit
 * notification), versions .001.02 (what German banks delivered until November 2025) and .001.08 (current), with
 * fast-xml-parser. Each booked entry becomes one line per transaction detail: incoming credits (CRDT), returned
 * direct debits (DBIT with return information, or bank transaction code PMNT/IDDT/UPDD) and credit transfers of ours
 * the payee's bank sent back (CRDT with return information, or PMNT/ICDT/RRTN: a payout or refund that did not
 * arrive, ADR 091). Other debits (our own transfers, fees) are not the matcher's business and are left out. Anything that is not such a document is refused
 * with a 400 — never a crash, whatever the upload holds.
 */
import { createHash } from "node:crypto";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { fail } from "../../api/errors";
import { BANK_ERRORS } from "../../contract/bank";

export interface StatementLine {
  /** The bank's own reference for this transaction (AcctSvcrRef), or one derived from the file's position. */
  bankReference: string;
  /** credit: money in; return: a direct debit taken back; transfer_return: a transfer of ours that came back. */
  kind: "credit" | "return" | "transfer_return";
  bookedAt: number;
  amountCents: number;
  debtorName: string | null;
  debtorIban: string | null;
  /** The remittance information: the unstructured lines and any structured creditor reference, joined. */
  remittance: string | null;
  endToEndId: string | null;
  mandateId: string | null;
  returnReason: string | null;
  /** The original message a returned transfer was sent in (Refs/MsgId, else Refs/PmtInfId), as banks echo it. */
  batchReference: string | null;
}

export interface ParsedStatement {
  kind: "camt.053" | "camt.054";
  messageId: string;
  lines: StatementLine[];
}

type Node = Record<string, unknown>;

const ARRAYS = new Set(["Stmt", "Ntfctn", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd", "AddtlRmtInf"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

function obj(value: unknown): Node | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Node) : null;
}

function list(value: unknown): Node[] {
  if (Array.isArray(value)) return value.map(obj).filter((n): n is Node => n !== null);
  const one = obj(value);
  return one ? [one] : [];
}

/** The text at a path of element names (a text node may come as a string or as { "#text": … } with attributes). */
function text(node: Node | null, ...path: string[]): string | null {
  let current: unknown = node;
  for (const name of path) {
    const here = Array.isArray(current) ? current[0] : current;
    current = obj(here)?.[name];
  }
  if (Array.isArray(current)) current = current[0];
  if (typeof current === "string") return current.trim() || null;
  if (typeof current === "number") return String(current);
  const withAttrs = obj(current);
  if (withAttrs && typeof withAttrs["#text"] !== "undefined") return String(withAttrs["#text"]).trim() || null;
  return null;
}

/** "29.90" → 2990; refuses anything but a plain positive decimal with at most two places. */
function cents(amount: string | null): number | null {
  if (!amount || !/^\d{1,12}(\.\d{1,2})?$/.test(amount)) return null;
  const [whole, fraction = ""] = amount.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

function dayOrTime(node: Node | null): number | null {
  const value = text(node, "DtTm") ?? text(node, "Dt");
  if (!value) return null;
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isFinite(ms) ? ms : null;
}

/** The party's name in .08 (Pty/Nm) or .02 (Nm). */
function partyName(party: Node | null): string | null {
  return text(party, "Pty", "Nm") ?? text(party, "Nm");
}

function remittanceOf(tx: Node | null, entry: Node): string | null {
  const rmt = obj(tx?.RmtInf) ?? obj(entry.RmtInf);
  const parts: string[] = [];
  for (const line of Array.isArray(rmt?.Ustrd) ? rmt.Ustrd : []) if (typeof line === "string" && line.trim()) parts.push(line.trim());
  for (const strd of list(rmt?.Strd)) {
    const ref = text(strd, "CdtrRefInf", "Ref");
    if (ref) parts.push(ref);
    for (const add of Array.isArray(strd.AddtlRmtInf) ? strd.AddtlRmtInf : []) if (typeof add === "string") parts.push(add);
  }
  const extra = text(entry, "AddtlNtryInf");
  if (parts.length === 0 && extra) parts.push(extra);
  return parts.length > 0 ? parts.join(" ").slice(0, 1000) : null;
}

/** How a statement names one kind of R-transaction: the ISO bank transaction code and the German proprietary one. */
interface ReturnCodes {
  family: string;
  subFamily: string;
  proprietary: RegExp;
}

/** A returned SEPA direct debit (Rücklastschrift): PMNT/IDDT/UPDD, or DK's NDDT+108/109. */
const DEBIT_RETURN: ReturnCodes = { family: "IDDT", subFamily: "UPDD", proprietary: /\+10[89]\b/ };
/** A credit transfer of ours sent back (Überweisungsrückgabe): PMNT/ICDT/RRTN, or DK's NTRF+159. */
const TRANSFER_RETURN: ReturnCodes = { family: "ICDT", subFamily: "RRTN", proprietary: /^NTRF\+159\b/ };

/** Whether a transaction is such a return: its return information, or the entry's bank transaction code says so. */
function returnedAs(codes: ReturnCodes, entry: Node, tx: Node | null): boolean {
  if (obj(tx?.RtrInf)) return true;
  const domain = obj(obj(entry.BkTxCd)?.Domn);
  const family = obj(domain?.Fmly);
  if (text(domain, "Cd") === "PMNT" && text(family, "Cd") === codes.family && text(family, "SubFmlyCd") === codes.subFamily) return true;
  return codes.proprietary.test(text(entry, "BkTxCd", "Prtry", "Cd") ?? "");
}

/** Parses a camt.053 or camt.054 document; a file of another kind or malformed XML is a 400. */
export function parseStatement(xml: string): ParsedStatement {
  // A statement has no document type: one with it (entity definitions, the "billion laughs") is refused unread.
  if (typeof xml !== "string" || xml.trim() === "" || /<!DOCTYPE|<!ENTITY/i.test(xml) || XMLValidator.validate(xml) !== true)
    throw fail.badRequest(BANK_ERRORS.statementMalformed, "xml");
  let root: Node | null;
  try {
    root = obj(obj(parser.parse(xml))?.Document);
  } catch {
    throw fail.badRequest(BANK_ERRORS.statementMalformed, "xml");
  }
  const statement = obj(root?.BkToCstmrStmt);
  const notification = obj(root?.BkToCstmrDbtCdtNtfctn);
  const body = statement ?? notification;
  if (!body) throw fail.badRequest(BANK_ERRORS.statementMalformed, "xml");
  const kind = statement ? "camt.053" : "camt.054";
  const messageId = text(body, "GrpHdr", "MsgId");
  if (!messageId) throw fail.badRequest(BANK_ERRORS.statementMalformed, "xml");
  const reports = list(statement ? body.Stmt : body.Ntfctn);
  const lines: StatementLine[] = [];
  reports.forEach((report, reportIndex) => {
    const reportId = text(report, "Id") ?? String(reportIndex);
    list(report.Ntry).forEach((entry, entryIndex) => {
      // Only booked entries: pending ones (PDNG) come again when booked. .08 wraps the code in Cd.
      const status = text(entry, "Sts", "Cd") ?? text(entry, "Sts");
      if (status && status !== "BOOK") return;
      if (text(entry, "RvslInd") === "true") return;
      const direction = text(entry, "CdtDbtInd");
      const currency = obj(entry.Amt)?.["@Ccy"];
      if (currency !== undefined && currency !== "EUR") return;
      const bookedAt = dayOrTime(obj(entry.BookgDt)) ?? dayOrTime(obj(entry.ValDt));
      const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
      const transactions: Array<Node | null> = details.length > 0 ? details : [null];
      transactions.forEach((tx, txIndex) => {
        const returned = direction === "DBIT" && returnedAs(DEBIT_RETURN, entry, tx);
        if (direction !== "CRDT" && !returned) return;
        const transferReturned = direction === "CRDT" && returnedAs(TRANSFER_RETURN, entry, tx);
        const amount = cents(
          text(tx, "Amt") ?? text(tx, "AmtDtls", "TxAmt", "Amt") ?? (transactions.length === 1 ? text(entry, "Amt") : null),
        );
        if (amount === null || amount <= 0 || bookedAt === null) return;
        const ownRef =
          text(tx, "Refs", "AcctSvcrRef") ?? (transactions.length === 1 ? (text(entry, "AcctSvcrRef") ?? text(entry, "NtryRef")) : null);
        // Without a bank reference the position in this message names the line: the same file imported again
        // yields the same reference, so it is still taken once.
        const bankReference =
          ownRef ?? `pos:${createHash("sha256").update(`${messageId}|${reportId}|${entryIndex}|${txIndex}`).digest("hex").slice(0, 32)}`;
        const parties = obj(tx?.RltdPties);
        const counterparty = obj(parties?.Dbtr);
        const counterAccount = obj(parties?.DbtrAcct);
        lines.push({
          bankReference: bankReference.slice(0, 120),
          kind: returned ? "return" : transferReturned ? "transfer_return" : "credit",
          bookedAt,
          amountCents: amount,
          debtorName: partyName(counterparty)?.slice(0, 140) ?? null,
          debtorIban: text(counterAccount, "Id", "IBAN"),
          remittance: remittanceOf(tx, entry),
          endToEndId: (() => {
            const id = text(tx, "Refs", "EndToEndId");
            return id && id !== "NOTPROVIDED" ? id.slice(0, 35) : null;
          })(),
          mandateId: text(tx, "Refs", "MndtId"),
          returnReason: text(tx, "RtrInf", "Rsn", "Cd") ?? text(tx, "RtrInf", "Rsn", "Prtry"),
          batchReference: (text(tx, "Refs", "MsgId") ?? text(tx, "Refs", "PmtInfId"))?.slice(0, 35) ?? null,
        });
      });
    });
  });
  return { kind, messageId, lines };
}
