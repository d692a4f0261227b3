/**
 * Tips in the web tier (issue 27 items 3 and 6, ADR 082). Without JavaScript a tip is three plain steps:
 *
 * 1. The profile's tip form (or a photo's) posts the amount; the profile's action asks the API for the quote
 *    (tip-amount: a refused amount or one over the monthly limit comes back to the form's field) and leads to
 * 2. the confirmation, `tip?target=…&id=…&amount=…`: receiver, price, balance now and after, and one pay button;
 *    its loader renders a new idempotency key into a hidden field each time, so a resent form pays once;
 * 3. the result, `tip/{key}`: the new balance, or what to do (buy dollars).
 *
 * With JavaScript the tip form's script (tip-script.ts) posts to tip/live itself, after its undo window, and asks it
 * for the tip's state while it waits: JSON, no page.
 */
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { checkoutPath } from "#server/contract/checkout-path";
import type { ErrorItem } from "#server/contract/errors";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { formatAmount } from "#server/contract/prices";
import { API_TIP_TARGETS, tipSchema, type ApiTipTarget } from "#server/contract/tips";
import { MONEY_KEY_PATTERN, walletPaths } from "#server/contract/wallet";
import { createApiClient, type ApiClient, type ApiFailure } from "~/api/client.server";
import { fetchTipQuote, fetchTipStatus, sendTip, type TipAmountData, type TipAnswerData } from "~/api/tips.server";
import { loadViewer, requireViewer } from "~/api/viewer.server";
import { outcomeOf, profileAction, type ProfileAction } from "~/features/profile-actions/types";
import { i18nServer } from "~/i18n/i18next.server";
import { translateMessage } from "~/i18n/translate";
import { messageOf } from "~/utils/api-errors";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

/** The custom amount's field on the tip forms: the API's `amount` errors are shown there. */
export const CUSTOM_AMOUNT_FIELD = "custom_amount";
/** The amount buttons' value that means "the custom amount" (also the form's default button, for Enter in the field). */
export const CUSTOM_AMOUNT = "custom";

/** Which amount a tip form sent: a button's, or the custom field's (as typed: the API judges it). */
export function chosenAmount(value: { amount?: string; custom_amount?: string }): string {
  return !value.amount || value.amount === CUSTOM_AMOUNT ? (value.custom_amount ?? "").trim() : value.amount;
}

/** The API's errors about the amount, moved to the custom amount's field. */
const atCustomAmount = (failure: ApiFailure): ApiFailure => ({
  ...failure,
  errors: failure.errors.map((item: ErrorItem) => (item.source === "amount" ? { ...item, source: CUSTOM_AMOUNT_FIELD } : item)),
});

/** The tip's fields besides the intent: the receiver (the profile's owner's id or the photo's id) and the amount. */
const tipFormEntries = {
  target: v.optional(v.picklist(API_TIP_TARGETS, "validation.invalid"), "profile"),
  receiver: v.pipe(v.string("validation.invalid"), v.regex(/^[1-9]\d{0,9}$/, "validation.invalid")),
  amount: v.optional(v.string()),
  custom_amount: v.optional(v.string()),
};

/** The profile's `tip` intent (ADR 066): checked by the API's quote, then on to the confirmation. */
export const TIP_ACTIONS: Record<string, ProfileAction> = {
  tip: profileAction(tipFormEntries, async ({ api, lang }, value) => {
    const amount = chosenAmount(value);
    const quote = await fetchTipQuote(api, { target: value.target, id: value.receiver, amount });
    if (!quote.ok) return outcomeOf(atCustomAmount(quote), "", [CUSTOM_AMOUNT_FIELD]);
    return { done: "", to: walletPaths.tip(lang, value.target, Number(value.receiver), amount) };
  }),
};

/** The confirmation's query: what is tipped and how much. */
const confirmQuerySchema = v.object({
  target: v.picklist(API_TIP_TARGETS),
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/)),
  amount: v.pipe(v.string(), v.regex(/^\d{1,7}$/)),
});

/** Where "back" leads: the receiver's profile, at the photo for a photo's tip. */
function backPath(lang: Language, target: ApiTipTarget, id: number, username: string | undefined): string {
  if (!username) return `/${lang}`;
  return target === "medium" ? `/${lang}/p/${username}#photo-${id}` : `/${lang}/p/${username}`;
}

export interface TipConfirmData {
  title: string;
  target: ApiTipTarget;
  id: number;
  quote: TipAmountData | null;
  /** The quote's refusal (over the limit, an invalid amount): shown instead of the pay button. */
  refusal: string | null;
  key: string;
  back: string;
  buyPath: string;
}

