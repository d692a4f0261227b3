/**
 * The back office's queue page (ADR 030): loader and action. Only team and backend accounts reach it;
 * everyone else, guests included, gets the same 404 as for a page that does not exist. Every decision is a
 * plain form post (accept, or reject with a reason from the contract's list), answered with a redirect to
 * the same queue page; a refused post (no reason, decided meanwhile) shows its error at the item.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { rejectSchema } from "#server/contract/moderation";
import { createApiClient } from "~/api/client.server";
import { decideModeration, fetchModerationQueue } from "~/api/moderation.server";
import { i18nServer } from "~/i18n/i18next.server";
import { queueChromeFor } from "~/features/queues/queue-chrome.server";
import { intentVariant } from "~/components/form/schema";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { requireStaffPage } from "./staff-access.server";

const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });

async function requireStaff(request: Request, context: LoaderFunctionArgs["context"]) {
  return await requireStaffPage(request, context, "queues.decide");
}

/** page and owner from the query string; anything odd reads as the first page of everyone. */
function queueParams(url: URL): { page: number; owner: string | null } {
  const page = Number(url.searchParams.get("page") ?? "1");
  const owner = (url.searchParams.get("owner") ?? "").trim().slice(0, 100);
  return { page: Number.isInteger(page) && page >= 1 && page <= 9999 ? page : 1, owner: owner || null };
}

export async function loadBackofficeQueue({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const { page, owner } = queueParams(url);
  const queue = await fetchModerationQueue(createApiClient({ request, context }), page, owner);
  if (!queue.ok)
    throw queue.status === 403
      ? notFound()
      : new Response(null, { status: queue.status >= 500 ? 503 : queue.status, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const done = url.searchParams.get("done");
  return data(
    {
      title: t("moderation.backoffice.title"),
      queue: queue.data,
      chrome: await queueChromeFor({ request, context }, "content"),
      done: done === "accepted" || done === "rejected" ? (done as "accepted" | "rejected") : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The two decision forms of an item (which one: its kind and id): accept it, or reject it with a reason of the list. */
const item = {
  kind: v.picklist(["media", "text"], "validation.invalid"),
  id: v.pipe(v.string("validation.invalid"), v.regex(/^[1-9]\d{0,15}$/, "validation.invalid"), v.transform(Number)),
};
const decisionSchema = intentVariant({ accept: v.object(item), reject: v.object({ ...item, ...rejectSchema.entries }) });

export async function submitBackofficeDecision({ request, context, params }: ActionFunctionArgs) {
  await requireStaff(request, context);
  const submission = await parseForm(request, decisionSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const decision = submission.value;
  const result = await decideModeration(
    createApiClient({ request, context }),
    decision.kind,
    decision.id,
    decision.intent === "reject" ? decision.reason : null,
  );
  if (!result.ok) {
    if (result.status === 403) throw notFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["reason"]) },
      { status: result.status === 409 ? 409 : 400, headers: PRIVATE_HEADERS },
    );
  }
  // Back to the same page of the queue (and filter); the decided item is gone from it.
  const url = new URL(request.url);
  const next = new URLSearchParams();
  const { page, owner } = queueParams(url);
  if (page > 1) next.set("page", String(page));
  if (owner) next.set("owner", owner);
  next.set("done", decision.intent === "accept" ? "accepted" : "rejected");
  throw redirect(`/${params.lang}/backoffice?${next.toString()}`, { headers: PRIVATE_HEADERS });
}
