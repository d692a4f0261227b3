/**
 * The back office for money (issue 26 item 7, ADR 080): loaders and actions of its pages. Backend accounts only;
 * everyone else, team included, gets the 404 of a page that does not exist (as the API answers). Lists are GET forms
 * (the query string is the state); every change is a plain form post answered with a redirect, or with its errors
 * next to the fields and the input kept.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import type { SubmissionResult } from "@conform-to/react";
import {
  BANK_STATEMENT_MAX_BYTES,
  bankFileBuildBodySchema,
  type PromoCodeBody,
  invoiceFilterSchema,
  orderFilterSchema,
  paymentFilterSchema,
  promoCodeFormSchema,
  refundFormSchema,
  revenueQuerySchema,
} from "#server/contract/accounting";
import type { Language } from "#server/contract/locales";
import { parseRowId } from "#server/contract/row-id";
import * as accounting from "~/api/accounting.server";
import * as payoutsApi from "~/api/payouts.server";
import { createApiClient, type ApiResult } from "~/api/client.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { queueChromeFor } from "~/features/queues/queue-chrome.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { dataOf, notFound, requireBackend, titleOf as titleIn, type BackendArgs as Args } from "../backend.server";

const titleOf = (request: Request, key: string) => titleIn(request, "accounting", key);

/** A GET filter form's state: the query's values as typed (shown again), and its errors by field when it does not parse. */
function filterOf<S extends v.GenericSchema>(request: Request, schema: S) {
  const url = new URL(request.url);
  const raw = Object.fromEntries([...url.searchParams.entries()].filter(([, value]) => value !== ""));
  const parsed = v.safeParse(schema, raw);
  const errors: Record<string, string[]> = {};
  if (!parsed.success)
    for (const issue of parsed.issues) {
      const key = v.getDotPath(issue) ?? "";
      (errors[key] ??= []).push(issue.message);
    }
  return { raw: raw as Record<string, string>, value: parsed.success ? (parsed.output as v.InferOutput<S>) : null, errors };
}

const empty = { items: [], page: 1, pageSize: 25, total: 0 };

// --- Lists --------------------------------------------------------------------------------------------------------

/** A list page: its GET filter form's state and, when the filter parses, the API's page of it. */
async function loadList<S extends v.GenericSchema, L>(
  args: LoaderFunctionArgs,
  schema: S,
  fetchPage: (api: ReturnType<typeof createApiClient>, query: v.InferOutput<S>) => Promise<ApiResult<L>>,
  titleKey: string,
) {
  await requireBackend(args);
  const filter = filterOf(args.request, schema);
  const list = filter.value ? dataOf(await fetchPage(createApiClient(args), filter.value)) : empty;
  return data(
    { title: await titleOf(args.request, titleKey), filter: filter.raw, errors: filter.errors, list },
    { headers: PRIVATE_HEADERS },
  );
}

export const loadOrders = (args: LoaderFunctionArgs) =>
  loadList(args, orderFilterSchema, accounting.fetchOrders, "accounting.orders.title");
export const loadPayments = (args: LoaderFunctionArgs) =>
  loadList(args, paymentFilterSchema, accounting.fetchPayments, "accounting.payments.title");
export const loadInvoices = (args: LoaderFunctionArgs) =>
  loadList(args, invoiceFilterSchema, accounting.fetchInvoices, "accounting.invoices.title");

// --- An order and its refund --------------------------------------------------------------------------------------

function orderIdOf(args: Args): number {
  const id = parseRowId(args.params.id);
  if (id === null) throw notFound();
  return id;
}

