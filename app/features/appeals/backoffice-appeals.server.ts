/**
 * The back office's appeals queue (DSA Art. 20, ADR 113): open complaints, oldest first, each with the contested
 * decision, who took it, and one plain decision form (uphold or reverse, with reasons). Staff with "appeals.decide";
 * everyone else gets the 404 of a page that does not exist. The API refuses the original decider.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { decideAppealSchema } from "#server/contract/appeals";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { decideAppeal, fetchAppealQueue } from "~/api/appeals.server";
import { createApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { rowIdField } from "~/components/form/schema";
import { loadStaffQueue } from "~/features/backoffice/staff-queue.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const APPEAL_DONE = ["upheld", "reversed"] as const;

export const loadAppealQueue = (args: LoaderFunctionArgs) =>
  loadStaffQueue(args, {
    fetch: fetchAppealQueue,
    permission: "appeals.decide",
    title: { key: "appeals.backoffice.title", ns: "appeals" },
    done: APPEAL_DONE,
    queue: "appeals",
  });

const decisionSchema = v.object({ id: rowIdField("exception.appeals.not_found"), ...decideAppealSchema.entries }, "validation.required");

export async function submitAppealDecision({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, decisionSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const { id, outcome, reasons } = submission.value;
  const result = await decideAppeal(createApiClient({ request, context }), id, { outcome, reasons });
  if (!result.ok) {
    const staffOnly = result.errors.some((error) => error.key.startsWith("exception.backoffice."));
    if (result.status === 403 && staffOnly) throw await notFoundResponse(request);
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["outcome", "reasons"]) },
      { status: result.status === 409 || result.status === 404 || result.status === 403 ? result.status : 400, headers: PRIVATE_HEADERS },
    );
  }
  // The language segment is checked: it becomes the start of the Location.
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  throw redirect(`${localePath(lang, "backoffice/appeals")}?done=${outcome}`, { headers: PRIVATE_HEADERS });
}
