/**
 * The web side of the back office's queues (issue 30 item 5, ADR 119): the way around every queue page (the queues
 * with their counts, one loader helper), the queues home, the claim forms' action and the reviews queue.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { CLAIM_SCOPE_PATTERN, REVIEW_KINDS, reviewDecisionSchema } from "#server/contract/queues";
import { createApiClient } from "~/api/client.server";
import {
  claimNextQueueItem,
  claimQueueItem,
  decideQueuedReview,
  fetchQueueOverview,
  fetchReviewQueue,
  releaseQueueItem,
} from "~/api/queues.server";
import { requireViewer } from "~/api/viewer.server";
import { loadStaffQueue } from "~/features/backoffice/staff-queue.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

/** /{lang}/backoffice/queues: every queue the role may work, with counts and the oldest waiting time. */
export async function loadQueuesHome({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const result = await fetchQueueOverview(createApiClient({ request, context }));
  if (!result.ok) {
    if (result.status === 401 || result.status === 403 || result.status === 404) throw await notFoundResponse(request);
    throw new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  }
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("queues.home.title", { ns: "queues" }),
      now: result.data.now,
      queues: result.data.queues.map((summary) => ({ ...summary, label: t(summary.title, { ns: summary.namespace }) })),
    },
    { headers: PRIVATE_HEADERS },
  );
}

const itemIdField = v.pipe(
  v.string("validation.queues.item_id"),
  v.regex(/^[1-9]\d{0,9}$/, "validation.queues.item_id"),
  v.transform(Number),
);
const scopeField = v.pipe(v.string("validation.queues.queue"), v.regex(CLAIM_SCOPE_PATTERN, "validation.queues.queue"));
const claimFormSchema = v.variant("intent", [
  v.object({ intent: v.literal("claim"), queue: scopeField, item_id: itemIdField, back: v.string() }),
  v.object({ intent: v.literal("release"), queue: scopeField, item_id: itemIdField, back: v.string() }),
  v.object({ intent: v.literal("next"), queue: scopeField, back: v.string() }),
]);

/** Where a claim form goes back to: the queue page it was sent from (never another site). */
function backPath(lang: Language, back: string | undefined): string {
  const fallback = `/${lang}/backoffice/queues`;
  if (!back || !back.startsWith(`/${lang}/backoffice`) || back.startsWith("//")) return fallback;
  return back.split("#")[0]!;
}

function withNotice(path: string, notice: string, anchor?: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.delete("done");
  url.searchParams.set("claim", notice);
  return `${url.pathname}${url.search}${anchor ? `#${anchor}` : ""}`;
}

/** The claim forms (claim, release, take next) of every queue page post here and go back with the outcome. */
export async function submitClaim({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, claimFormSchema);
  const back = backPath(lang, typeof submission.payload.back === "string" ? submission.payload.back : undefined);
  if (submission.status !== "success") throw redirect(back, { headers: PRIVATE_HEADERS });
  const form = submission.value;
  const api = createApiClient({ request, context });
  if (form.intent === "next") {
    const result = await claimNextQueueItem(api, form.queue);
    if (!result.ok) throw await refusal(request, result.status, back);
    const claim = result.data.claim;
    // The claimed item's decide form, on the queue's first page (oldest first).
    throw redirect(claim ? withNotice(back, "claimed", `item-${claim.queue}-${claim.itemId}`) : withNotice(back, "nothing"), {
      headers: PRIVATE_HEADERS,
    });
  }
  const result =
    form.intent === "claim" ? await claimQueueItem(api, form.queue, form.item_id) : await releaseQueueItem(api, form.queue, form.item_id);
  if (!result.ok) throw await refusal(request, result.status, back, `item-${form.queue}-${form.item_id}`);
  throw redirect(withNotice(back, form.intent === "claim" ? "claimed" : "released", `item-${form.queue}-${form.item_id}`), {
    headers: PRIVATE_HEADERS,
  });
}

async function refusal(request: Request, status: number, back: string, anchor?: string) {
  if (status === 401 || status === 403) return notFoundResponse(request);
  // Held by someone else meanwhile, or decided: the page shows who holds what now.
  return redirect(withNotice(back, status === 409 ? "taken" : "nothing", anchor), { headers: PRIVATE_HEADERS });
}

/** /{lang}/backoffice/reviews: the reviews queue with the way around. */
export async function loadReviewQueue(args: LoaderFunctionArgs) {
  const page = await loadStaffQueue(args, {
    fetch: fetchReviewQueue,
    permission: "queues.decide",
    title: { key: "queues.backoffice.title", ns: "queues" },
    done: ["keep", "remove"] as const,
    queue: "reviews",
  });
  return page;
}

const reviewFormSchema = v.object({
  kind: v.picklist(REVIEW_KINDS, "validation.invalid"),
  id: itemIdField,
  decision: reviewDecisionSchema.entries.decision,
  reason: v.optional(v.string(), ""),
});

export async function submitReviewDecision({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, reviewFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  const result = await decideQueuedReview(createApiClient({ request, context }), form.kind, form.id, {
    decision: form.decision,
    reason: form.reason,
  });
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  throw redirect(`/${lang}/backoffice/reviews?done=${form.decision}`, { headers: PRIVATE_HEADERS });
}