export async function loadOrder(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const detail = dataOf(await accounting.fetchOrder(createApiClient(args), orderIdOf(args)));
  return data(
    {
      title: `${await titleOf(args.request, "accounting.order.title")} ${detail.order.publicId}`,
      detail,
      refunded: new URL(args.request.url).searchParams.get("done") === "refunded",
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The API's field names on the refund form's. */
const refundField = (source: string) =>
  source === "amount_cents" || source === "amount" ? "amount" : source === "reason" ? "reason" : undefined;

export async function submitRefund(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  const id = orderIdOf(args);
  const submission = await parseForm(args.request, refundFormSchema);
  if (submission.status !== "success")
    return data(
      { lastResult: submission.reply({ formErrors: ["validation.correct_all_fields"] }) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  const result = await accounting.refundOrder(createApiClient(args), id, {
    amount_cents: submission.value.amount,
    reason: submission.value.reason,
  });
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data({ lastResult: replyWithApiErrors(submission, result.errors, refundField) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  throw redirect(`${localePath(lang, `backoffice/orders/${id}`)}?done=refunded`, { headers: PRIVATE_HEADERS });
}

// --- Bank ---------------------------------------------------------------------------------------------------------

export async function loadBank(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const url = new URL(args.request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  const lines = await accounting.fetchUnmatched(createApiClient(args), Number.isInteger(page) && page >= 1 && page <= 9999 ? page : 1);
  if (!lines.ok && (lines.status === 404 || lines.status === 403)) throw notFound();
  const counts = (url.searchParams.get("imported") ?? "").split(",").map(Number);
  const files = await accounting.fetchBankFiles(createApiClient(args));
  const listed = await accounting.fetchListedLines(createApiClient(args), 1);
  const built = parseRowId(url.searchParams.get("built"));
  return data(
    {
      title: await titleOf(args.request, "accounting.bank.title"),
      files: files.ok ? files.data.items : null,
      listed: listed.ok ? listed.data.items : [],
      built,
      // The bank's part may be unavailable (its module answers an error): the page still offers the import.
      lines: lines.ok ? lines.data : null,
      imported: counts.length === 6 && counts.every((n) => Number.isInteger(n) && n >= 0) ? counts : null,
      assigned: url.searchParams.get("done") === "assigned",
    },
    { headers: PRIVATE_HEADERS },
  );
}

const bankSchema = intentVariant({
  build: bankFileBuildBodySchema,
  assign: v.object({
    line: rowIdField("validation.invalid"),
    order_ref: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(64, "validation.invalid")),
  }),
});

export async function submitAssign(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  const submission = await parseForm(args.request, bankSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const value = submission.value;
  if (value.intent === "build") {
    const built = await accounting.buildBankFile(createApiClient(args), value.kind, value.due_date);
    if (!built.ok) {
      if (built.status === 404) throw notFound();
      return data({ lastResult: replyWithApiErrors(submission, built.errors, ["due_date"]) }, { status: 400, headers: PRIVATE_HEADERS });
    }
    throw redirect(`${localePath(lang, "backoffice/bank")}?built=${built.data.id}`, { headers: PRIVATE_HEADERS });
  }
  const result = await accounting.assignLine(createApiClient(args), value.line, value.order_ref);
  if (!result.ok) {
    if (result.status === 404 && result.errors.every((e) => e.key === "exception.common.not_found" && !e.source)) throw notFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, (s) => (s === "order_ref" ? "order_ref" : undefined)) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${localePath(lang, "backoffice/bank")}?done=assigned`, { headers: PRIVATE_HEADERS });
}

/** A file the API answers as an attachment, by the id in the path, passed through (backend accounts only, as the page). */
async function passAttachment(
  args: LoaderFunctionArgs,
  download: (api: ReturnType<typeof createApiClient>, id: number) => Promise<Response>,
) {
  await requireBackend(args);
  const answer = await download(createApiClient(args), orderIdOf(args));
  if (!answer.ok)
    throw answer.status === 404 || answer.status === 403 ? notFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const headers = new Headers(PRIVATE_HEADERS);
  for (const name of ["content-type", "content-disposition"]) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { status: 200, headers });
}

/** A SEPA file's download. */
export const loadBankFile = (args: LoaderFunctionArgs) => passAttachment(args, accounting.downloadBankFile);

export async function loadBankImport(args: LoaderFunctionArgs) {
  await requireBackend(args);
  return data({ title: await titleOf(args.request, "accounting.bank.import_title") }, { headers: PRIVATE_HEADERS });
}

/** The statement upload: one file (conform reads an empty file input as none), at most BANK_STATEMENT_MAX_BYTES. */
const statementSchema = v.object(
  {
    statement: v.pipe(
      v.file("validation.required"),
      v.minSize(1, "validation.required"),
      v.maxSize(BANK_STATEMENT_MAX_BYTES, "validation.accounting.file_too_large"),
    ),
  },
  "validation.required",
);

/** Reads the statement's text and hands it to the API; the API's refusals go to the file field. */
export async function submitBankImport(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  const submission = await parseForm(args.request, statementSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await accounting.importStatement(createApiClient(args), await submission.value.statement.text());
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, () => "statement") },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const r = result.data;
  const counts = [r.matched, r.partial, r.unmatched, r.returned, r.payoutsReturned, r.duplicates].join(",");
  throw redirect(`${localePath(lang, "backoffice/bank")}?imported=${counts}`, { headers: PRIVATE_HEADERS });
}

// --- Promo codes --------------------------------------------------------------------------------------------------

export async function loadPromoCodes(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const url = new URL(args.request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  const list = dataOf(
    await accounting.fetchPromoCodes(createApiClient(args), Number.isInteger(page) && page >= 1 && page <= 9999 ? page : 1),
  );
  const done = url.searchParams.get("done");
  return data(
    { title: await titleOf(args.request, "accounting.promo.title"), list, done: done === "created" ? done : null },
    { headers: PRIVATE_HEADERS },
  );
}

const PROMO_FIELDS = ["code", "kind", "value", "goods", "valid_from", "valid_until", "max_redemptions", "max_per_member"] as const;

/** Creates (id null) or changes a promo code; the API's refusals go to their fields. */
async function savePromo(
  args: ActionFunctionArgs,
  lang: Language,
  id: number | null,
  submission: Awaited<ReturnType<typeof parseForm<typeof promoCodeFormSchema>>>,
  promo: PromoCodeBody,
) {
  const result = await accounting.savePromoCode(createApiClient(args), id, promo);
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data({ lastResult: replyWithApiErrors(submission, result.errors, PROMO_FIELDS) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  throw redirect(
    id === null
      ? `${localePath(lang, "backoffice/promo-codes")}?done=created`
      : `${localePath(lang, `backoffice/promo-codes/${id}`)}?done=saved`,
    { headers: PRIVATE_HEADERS },
  );
}

const refused = (reply: unknown) => data({ lastResult: reply as SubmissionResult<string[]> }, { status: 400, headers: PRIVATE_HEADERS });

export async function submitNewPromoCode(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  const submission = await parseForm(args.request, promoCodeFormSchema);
  if (submission.status !== "success") return refused(submission.reply({ formErrors: ["validation.correct_all_fields"] }));
  return savePromo(args, lang, null, submission, submission.value);
}

/** The edit page's two forms: the fields (save) and the switch on or off (toggle). */
const promoEditSchema = intentVariant({
  save: promoCodeFormSchema,
  toggle: v.object({ active: v.picklist(["0", "1"], "validation.invalid") }),
});

export async function loadPromoCode(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const id = orderIdOf(args);
  const promo = dataOf(await accounting.fetchPromoCode(createApiClient(args), id));
  const done = new URL(args.request.url).searchParams.get("done");
  return data(
    {
      title: `${await titleOf(args.request, "accounting.promo.edit_title")} ${promo.code}`,
      promo,
      done: done === "saved" || done === "activated" || done === "deactivated" ? done : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitPromoCode(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  const id = orderIdOf(args);
  const submission = await parseForm(args.request, promoEditSchema);
  if (submission.status !== "success") return refused(submission.reply({ formErrors: ["validation.correct_all_fields"] }));
  const value = submission.value;
  if (value.intent === "toggle") {
    const toggled = await accounting.setPromoActive(createApiClient(args), id, value.active === "1");
    dataOf(toggled);
    throw redirect(`${localePath(lang, `backoffice/promo-codes/${id}`)}?done=${value.active === "1" ? "activated" : "deactivated"}`, {
      headers: PRIVATE_HEADERS,
    });
  }
  const { intent: _intent, ...promo } = value;
  return savePromo(args, lang, id, submission as never, promo);
}

// --- Revenue ------------------------------------------------------------------------------------------------------

export async function loadRevenue(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const filter = filterOf(args.request, revenueQuerySchema);
  let revenue = null;
  const errors = { ...filter.errors };
  if (filter.value) {
    const result = await accounting.fetchRevenue(createApiClient(args), filter.value);
    if (result.ok) revenue = result.data;
    else if (result.status === 400) for (const e of result.errors) (errors[e.source ?? ""] ??= []).push(e.key);
    else dataOf(result);
  }
  return data(
    { title: await titleOf(args.request, "accounting.revenue.title"), filter: filter.raw, errors, revenue },
    { headers: PRIVATE_HEADERS },
  );
}

// --- Payouts (issue 27 item 7, ADR 086) ---------------------------------------------------------------------------

export async function loadPayoutQueue(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const queue = dataOf(await payoutsApi.fetchPayoutQueue(createApiClient(args)));
  const url = new URL(args.request.url);
  const done = url.searchParams.get("done");
  return data(
    {
      title: await titleOf(args.request, "accounting.nav.payouts"),
      queue,
      done: done === "approved" || done === "sent" || done === "returned" || done === "rejected" ? done : null,
      batch: parseRowId(url.searchParams.get("batch")),
      chrome: await queueChromeFor(args, "payouts"),
    },
    { headers: PRIVATE_HEADERS },
  );
}

const reasonField = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.maxLength(500, "validation.invalid"),
);
const payoutQueueSchema = intentVariant({
  approve: v.object({
    payout_ids: v.pipe(
      v.array(rowIdField("validation.invalid"), "exception.payouts.nothing_to_approve"),
      v.minLength(1, "exception.payouts.nothing_to_approve"),
    ),
  }),
  sent: v.object({ batch: rowIdField("validation.invalid") }),
  returned: v.object({ payout: rowIdField("validation.invalid"), reason: reasonField }),
  rejected: v.object({ payout: rowIdField("validation.invalid"), reason: reasonField }),
});

export async function submitPayoutQueue(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  const submission = await parseForm(args.request, payoutQueueSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const value = submission.value;
  const api = createApiClient(args);
  const result =
    value.intent === "approve"
      ? await payoutsApi.approvePayouts(api, value.payout_ids)
      : value.intent === "sent"
        ? await payoutsApi.markBatchSent(api, value.batch)
        : await payoutsApi.failPayout(api, value.payout, value.intent, value.reason);
  if (!result.ok) {
    if (result.status === 403) throw notFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["reason", "payout_ids"]) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const batch = value.intent === "approve" && "messageId" in result.data ? `&batch=${result.data.id}` : "";
  const done = value.intent === "approve" ? "approved" : value.intent;
  throw redirect(`${localePath(lang, "backoffice/payouts")}?done=${done}${batch}`, { headers: PRIVATE_HEADERS });
}

/** A payout batch's pain.001 download. */
export const loadPayoutBatchFile = (args: LoaderFunctionArgs) => passAttachment(args, payoutsApi.downloadPayoutBatch);
