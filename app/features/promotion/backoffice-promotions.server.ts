/**
 * backoffice/promotions (ADR 090): the promotion profiles waiting for the team, oldest first, each with an accept
 * form and a reject form with a reason code (the API refunds the dollars). Team and backend accounts only; everyone
 * else gets the 404 of a page that does not exist, like the other queues (ADR 030). Plain form posts, answered with a
 * redirect to the same page of the queue.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { PROMOTION_ERRORS, PROMOTION_REVIEW_REJECT_CODES } from "#server/contract/promotion";
import { createApiClient } from "~/api/client.server";
import { decidePromotion, fetchPromotionReviewQueue } from "~/api/promotion.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { localePath } from "~/i18n/lang";
import { i18nServer } from "~/i18n/i18next.server";
import { queueChromeFor } from "~/features/queues/queue-chrome.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { requireStaffPage } from "~/features/backoffice/staff-access.server";

/** The notice after a decision's redirect. */
const DONE = ["accepted", "rejected"] as const;

const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });

async function requireStaff(request: Request, context: LoaderFunctionArgs["context"]): Promise<void> {
  await requireStaffPage(request, context, "queues.decide");
}

function pageOf(url: URL): number {
  const raw = url.searchParams.get("page") ?? "1";
  return /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
}

export async function loadPromotionQueue({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const queue = await fetchPromotionReviewQueue(createApiClient({ request, context }), pageOf(url));
  if (!queue.ok) throw queue.status === 403 ? notFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const done = url.searchParams.get("done");
  return data(
    {
      title: t("promotion.backoffice.title"),
      queue: queue.data,
      done: DONE.find((value) => value === done) ?? null,
      chrome: await queueChromeFor({ request, context }, "promotions"),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The two forms of an item: accept it, or reject it with one of the team's reason codes. */
const id = rowIdField(PROMOTION_ERRORS.notFound);
const decisionSchema = intentVariant({
  accept: v.object({ id }),
  reject: v.object({ id, reason: v.picklist(PROMOTION_REVIEW_REJECT_CODES, "validation.promotion.reason_required") }),
});

export async function submitPromotionDecision({ request, context, params }: ActionFunctionArgs) {
  await requireStaff(request, context);
  const submission = await parseForm(request, decisionSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const decision = submission.value;
  const result = await decidePromotion(
    createApiClient({ request, context }),
    decision.id,
    decision.intent === "reject" ? { decision: "reject", reason: decision.reason } : { decision: "accept" },
  );
  if (!result.ok) {
    if (result.status === 403) throw notFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["reason"]) },
      { status: result.status === 409 || result.status === 404 ? result.status : 400, headers: PRIVATE_HEADERS },
    );
  }
  const page = pageOf(new URL(request.url));
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const done = decision.intent === "accept" ? "accepted" : "rejected";
  throw redirect(`${localePath(lang, "backoffice/promotions")}?${page > 1 ? `page=${page}&` : ""}done=${done}`, {
    headers: PRIVATE_HEADERS,
  });
}
