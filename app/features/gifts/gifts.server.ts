/**
 * user/gifts (issue 27 item 4, ADR 085): send a gift of dollars (a form, then one confirmation with the balance
 * before and after and the idempotency key rendered with it), give a received gift back, choose whom to give plus
 * to (then the checkout), and the received and sent gifts, paged.
 */
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { checkoutPath } from "#server/contract/checkout-path";
import { GIFT_MESSAGE_MAX, giftRecipientSchema, sendGiftSchema } from "#server/contract/gifts";
import { walletPaths } from "#server/contract/wallet";
import type { Language } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { chooseGiftRecipient, fetchGift, fetchGifts, giveGiftBack, sendGift } from "~/api/gifts.server";
import { requireViewer } from "~/api/viewer.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The first form: what to give (the confirmation adds the key). */
const reviewSchema = v.object(
  { username: sendGiftSchema.entries.username, amount: sendGiftSchema.entries.amount, message: sendGiftSchema.entries.message },
  "validation.required",
);

export const giftsFormSchema = intentVariant({
  review: reviewSchema,
  send: sendGiftSchema,
  return: v.object({ gift_id: rowIdField("exception.gifts.not_found") }),
  membership: giftRecipientSchema,
});

const pageOf = (value: string | null) => {
  const page = Number(value ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 9999 ? page : 1;
};

const DONE = ["sent", "insufficient", "returned"] as const;
type Done = (typeof DONE)[number];

export async function loadGifts({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const url = new URL(request.url);
  const [received, sent] = await Promise.all([
    fetchGifts(api, "received", pageOf(url.searchParams.get("received"))),
    fetchGifts(api, "sent", pageOf(url.searchParams.get("sent"))),
  ]);
  if (!received.ok) throw new Response(null, { status: received.status >= 500 ? 503 : received.status, headers: PRIVATE_HEADERS });
  if (!sent.ok) throw new Response(null, { status: sent.status >= 500 ? 503 : sent.status, headers: PRIVATE_HEADERS });
  const doneParam = url.searchParams.get("done");
  const done = (DONE as readonly string[]).includes(doneParam ?? "") ? (doneParam as Done) : null;
  const giftId = Number(url.searchParams.get("gift"));
  const gift = done === "sent" && Number.isInteger(giftId) && giftId > 0 ? await fetchGift(api, giftId) : null;
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("gifts.title"),
      received: received.data,
      sent: sent.data,
      balance: received.data.balance,
      done,
      gift: gift?.ok ? gift.data : null,
      messageMax: GIFT_MESSAGE_MAX,
    },
    { headers: PRIVATE_HEADERS },
  );
}

const refused = (lastResult: ReturnType<Awaited<ReturnType<typeof parseForm>>["reply"]>, status: number) =>
  data({ lastResult, confirm: null }, { status, headers: PRIVATE_HEADERS });

export async function submitGifts({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = (params.lang ?? "de") as Language;
  const submission = await parseForm(request, giftsFormSchema);
  if (submission.status !== "success") return refused(submission.reply(), 400);
  const form = submission.value;
  const api = createApiClient({ request, context });
  const back = walletPaths.gifts(lang);

  if (form.intent === "review") {
    // The confirmation: the same values, and a new idempotency key with every render of it.
    const { username, amount, message } = form;
    return data({ lastResult: null, confirm: { username, amount, message, key: randomUUID() } }, { headers: PRIVATE_HEADERS });
  }
  if (form.intent === "send") {
    const { intent: _intent, ...body } = form;
    const result = await sendGift(api, body);
    if (!result.ok) return refused(replyWithApiErrors(submission, result.errors), result.status >= 500 ? 503 : 400);
    if (result.data.status === "succeeded") throw redirect(`${back}?done=sent&gift=${result.data.giftId}`, { headers: PRIVATE_HEADERS });
    throw redirect(`${back}?done=insufficient`, { headers: PRIVATE_HEADERS });
  }
  if (form.intent === "return") {
    const result = await giveGiftBack(api, form.gift_id);
    if (!result.ok) return refused(replyWithApiErrors(submission, result.errors), result.status >= 500 ? 503 : 409);
    throw redirect(`${back}?done=returned`, { headers: PRIVATE_HEADERS });
  }
  const chosen = await chooseGiftRecipient(api, { username: form.username });
  if (!chosen.ok) return refused(replyWithApiErrors(submission, chosen.errors), chosen.status >= 500 ? 503 : 400);
  throw redirect(checkoutPath(lang, "gift", chosen.data.sku), { headers: PRIVATE_HEADERS });
}