/** tip?target=&id=&amount=: the confirmation of one tip, with a new idempotency key in its form. */
export async function loadTipConfirm({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const query = v.safeParse(confirmQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  const { target, amount } = query.output;
  const id = Number(query.output.id);
  const api = createApiClient({ request, context });
  const quote = await fetchTipQuote(api, { target, id, amount });
  const t = await i18nServer.getFixedT(request);
  if (!quote.ok && [403, 404].includes(quote.status)) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  if (!quote.ok && quote.status >= 500) throw new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  // Over the limit or an amount the API refused: the page says why; the profile's form is one link away.
  const receiverQuote = quote.ok ? quote.data : null;
  const refusal = quote.ok ? null : quote.errors.map((item) => translateMessage(t, messageOf(item), undefined, lang)).join(" ");
  // Refused, the quote names no receiver: ask for it alone, for the way back.
  const receiver = receiverQuote?.receiver ?? (await receiverOnly(api, target, id));
  const answer: TipConfirmData = {
    title: t("tips.confirm.title"),
    target,
    id,
    quote: receiverQuote,
    refusal,
    key: randomUUID(),
    back: backPath(lang, target, id, receiver?.username),
    buyPath: checkoutPath(lang, "dollar"),
  };
  return data(answer, { headers: PRIVATE_HEADERS });
}

async function receiverOnly(api: ApiClient, target: ApiTipTarget, id: number) {
  const quote = await fetchTipQuote(api, { target, id });
  return quote.ok ? quote.data.receiver : null;
}

/** What the tip script shows for an answer: the status and one translated sentence (the page's language). */
export interface TipScriptAnswer {
  status: TipAnswerData["status"] | "refused";
  message: string;
  buyPath?: string;
}

async function scriptAnswer(request: Request, lang: Language, answer: TipAnswerData | ApiFailure): Promise<TipScriptAnswer> {
  const t = await i18nServer.getFixedT(request);
  if ("ok" in answer && !answer.ok) {
    return { status: "refused", message: answer.errors.map((item) => translateMessage(t, messageOf(item), undefined, lang)).join(" ") };
  }
  const tip = answer as TipAnswerData;
  const dollars = (amount: number) => t("money.dollars", { count: amount, amount: formatAmount({ currency: "dollar", amount }, lang) });
  const name = tip.receiver?.displayName ?? "";
  if (tip.status === "succeeded")
    return {
      status: tip.status,
      message: t("tips.result.succeeded", { amount: dollars(tip.amount), name, balance: dollars(tip.balance) }),
    };
  if (tip.status === "insufficient")
    return {
      status: tip.status,
      message: t("tips.result.insufficient", { balance: dollars(tip.balance) }),
      buyPath: checkoutPath(lang, "dollar"),
    };
  return { status: tip.status, message: t("tips.result.pending") };
}

/** The confirmation's pay button: the tip under the rendered key, then its result page. */
export async function submitTip({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, tipSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await sendTip(createApiClient({ request, context }), submission.value);
  if (result.ok) throw redirect(walletPaths.tipResult(lang, submission.value.key), { headers: PRIVATE_HEADERS });
  return data(
    { lastResult: replyWithApiErrors(submission, result.errors, []) },
    { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
  );
}

/**
 * tip/live (no page): the tip script's post (POST, the tip's fields) and poll (GET ?key=), each answered as JSON with
 * one sentence in the page's language, so the script carries no texts of its own.
 */
export async function sendTipLive({ request, context, params }: ActionFunctionArgs) {
  if (!(await loadViewer(request, context))) return json({ status: "refused", message: "" }, 401);
  const lang = langOf(params);
  const submission = await parseForm(request, tipSchema);
  if (submission.status !== "success") {
    const t = await i18nServer.getFixedT(request);
    return json({ status: "refused", message: t("exception.tips.amount_invalid") }, 400);
  }
  const result = await sendTip(createApiClient({ request, context }), submission.value);
  return json(
    await scriptAnswer(request, lang, result.ok ? result.data : result),
    result.ok ? 200 : result.status >= 500 ? 503 : result.status,
  );
}

export async function pollTipLive({ request, context, params }: LoaderFunctionArgs) {
  if (!(await loadViewer(request, context))) return json({ status: "refused", message: "" }, 401);
  const key = new URL(request.url).searchParams.get("key") ?? "";
  if (!MONEY_KEY_PATTERN.test(key)) return json({ status: "refused", message: "" }, 400);
  const result = await fetchTipStatus(createApiClient({ request, context }), key);
  return json(await scriptAnswer(request, langOf(params), result.ok ? result.data : result), result.ok ? 200 : 503);
}

const json = (body: TipScriptAnswer, status: number) => Response.json(body, { status, headers: PRIVATE_HEADERS });

export interface TipResultData {
  title: string;
  tip: TipAnswerData;
  back: string;
  buyPath: string;
}

/** tip/{key}: the viewer's tip under this key (404 when none of theirs); JSON for the script's poll. */
export async function loadTipResult({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const key = params.key ?? "";
  if (!MONEY_KEY_PATTERN.test(key)) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  const result = await fetchTipStatus(createApiClient({ request, context }), key);
  if (!result.ok) throw new Response(null, { status: result.status >= 500 ? 503 : 404, headers: PRIVATE_HEADERS });
  if (result.data.status === "pending") throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const tipData: TipResultData = {
    title: t(`tips.result.title_${result.data.status === "succeeded" ? "succeeded" : "insufficient"}`),
    tip: result.data,
    back: result.data.receiver ? `/${lang}/p/${result.data.receiver.username}` : `/${lang}`,
    buyPath: checkoutPath(lang, "dollar"),
  };
  return data(tipData, { headers: PRIVATE_HEADERS });
}
