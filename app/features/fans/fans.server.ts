/**
 * Fan subscriptions in the web tier (issue 28 item 3, ADR 094). Without JavaScript every step is a plain page:
 *
 * - p/{username}/fans: the creator's tiers and the viewer's subscription (or, for the creator, a link to the settings);
 * - fans/{username}/{tierId}: the one confirmation — price, "monthly, renews until you cancel", the balance before
 *   and after — and one pay button; then user/fans/{id}?done=subscribed;
 * - user/fans: the member's subscriptions; user/fans/{id}: one, with cancel (and its consequences) or undo cancel;
 * - user/fan_offer: the creator's tiers (add, change, deactivate); user/fan_subscribers: subscribers and earnings.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { checkoutPath } from "#server/contract/checkout-path";
import { creatorFansPath } from "#server/contract/creators";
import { FAN_BENEFITS_MAX, FAN_ERRORS, FAN_TIER_NAME_MAX, fanCardCents, fanTierSchema } from "#server/contract/fans";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import {
  cancelFanSubscription,
  chooseFanCardTier,
  createFanTier,
  fetchFanOffer,
  fetchFanSubscribers,
  fetchFanSubscription,
  fetchFanTiers,
  fetchMyFanSubscriptions,
  subscribeToFanTier,
  undoCancelFanSubscription,
  updateFanTier,
} from "~/api/fans.server";
import type { ApiFailure } from "~/api/client.server";
import { loadViewer, requireViewer } from "~/api/viewer.server";
import { checkboxField, intentVariant, rowIdField } from "~/components/form/schema";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

/** An API failure as the page's answer: 404 stays 404, an outage 503, anything else the API's status. */
function failed(failure: ApiFailure): never {
  throw new Response(null, { status: failure.status >= 500 ? 503 : failure.status, headers: PRIVATE_HEADERS });
}

const idParam = (raw: string | undefined): number => {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  return Number(raw);
};

// ── The profile's fans tab ─────────────────────────────────────────────────────────────────────────────────────

/** p/{username}/fans (G): the offer; a profile that offers none shows the tab's empty state. */
export async function loadFanOfferTab({ request, context, params }: LoaderFunctionArgs) {
  const api = createApiClient({ request, context });
  const viewer = await loadViewer(request, context);
  const offer = await fetchFanOffer(api, params.username ?? "");
  // The layout answers unknown and hidden profiles; a profile that is no creator has no offer (the tab is not shown).
  if (!offer.ok) return data({ offer: null, signedIn: viewer !== null }, { headers: PRIVATE_HEADERS });
  return data({ offer: offer.data, signedIn: viewer !== null }, { headers: PRIVATE_HEADERS });
}

// ── The confirmation ───────────────────────────────────────────────────────────────────────────────────────────

