/**
 * user/billing_invoices (issue 26 item 4): the member's invoices and credit notes with their downloads, and the
 * billing details form (a plain form post; errors next to the fields, the input kept). Invoices are served through
 * this page's download route, which forwards the member's session to the API: another member's id answers 404.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { billingInfoSchema, INVOICE_FORMATS, type InvoiceFormat } from "#server/contract/invoices";
import { isLanguage } from "#server/contract/locales";
import { formatAmount } from "#server/contract/prices";
import { createApiClient } from "~/api/client.server";
import { fetchBillingInfo, fetchInvoiceFile, fetchInvoices, updateBillingInfo } from "~/api/invoices.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const ROW_ID = /^[1-9]\d{0,15}$/;

export async function loadBillingInvoices({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const [invoices, billing] = await Promise.all([fetchInvoices(api), fetchBillingInfo(api)]);
  if (!invoices.ok) throw new Response(null, { status: invoices.status >= 500 ? 503 : invoices.status, headers: PRIVATE_HEADERS });
  if (!billing.ok) throw new Response(null, { status: billing.status >= 500 ? 503 : billing.status, headers: PRIVATE_HEADERS });
  const lang = isLanguage(params.lang) ? params.lang : "de";
  const t = await i18nServer.getFixedT(request);
  const regions = new Intl.DisplayNames([lang], { type: "region" });
  const items = invoices.data.items.map((item) => ({
    ...item,
    date: formatCalendarDate(homeDayOf(item.issuedAt), lang),
    amount: formatAmount({ amount: item.grossCents, currency: "EUR" }, lang),
  }));
  const countries = billing.data.countries
    .map((code) => ({ code, name: regions.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  return data(
    { title: t("settings.pages.billing_invoices.title"), items, billing: billing.data, countries, saved },
    { headers: PRIVATE_HEADERS },
  );
}

export type BillingInvoicesView = Awaited<ReturnType<typeof loadBillingInvoices>>["data"];

const FIELDS = ["name", "company", "street", "postal_code", "city", "country", "email", "vat_id"] as const;

export async function submitBillingInfo({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, billingInfoSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await updateBillingInfo(createApiClient({ request, context }), submission.value);
  if (!result.ok) {
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, [...FIELDS]) },
      { status: result.status === 429 ? 429 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`/${params.lang}/user/billing_invoices?saved=1#billing-address`, { headers: PRIVATE_HEADERS });
}

/** One invoice's file for its signed-in owner (?format=pdf|facturx|xrechnung), streamed from the API. */
export async function downloadInvoice({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const notFound = () =>
    new Response("Not found", { status: 404, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  const format = new URL(request.url).searchParams.get("format") ?? "pdf";
  if (!ROW_ID.test(params.id ?? "") || !(INVOICE_FORMATS as readonly string[]).includes(format)) return notFound();
  const upstream = await fetchInvoiceFile(createApiClient({ request, context }), Number(params.id), format as InvoiceFormat);
  if (upstream.status !== 200) {
    await upstream.body?.cancel();
    return notFound();
  }
  const headers = new Headers(PRIVATE_HEADERS);
  for (const name of ["content-type", "content-length", "content-disposition", "x-content-type-options"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
