/**
 * The appeal pages (DSA Art. 20, ADR 113): user/statements/{id}/appeal for the affected member, user/reports/{id}/appeal
 * for a notifier whose report was decided without action. The loader reads the decision (another member's is 404), the
 * action files the complaint and redirects back to the page, which then shows it. Plain form posts.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { appealLinkPath, fileAppealSchema, reportAppealPath, statementAppealPath } from "#server/contract/appeals";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { MAX_ROW_ID } from "#server/contract/row-id";
import { fetchOwnReport, fetchStatementAppeal, fetchStatementAppealByLink, fileAppeal, fileAppealByLink } from "~/api/appeals.server";
import { createApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

type On = "statement" | "report";

async function idOf(request: Request, raw: string | undefined): Promise<number> {
  const id = /^[1-9]\d{0,9}$/.test(raw ?? "") ? Number(raw) : 0;
  if (id < 1 || id > MAX_ROW_ID) throw await notFoundResponse(request);
  return id;
}

export async function loadAppeal(on: On, { request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const id = await idOf(request, params.id);
  const api = createApiClient({ request, context });
  const t = await i18nServer.getFixedT(request);
  const done = new URL(request.url).searchParams.get("done") === "filed";
  if (on === "statement") {
    const view = await fetchStatementAppeal(api, id);
    if (!view.ok)
      throw view.status === 404 ? await notFoundResponse(request) : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
    return data(
      { title: t("appeals.page.title", { ns: "appeals" }), on, statement: view.data, report: null, done },
      { headers: PRIVATE_HEADERS },
    );
  }
  const report = await fetchOwnReport(api, id);
  if (!report.ok)
    throw report.status === 404 ? await notFoundResponse(request) : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  return data(
    { title: t("appeals.page.title", { ns: "appeals" }), on, statement: null, report: report.data, done },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitAppeal(on: On, { request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const id = await idOf(request, params.id);
  const submission = await parseForm(request, fileAppealSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await fileAppeal(createApiClient({ request, context }), on, id, submission.value);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["text"]) },
      { status: result.status === 409 ? 409 : 400, headers: PRIVATE_HEADERS },
    );
  }
  // The language segment is checked: it becomes the start of the Location.
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const path = on === "statement" ? statementAppealPath(id) : reportAppealPath(id);
  throw redirect(`${localePath(lang, path)}?done=filed`, { headers: PRIVATE_HEADERS });
}

// ——— appeal/{token}: the signed link of a member who cannot sign in (ADR 123) ———

/** A token's shape only (its signature is the API's to check); anything else is a 404 without a call. */
const TOKEN_SHAPE = /^[0-9]{1,12}\.[0-9]{1,13}\.[A-Za-z0-9_-]{43}$/;

async function tokenOf(request: Request, raw: string | undefined): Promise<string> {
  if (!TOKEN_SHAPE.test(raw ?? "")) throw await notFoundResponse(request);
  return raw!;
}

/** The page without a session: the statement's summary and the complaint form, or why the link does not work. */
export async function loadAppealByLink({ request, context, params }: LoaderFunctionArgs) {
  const token = await tokenOf(request, params.token);
  const t = await i18nServer.getFixedT(request);
  const title = t("appeals.page.title", { ns: "appeals" });
  const done = new URL(request.url).searchParams.get("done") === "filed";
  const view = await fetchStatementAppealByLink(createApiClient({ request, context }), token);
  if (view.ok) return data({ title, statement: view.data, expired: false, done }, { headers: PRIVATE_HEADERS });
  if (view.status === 410) return data({ title, statement: null, expired: true, done: false }, { status: 410, headers: PRIVATE_HEADERS });
  throw view.status === 404 ? await notFoundResponse(request) : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
}

export async function submitAppealByLink({ request, context, params }: ActionFunctionArgs) {
  const token = await tokenOf(request, params.token);
  const submission = await parseForm(request, fileAppealSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await fileAppealByLink(createApiClient({ request, context }), token, submission.value);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["text"]) },
      { status: result.status === 409 || result.status === 410 ? result.status : 400, headers: PRIVATE_HEADERS },
    );
  }
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  throw redirect(`${localePath(lang, appealLinkPath(token))}?done=filed`, { headers: PRIVATE_HEADERS });
}