/** fans/{username}/{tierId}: the tier, its terms and the balance before and after. */
export async function loadSubscribeConfirm({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const tierId = idParam(params.tierId);
  const api = createApiClient({ request, context });
  const offer = await fetchFanOffer(api, params.username ?? "");
  if (!offer.ok) failed(offer);
  const tier = offer.data.tiers.find((t) => t.id === tierId);
  if (!tier) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  // Subscribed already: the subscription's page says so.
  if (offer.data.subscription) throw redirect(localePath(lang, `user/fans/${offer.data.subscription.id}`), { headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      cardCents: fanCardCents(tier.price),
      title: t("fans.confirm.title", { name: offer.data.creator.displayName }),
      offer: offer.data,
      tier,
      back: localePath(lang, creatorFansPath(offer.data.creator.username)),
      // Back to this confirmation once the dollars are bought (ADR 097).
      buyPath: checkoutPath(lang, "dollar", undefined, localePath(lang, `fans/${offer.data.creator.username}/${tier.id}`)),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** Dollars from the balance (`subscribe`), or the card through the checkout's fans good (`card`). */
const subscribeFormSchema = intentVariant({
  subscribe: v.object({ tier_id: rowIdField(FAN_ERRORS.notFound) }),
  card: v.object({ tier_id: rowIdField(FAN_ERRORS.notFound) }),
});

export async function submitSubscribe({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, subscribeFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  if (submission.value.intent === "card") {
    const chosen = await chooseFanCardTier(api, submission.value.tier_id);
    if (!chosen.ok) {
      if (chosen.status >= 500) failed(chosen);
      return data({ lastResult: replyWithApiErrors(submission, chosen.errors) }, { status: 400, headers: PRIVATE_HEADERS });
    }
    throw redirect(checkoutPath(lang, "fans", chosen.data.sku), { headers: PRIVATE_HEADERS });
  }
  const answer = await subscribeToFanTier(api, submission.value.tier_id);
  if (!answer.ok) {
    if (answer.status >= 500) failed(answer);
    return data({ lastResult: replyWithApiErrors(submission, answer.errors) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  throw redirect(localePath(lang, `user/fans/${answer.data.subscription.id}?done=subscribed`), { headers: PRIVATE_HEADERS });
}

// ── The member's subscriptions ─────────────────────────────────────────────────────────────────────────────────

export async function loadMySubscriptions({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const list = await fetchMyFanSubscriptions(api);
  if (!list.ok) failed(list);
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("fans.mine.title"), items: list.data.items }, { headers: PRIVATE_HEADERS });
}

const DONE = ["subscribed", "cancelled", "resumed"] as const;
type Done = (typeof DONE)[number];

export async function loadSubscription({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const id = idParam(params.id);
  const api = createApiClient({ request, context });
  const item = await fetchFanSubscription(api, id);
  if (!item.ok) failed(item);
  const t = await i18nServer.getFixedT(request);
  const doneParam = new URL(request.url).searchParams.get("done");
  const done = (DONE as readonly string[]).includes(doneParam ?? "") ? (doneParam as Done) : null;
  return data(
    { title: t("fans.detail.title", { name: item.data.creator.displayName }), item: item.data, done },
    { headers: PRIVATE_HEADERS },
  );
}

const subscriptionFormSchema = intentVariant({ cancel: v.object({}), undo: v.object({}), card: v.object({}) });

export async function submitSubscription({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const id = idParam(params.id);
  const submission = await parseForm(request, subscriptionFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const answer = submission.value.intent === "cancel" ? await cancelFanSubscription(api, id) : await undoCancelFanSubscription(api, id);
  if (!answer.ok) {
    if (answer.status >= 500 || answer.status === 404) failed(answer);
    return data({ lastResult: replyWithApiErrors(submission, answer.errors) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  const done = submission.value.intent === "cancel" ? "cancelled" : "resumed";
  throw redirect(localePath(lang, `user/fans/${id}?done=${done}`), { headers: PRIVATE_HEADERS });
}

// ── The creator's tiers and subscribers ────────────────────────────────────────────────────────────────────────

/** A member who is no creator has no offer and no fans: their own subscriptions instead. */
function notCreator(failure: ApiFailure, lang: Language): never {
  if (failure.status === 403) throw redirect(localePath(lang, "user/fans"), { headers: PRIVATE_HEADERS });
  failed(failure);
}

export async function loadFanTiers({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const list = await fetchFanTiers(api);
  if (!list.ok) notCreator(list, langOf(params));
  const t = await i18nServer.getFixedT(request);
  const saved = new URL(request.url).searchParams.get("done") === "saved";
  return data(
    {
      title: t("fans.tiers.title"),
      list: list.data,
      saved,
      nameMax: FAN_TIER_NAME_MAX,
      benefitsMax: FAN_BENEFITS_MAX,
      offerPath: creatorFansPath(viewer.username),
    },
    { headers: PRIVATE_HEADERS },
  );
}

const tierEntries = {
  name: fanTierSchema.entries.name,
  price: fanTierSchema.entries.price,
  benefits: v.optional(fanTierSchema.entries.benefits.wrapped, ""),
  is_active: checkboxField,
};

export const tierFormSchema = intentVariant({
  create: v.object(tierEntries),
  update: v.object({ ...tierEntries, tier_id: rowIdField(FAN_ERRORS.notFound) }),
});

export async function submitFanTier({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, tierFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  const api = createApiClient({ request, context });
  const body = { name: form.name, price: form.price, benefits: form.benefits, is_active: form.is_active };
  const answer = form.intent === "create" ? await createFanTier(api, body) : await updateFanTier(api, form.tier_id, body);
  if (!answer.ok) {
    if (answer.status >= 500) failed(answer);
    return data({ lastResult: replyWithApiErrors(submission, answer.errors) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  throw redirect(localePath(lang, "user/fan_offer?done=saved"), { headers: PRIVATE_HEADERS });
}

export async function loadFanSubscribers({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const answer = await fetchFanSubscribers(api);
  if (!answer.ok) notCreator(answer, langOf(params));
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("fans.subscribers.title"), subscribers: answer.data }, { headers: PRIVATE_HEADERS });
}
