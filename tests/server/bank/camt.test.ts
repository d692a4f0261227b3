import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "#server/api/errors";
import { parseStatement } from "#server/modules/bank/index";
import { camt053v2, camt053v8, camt054v8, camt054v8TransferReturns, transferReturnEntry } from "./camt-samples";

describe("camt statements", () => {
  it("reads a camt.053.001.08 day statement: booked credits only, the bank's references, names, remittance", () => {
    const parsed = parseStatement(
      camt053v8("STMT-20261207", [
        { ref: "2026120700001", amount: "29.90", remittance: "RF18 5390 0754 7034 Mitgliedschaft", name: "Jürgen Müller" },
        { ref: "2026120700002", amount: "10", remittance: "Teilzahlung" },
        { ref: "2026120700003", amount: "5.00", remittance: "noch nicht gebucht", status: "PDNG" },
      ]),
    );
    expect(parsed.kind).toBe("camt.053");
    expect(parsed.messageId).toBe("STMT-20261207");
    // The fee (DBIT without return information) and the pending entry are not the matcher's.
    expect(parsed.lines).toEqual([
      {
        bankReference: "2026120700001",
        kind: "credit",
        bookedAt: Date.UTC(2026, 11, 7),
        amountCents: 2990,
        debtorName: "Jürgen Müller",
        debtorIban: "DE91100000000123456789",
        remittance: "RF18 5390 0754 7034 Mitgliedschaft",
        endToEndId: null,
        mandateId: null,
        returnReason: null,
        batchReference: null,
      },
      expect.objectContaining({ bankReference: "2026120700002", amountCents: 1000, remittance: "Teilzahlung" }),
    ]);
  });

  it("reads returned direct debits from a camt.054.001.08 notification", () => {
    const parsed = parseStatement(
      camt054v8("NTF-1", [{ ref: "RTN-1", amount: "29.90", endToEndId: "VLR-DD-1-AAAA", mandateId: "VLR-M1", reason: "AM04" }]),
    );
    expect(parsed.kind).toBe("camt.054");
    expect(parsed.lines).toEqual([
      expect.objectContaining({
        kind: "return",
        amountCents: 2990,
        endToEndId: "VLR-DD-1-AAAA",
        mandateId: "VLR-M1",
        returnReason: "AM04",
      }),
    ]);
  });

  it("reads transfers of ours that came back (returned payouts) from camt.054 and camt.053, apart from credits", () => {
    const notification = parseStatement(
      camt054v8TransferReturns("NTF-R", [
        { ref: "R-1", amount: "25.00", endToEndId: "VLRPO0123456789ABCDEF", reason: "AC04" },
        { ref: "R-2", amount: "15.00", endToEndId: "NOTPROVIDED", messageId: "VLR-PO-20261215-ABCDE12345", reason: "MD07" },
      ]),
    );
    expect(notification.lines).toEqual([
      expect.objectContaining({
        bankReference: "R-1",
        kind: "transfer_return",
        amountCents: 2500,
        endToEndId: "VLRPO0123456789ABCDEF",
        returnReason: "AC04",
        batchReference: null,
      }),
      expect.objectContaining({ kind: "transfer_return", endToEndId: null, batchReference: "VLR-PO-20261215-ABCDE12345" }),
    ]);
    const day = parseStatement(
      camt053v8(
        "STMT-R",
        [{ ref: "C-1", amount: "29.90", remittance: "Mitgliedschaft" }],
        transferReturnEntry({ ref: "R-3", amount: "10.00", endToEndId: "VLRPO00000000000000AA", reason: "AC01" }),
      ),
    );
    expect(day.lines.map((line) => [line.bankReference, line.kind])).toEqual([
      ["C-1", "credit"],
      ["R-3", "transfer_return"],
    ]);
  });

  it("reads the older camt.053.001.02", () => {
    const parsed = parseStatement(camt053v2("OLD-1", { ref: "X1", amount: "19.99", remittance: "Rechnung 7" }));
    expect(parsed.lines).toEqual([expect.objectContaining({ bankReference: "X1", amountCents: 1999, debtorName: "Erika Musterfrau" })]);
  });

  it("refuses what is not a statement with a 400, whatever it holds", () => {
    const refusals = [
      "",
      "not xml",
      "<Document/>",
      "<Document><BkToCstmrStmt/></Document>",
      "<a><b></a>",
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "x">]><x>&e;</x>',
    ];
    for (const text of refusals) {
      expect(() => parseStatement(text)).toThrow(ApiError);
    }
    const sample = camt053v8("S", [{ ref: "R", amount: "1.00", remittance: "x" }]);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.nat({ max: sample.length }).chain((cut) => fc.string().map((junk) => sample.slice(0, cut) + junk + sample.slice(cut))),
        ),
        (text) => {
          try {
            parseStatement(text);
          } catch (err) {
            expect(err).toBeInstanceOf(ApiError);
            expect((err as ApiError).status).toBe(400);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
