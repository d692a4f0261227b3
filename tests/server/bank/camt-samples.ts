/**
 * Realistic camt files made for the tests (our own data, in the shape German banks deliver): a camt.053.001.08 day
 * statement, a camt.054.001.08 notification of returned direct debits, and a camt.053.001.02 statement of the older
 * version.
 */
export interface CreditSpec {
  ref: string;
  amount: string;
  remittance: string;
  name?: string;
  iban?: string;
  status?: "BOOK" | "PDNG";
}

function credit053v8(c: CreditSpec): string {
  return `
      <Ntry>
        <NtryRef>${c.ref}</NtryRef>
        <Amt Ccy="EUR">${c.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>${c.status ?? "BOOK"}</Cd></Sts>
        <BookgDt><Dt>2026-12-07</Dt></BookgDt>
        <ValDt><Dt>2026-12-07</Dt></ValDt>
        <AcctSvcrRef>${c.ref}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn><Prtry><Cd>NTRF+166+00931</Cd><Issr>DK</Issr></Prtry></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${c.ref}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <Amt Ccy="EUR">${c.amount}</Amt>
          <RltdPties>
            <Dbtr><Pty><Nm>${c.name ?? "Max Mustermann"}</Nm></Pty></Dbtr>
            <DbtrAcct><Id><IBAN>${c.iban ?? "DE91100000000123456789"}</IBAN></Id></DbtrAcct>
          </RltdPties>
          <RmtInf><Ustrd>${c.remittance}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
}

export function camt053v8(messageId: string, credits: CreditSpec[], extra = ""): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>2026-12-07T22:10:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${messageId}-1</Id>
      <ElctrncSeqNb>241</ElctrncSeqNb>
      <CreDtTm>2026-12-07T22:10:00+01:00</CreDtTm>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-12-06</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1124.80</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-12-07</Dt></Dt></Bal>
      ${credits.map(credit053v8).join("")}
      <Ntry>
        <Amt Ccy="EUR">4.90</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-12-07</Dt></BookgDt>
        <AcctSvcrRef>FEE-20261207</AcctSvcrRef>
        <BkTxCd><Domn><Cd>ACMT</Cd><Fmly><Cd>MDOP</Cd><SubFmlyCd>CHRG</SubFmlyCd></Fmly></Domn></BkTxCd>
        <AddtlNtryInf>Kontofuehrung</AddtlNtryInf>
      </Ntry>${extra}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

export interface ReturnSpec {
  ref: string;
  amount: string;
  endToEndId: string;
  mandateId: string;
  reason: string;
}

export function camt054v8(messageId: string, returns: ReturnSpec[]): string {
  const entries = returns
    .map(
      (r) => `
      <Ntry>
        <Amt Ccy="EUR">${r.amount}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-12-14</Dt></BookgDt>
        <ValDt><Dt>2026-12-14</Dt></ValDt>
        <AcctSvcrRef>${r.ref}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>IDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn><Prtry><Cd>NDDT+109+00930</Cd><Issr>DK</Issr></Prtry></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${r.ref}</AcctSvcrRef><EndToEndId>${r.endToEndId}</EndToEndId><MndtId>${r.mandateId}</MndtId></Refs>
          <Amt Ccy="EUR">${r.amount}</Amt>
          <RltdPties><Dbtr><Pty><Nm>Max Mustermann</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>DE91100000000123456789</IBAN></Id></DbtrAcct></RltdPties>
          <RtrInf><Rsn><Cd>${r.reason}</Cd></Rsn></RtrInf>
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>2026-12-14T08:00:00+01:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>${messageId}-N1</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entries}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;
}

/** The older version: Sts without Cd, the debtor's name directly under Dbtr. */
export function camt053v2(messageId: string, credit: CreditSpec): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>2026-12-07T22:10:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${messageId}-1</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">${credit.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-12-07</Dt></BookgDt>
        <AcctSvcrRef>${credit.ref}</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties><Dbtr><Nm>${credit.name ?? "Erika Musterfrau"}</Nm></Dbtr><DbtrAcct><Id><IBAN>${credit.iban ?? "DE44500105175407324931"}</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Ustrd>${credit.remittance}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

export interface TransferReturnSpec {
  ref: string;
  amount: string;
  /** The end-to-end id the returned transfer carried (NOTPROVIDED when the bank echoes none). */
  endToEndId: string;
  /** The original pain.001's message id, echoed by the bank in Refs/MsgId (omitted when undefined). */
  messageId?: string;
  reason: string;
  name?: string;
}

/** A credit that brings back a transfer of ours (R-transaction of a SEPA credit transfer, DK code NTRF+159). */
export function transferReturnEntry(r: TransferReturnSpec): string {
  return `
      <Ntry>
        <Amt Ccy="EUR">${r.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-12-22</Dt></BookgDt>
        <ValDt><Dt>2026-12-22</Dt></ValDt>
        <AcctSvcrRef>${r.ref}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>RRTN</SubFmlyCd></Fmly></Domn><Prtry><Cd>NTRF+159+00931</Cd><Issr>DK</Issr></Prtry></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${r.ref}</AcctSvcrRef>${r.messageId ? `<MsgId>${r.messageId}</MsgId>` : ""}<EndToEndId>${r.endToEndId}</EndToEndId></Refs>
          <Amt Ccy="EUR">${r.amount}</Amt>
          <AmtDtls><InstdAmt><Amt Ccy="EUR">${r.amount}</Amt></InstdAmt></AmtDtls>
          <RltdPties>
            <Dbtr><Pty><Nm>${r.name ?? "Anna Mueller"}</Nm></Pty></Dbtr>
            <DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>
          </RltdPties>
          <RmtInf><Ustrd>Velora payout</Ustrd></RmtInf>
          <RtrInf><Rsn><Cd>${r.reason}</Cd></Rsn><AddtlInf>Konto erloschen</AddtlInf></RtrInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
}

/** A camt.054.001.08 credit notification of transfers of ours that came back (returned payouts). */
export function camt054v8TransferReturns(messageId: string, returns: TransferReturnSpec[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>2026-12-22T08:00:00+01:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>${messageId}-N1</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${returns.map(transferReturnEntry).join("")}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;
}
