/**
 * promotion/{type?} (issue 27 item 3, spec section 2, ADR 084): what a rise-up does and costs, the free rise-ups a
 * plus member has left, the running one, the member's promotions; buying one is one form post with the idempotency
 * key the loader rendered (new with every render), then the page again with the result (?done=<id>).
 */
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { riseUpBuySchema } from "#server/contract/promotion";
import { walletPaths } from "#server/contract/wallet";
import { createApiClient } from "~/api/client.server";
import { buyRiseUp, fetchPromotion, fetchPromotionOverview } from "~/api/promotion.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

function unavailable(status: number): never {
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

/** The page's types: the rise-up only for now (the promotion profile is designed in ADR 084, not sold yet). */
function checkType(type: string | undefined): void {
  if (type !== undefined && type !== "rise_up") throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
}

export async function loadPromotion({ request, context, params }: LoaderFunctionArgs) {
  checkType(params.type);
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const doneId = Number(new URL(request.url).searchParams.get("done"));
  const [overview, done] = await Promise.all([
    fetchPromotionOverview(api),
    Number.isSafeInteger(doneId) && doneId > 0 ? fetchPromotion(api, doneId) : Promise.resolve(null),
  ]);
  if (!overview.ok) unavailable(overview.status);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("promotion.title"),
      overview: overview.data,
      done: done?.ok ? done.data : null,
      key: randomUUID(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitPromotion({ request, context, params }: ActionFunctionArgs) {
  checkType(params.type);
  await requireViewer(request, context);
  const submission = await parseForm(request, riseUpBuySchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await buyRiseUp(createApiClient({ request, context }), submission.value);
  if (!result.ok)
    return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: result.status, headers: PRIVATE_HEADERS });
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  throw redirect(`${walletPaths.promotion(lang, "rise_up")}?done=${result.data.promotion.id}`, { headers: PRIVATE_HEADERS });
}
