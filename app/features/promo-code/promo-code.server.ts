/**
 * promo/code (spec section 2; issue 32 item 6): enter a promo code as a guest or a member. The checkout verifies it
 * (GET /payment/promo-code); a member goes straight on to the checkout of the good it applies to, with the code (the
 * goods step shows each offer's price with the discount); a guest sees what the code gives and signs up or logs in,
 * and comes back to that checkout afterwards (the sign-up's return path). Refusals are shown at the field.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { checkoutPath } from "#server/contract/checkout-path";
import { promoCodeCheckSchema } from "#server/contract/checkout-promo-code";
import { checkPromoCode, fetchMemberPromos } from "~/api/checkout.server";
import { createApiClient } from "~/api/client.server";
import { loadViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The checkout a valid code opens: the good's goods step with the code brought along. */
export function promoCheckoutPath(lang: string, goods: Parameters<typeof checkoutPath>[1], code: string): string {
  return `${checkoutPath(lang, goods)}&promo=${encodeURIComponent(code)}`;
}

export async function loadPromoCode({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const signedIn = (await loadViewer(request, context)) !== null;
  // A member also sees their active offers (GET /user/promos): what they can take without a code.
  const promos = signedIn ? await fetchMemberPromos(createApiClient({ request, context })) : null;
  // A code in the link (?code=) fills the field; it is checked when the visitor sends the form.
  const code = (new URL(request.url).searchParams.get("code") ?? "").slice(0, 32);
  return data(
    {
      title: t("promo_code.title"),
      description: t("promo_code.description"),
      signedIn,
      code,
      offers: promos?.ok ? promos.data.items : [],
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitPromoCode({ request, context, params }: ActionFunctionArgs) {
  const lang = params.lang!;
  const submission = await parseForm(request, promoCodeCheckSchema);
  if (submission.status !== "success")
    return data({ lastResult: submission.reply(), checked: null }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const result = await checkPromoCode(api, submission.value.code);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["code"]), checked: null },
      { status: result.status === 429 ? 429 : 400, headers: PRIVATE_HEADERS },
    );
  const target = promoCheckoutPath(lang, result.data.goods, result.data.code);
  // A member goes straight to the checkout; a guest first learns what the code gives, then signs up or logs in.
  if (await loadViewer(request, context)) throw redirect(target, { headers: PRIVATE_HEADERS });
  return data({ lastResult: null, checked: { ...result.data, checkout: target } }, { headers: PRIVATE_HEADERS });
}
