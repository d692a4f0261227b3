/**
 * set_price (spec section 2 "set price", ADR 138): the escort's few main prices in one short form, saved through
 * PUT /settings/quick_prices under the service-price list's rule. Guests go to the login; members without prices
 * (clients, clubs) get a page that says so (403), not an error.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { quickPricesSchema } from "#server/contract/settings";
import { createApiClient } from "~/api/client.server";
import { fetchQuickPrices, saveQuickPrices } from "~/api/settings.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadSetPrice({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const t = await i18nServer.getFixedT(request);
  const title = t("set_price.meta_title");
  const prices = await fetchQuickPrices(createApiClient({ request, context }));
  if (!prices.ok && prices.status === 403) return data({ lang, title, prices: null }, { status: 403, headers: PRIVATE_HEADERS });
  if (!prices.ok) throw new Response(null, { status: prices.status >= 500 ? 503 : prices.status, headers: PRIVATE_HEADERS });
  return data({ lang, title, prices: prices.data }, { headers: PRIVATE_HEADERS });
}

export async function submitSetPrice({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, quickPricesSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await saveQuickPrices(createApiClient({ request, context }), submission.value);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status === 403 ? 403 : 400, headers: PRIVATE_HEADERS },
    );
  throw redirect(`/${params.lang}/set_price?saved=1`, { headers: PRIVATE_HEADERS });
}
