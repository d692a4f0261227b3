/**
 * promotion/{type?} (issue 27 item 3, spec section 2, ADR 084, 090): the rise-up (the default type) and the promotion
 * profile. The page shows what each does and costs, the member's running or waiting one, and the member's promotions;
 * buying is one form post with the idempotency key the loader rendered (new with every render), then the page again
 * with the result (?done=<id>).
 */
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { profilePromotionBuySchema, riseUpBuySchema } from "#server/contract/promotion";
import { walletPaths, type PromotionType } from "#server/contract/wallet";
import { createApiClient } from "~/api/client.server";
import { buyProfilePromotion, buyRiseUp, fetchPromotion, fetchPromotionOverview } from "~/api/promotion.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

function unavailable(status: number): never {
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

/** The page's types: rise_up (also the page without a type) and profile; anything else is a 404. */
function typeOf(type: string | undefined): PromotionType {
  if (type === undefined || type === "rise_up") return "rise_up";
  if (type === "profile") return "profile";
  throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
}

export async function loadPromotion({ request, context, params }: LoaderFunctionArgs) {
  const type = typeOf(params.type);
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
      type,
      title: t(type === "profile" ? "promotion.profile.title" : "promotion.title"),
      overview: overview.data,
      done: done?.ok ? done.data : null,
      key: randomUUID(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitPromotion({ request, context, params }: ActionFunctionArgs) {
  const type = typeOf(params.type);
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  if (type === "profile") {
    const submission = await parseForm(request, profilePromotionBuySchema, { lineBreaks: true });
    if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
    const result = await buyProfilePromotion(api, submission.value);
    if (!result.ok)
      return data(
        { lastResult: replyWithApiErrors(submission, result.errors, ["text", "media_id"]) },
        { status: result.status, headers: PRIVATE_HEADERS },
      );
    throw redirect(`${walletPaths.promotion(lang, "profile")}?done=${result.data.promotion.id}`, { headers: PRIVATE_HEADERS });
  }
  const submission = await parseForm(request, riseUpBuySchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await buyRiseUp(api, submission.value);
  if (!result.ok)
    return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: result.status, headers: PRIVATE_HEADERS });
  throw redirect(`${walletPaths.promotion(lang, "rise_up")}?done=${result.data.promotion.id}`, { headers: PRIVATE_HEADERS });
}
