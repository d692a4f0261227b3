import { fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { INVOICE_ERRORS } from "../../contract/invoices";
import { invoicesOps } from "../../contract/operations/invoices";
import { billingInfo, invoiceFile, listInvoices, updateBillingInfo, vatCheck } from "./documents";

/** Invoices, billing details and the VAT ID check (spec section 7 "membership and payment"; ADR 077). */
export function registerInvoices({ v2 }: ModuleContext): void {
  const base = { tag: "payment", auth: "required" as const };
  v2.add(
    invoicesOps.list,
    {
      ...base,
      summary: "The signed-in member's invoices and credit notes, newest first, with the formats each can be downloaded in.",
      statuses: [401],
    },
    async (c, { user }) => {
      if (!user) throw fail.unauthorized();
      c.header("Cache-Control", "private, no-store");
      return ok(c, await listInvoices(c.get("deps"), user.id));
    },
  );
  v2.add(
    invoicesOps.download,
    {
      ...base,
      summary:
        "One of the member's own invoices or credit notes as a file: `pdf` (default; in the language it was issued in), for business buyers also `facturx` (ZUGFeRD/Factur-X EN16931, PDF/A-3 with the CII XML) and `xrechnung` (UBL XML). Another member's id, an unknown one, or a format the invoice has not: 404 exception.invoices.not_found.",
      statuses: [401, 404],
    },
    async (c, { user, query }) => {
      if (!user) throw fail.unauthorized();
      const id = rowIdParam(c.req.param("id"), INVOICE_ERRORS.notFound);
      const file = await invoiceFile(c.get("deps"), user.id, id, query.format);
      return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": file.contentType,
        "Content-Length": String(file.body.byteLength),
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      });
    },
  );
  v2.add(
    invoicesOps.billingInfo,
    {
      ...base,
      summary:
        "The member's billing details (updated_at null: none stored yet, the account's e-mail to start from) and the countries a billing address may be in.",
      statuses: [401],
    },
    async (c, { user }) => {
      if (!user) throw fail.unauthorized();
      c.header("Cache-Control", "private, no-store");
      return ok(c, await billingInfo(c.get("deps"), user.id));
    },
  );
  v2.add(
    invoicesOps.updateBillingInfo,
    {
      ...base,
      summary:
        "Stores the member's billing details. A VAT ID must have the format and check digits of an EU member state's (jsvat; else 400 validation.invoices.vat_id_format on vat_id); a new one is queued for the VIES check (vat_id_status pending) — nothing waits for VIES.",
      statuses: [400, 401],
    },
    async (c, { user, body }) => {
      if (!user) throw fail.unauthorized();
      return ok(c, await updateBillingInfo(c.get("deps"), user.id, body));
    },
  );
  v2.add(
    invoicesOps.vatCheck,
    {
      ...base,
      summary: "Checks a VAT ID's format now (jsvat: EU member states only) and tells this member's stored VIES status for the same ID.",
      statuses: [400, 401],
    },
    async (c, { user, body }) => {
      if (!user) throw fail.unauthorized();
      return ok(c, await vatCheck(c.get("deps"), user.id, body.vat_id));
    },
  );
}
