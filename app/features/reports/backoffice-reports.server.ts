/**
 * The back office's reports page (ADR 038): open reports by priority, then age, each with a decision form
 * (outcome and statement of reasons). Team and backend accounts only; everyone else gets the 404 of a page that
 * does not exist, like the moderation queue (ADR 030). Plain form posts, answered with a redirect.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { decideReportSchema } from "#server/contract/reports";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { localePath } from "~/i18n/lang";
import { decideReport, fetchReportQueue } from "~/api/reports.server";
import { i18nServer } from "~/i18n/i18next.server";
import { queueChromeFor } from "~/features/queues/queue-chrome.server";
import { rowIdField } from "~/components/form/schema";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { requireStaffPage } from "~/features/backoffice/staff-access.server";

const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });

async function requireStaff(request: Request, context: LoaderFunctionArgs["context"]): Promise<void> {
  await requireStaffPage(request, context, "reports.decide");
}

function pageOf(url: URL): number {
  const raw = url.searchParams.get("page") ?? "1";
  return /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
}

export async function loadReportQueue({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const queue = await fetchReportQueue(createApiClient({ request, context }), pageOf(url));
  if (!queue.ok) throw queue.status === 403 ? notFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("reports.backoffice.title"),
      queue: queue.data,
      done: url.searchParams.get("done") === "decided",
      chrome: await queueChromeFor({ request, context }, "reports"),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** A decision form: the report (its row id) and the contract's outcome and statement of reasons. */
const decisionSchema = v.object({ id: rowIdField("exception.reports.not_found"), ...decideReportSchema.entries }, "validation.required");

export async function submitReportDecision({ request, context, params }: ActionFunctionArgs) {
  await requireStaff(request, context);
  const submission = await parseForm(request, decisionSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const { id, outcome, statement, manifestly_unfounded } = submission.value;
  const result = await decideReport(createApiClient({ request, context }), id, { outcome, statement, manifestly_unfounded });
  if (!result.ok) {
    if (result.status === 403) throw notFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["outcome", "statement"]) },
      { status: result.status === 409 || result.status === 404 ? result.status : 400, headers: PRIVATE_HEADERS },
    );
  }
  const page = pageOf(new URL(request.url));
  // The language segment is checked: it becomes the start of the Location.
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  throw redirect(`${localePath(lang, "backoffice/reports")}?${page > 1 ? `page=${page}&` : ""}done=decided`, { headers: PRIVATE_HEADERS });
}
