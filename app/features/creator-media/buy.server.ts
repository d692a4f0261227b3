/**
 * buy-puzzle-medium without JavaScript (issue 28 item 2, ADR 093): the confirmation `buy-puzzle-medium/{id}` shows the
 * blurred preview, the owner, the price, the balance now and after and one pay button; its loader renders a new
 * idempotency key into a hidden field each time, so a resent form pays once. Paid, the member lands on the photo,
 * now open, in the owner's gallery; the purchase is in their dollar history (reference medium:{id}).
 */
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { checkoutPath } from "#server/contract/checkout-path";
import { buyPuzzleMediumSchema } from "#server/contract/creator-media";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { walletPaths } from "#server/contract/wallet";
import { createApiClient } from "~/api/client.server";
import { buyPuzzleMedium, fetchPuzzleQuote, type PuzzleQuoteData } from "~/api/creator-media.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import { messageOf } from "~/utils/api-errors";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);
const idOf = (params: LoaderFunctionArgs["params"]) => (/^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : null);
const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });

/** Where a bought medium opens: its view in the owner's gallery. */
export const boughtPath = (lang: Language, username: string, id: number) => `${localePath(lang, `p/${username}`)}#photo-${id}`;

export interface BuyConfirmData {
  title: string;
  id: number;
  quote: PuzzleQuoteData | null;
  /** Why it cannot be bought (own medium, not for sale): shown instead of the pay button. */
  refusal: string | null;
  key: string;
  back: string;
  buyDollarsPath: string;
  historyPath: string;
}

export async function loadBuyConfirm({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const id = idOf(params);
  if (id === null) throw notFound();
  const quote = await fetchPuzzleQuote(createApiClient({ request, context }), id);
  if (!quote.ok && [403, 404].includes(quote.status)) throw notFound();
  if (!quote.ok && quote.status >= 500) throw new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const page: BuyConfirmData = {
    title: t("creator_media.buy.title"),
    id,
    quote: quote.ok ? quote.data : null,
    refusal: quote.ok ? null : quote.errors.map((item) => translateMessage(t, messageOf(item), undefined, lang)).join(" "),
    key: randomUUID(),
    back: quote.ok ? boughtPath(lang, quote.data.owner.username, id) : localePath(lang, ""),
    // Back to this confirmation once the dollars are bought (ADR 097).
    buyDollarsPath: checkoutPath(lang, "dollar", undefined, localePath(lang, `buy-puzzle-medium/${id}`)),
    historyPath: walletPaths.dollar(lang),
  };
  return data(page, { headers: PRIVATE_HEADERS });
}

/** The pay button's form: the key the page rendered (the medium is the path's). */
const payFormSchema = v.object({ key: buyPuzzleMediumSchema.entries.key });

export async function submitBuy({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const id = idOf(params);
  if (id === null) throw notFound();
  const submission = await parseForm(request, payFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await buyPuzzleMedium(createApiClient({ request, context }), { id, key: submission.value.key });
  if (result.ok) throw redirect(boughtPath(lang, result.data.ownerUsername, id), { headers: PRIVATE_HEADERS });
  return data(
    { lastResult: replyWithApiErrors(submission, result.errors, []) },
    { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
  );
}
