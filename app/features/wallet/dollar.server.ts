/**
 * user/dollar (issue 27 items 2 and 6, ADR 081): the member's dollars — balances, buying, the history with its
 * filters and pages, the CSV, and the auto-recharge setting. Thin: the API decides; the page only reads the filters
 * from the address and relays the one form.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { DOLLAR_HISTORY_KINDS, DOLLAR_PACKAGES, HISTORY_MONTH_PATTERN, walletPaths } from "#server/contract/wallet";
import type { TransactionKind } from "#server/contract/ledger";
import { isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { fetchDollarHistory, fetchDollarHistoryCsv, fetchDollarWallet, saveAutoRecharge } from "~/api/wallet.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

function unavailable(status: number): never {
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

export interface HistoryFilters {
  kind?: TransactionKind;
  month?: string;
}

/** The filters as the address gives them; anything the API would refuse is left out (a hand-made address shows all). */
export function filtersOf(url: URL): { filters: HistoryFilters; page: number } {
  const kind = url.searchParams.get("kind") ?? "";
  const month = url.searchParams.get("month") ?? "";
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    filters: {
      ...((DOLLAR_HISTORY_KINDS as readonly string[]).includes(kind) ? { kind: kind as TransactionKind } : {}),
      ...(HISTORY_MONTH_PATTERN.test(month) ? { month } : {}),
    },
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export async function loadDollarPage({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const url = new URL(request.url);
  const { filters, page } = filtersOf(url);
  const [wallet, history] = await Promise.all([fetchDollarWallet(api), fetchDollarHistory(api, filters, page)]);
  if (!wallet.ok) unavailable(wallet.status);
  if (!history.ok) unavailable(history.status);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("wallet.page.title"),
      wallet: wallet.data,
      history: history.data,
      filters,
      saved: url.searchParams.get("done") === "saved",
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The auto-recharge form: the checkbox (absent: off) and the package. */
const autoRechargeFormSchema = v.object({
  enabled: v.optional(v.boolean("validation.invalid"), false),
  sku: v.picklist(
    DOLLAR_PACKAGES.map((pkg) => pkg.sku),
    "validation.invalid",
  ),
});

export async function submitDollarPage({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, autoRechargeFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await saveAutoRecharge(createApiClient({ request, context }), submission.value);
  if (!result.ok) return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: 400, headers: PRIVATE_HEADERS });
  const lang = isLanguage(params.lang) ? params.lang : "de";
  throw redirect(`${walletPaths.dollar(lang)}?done=saved#auto-recharge`, { headers: PRIVATE_HEADERS });
}

/** user/dollar/history.csv: the API's file for the signed-in member, under the page's filters. */
export async function downloadDollarHistory({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const { filters } = filtersOf(new URL(request.url));
  const upstream = await fetchDollarHistoryCsv(createApiClient({ request, context }), filters);
  if (upstream.status !== 200) {
    await upstream.body?.cancel();
    return new Response("Not available", { status: 503, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
  const headers = new Headers(PRIVATE_HEADERS);
  for (const name of ["content-type", "content-length", "content-disposition", "x-content-type-options"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
