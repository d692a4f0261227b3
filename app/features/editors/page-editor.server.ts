/**
 * backoffice/pages (issue 30 item 5, ADR 120): the list of info and legal pages, and one page's editor per language
 * with its version history, diff and restore. Staff only; everyone else gets the 404 of a page that does not exist.
 * Plain forms that post to their own page and redirect; every rule is the API's.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { pageRestoreSchema, pageVersionSchema } from "#server/contract/editors";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { fetchPageEditor, fetchPageEditorIndex, publishPage, restorePage, type PageAddressParams } from "~/api/editors.server";
import { requireStaffPage } from "~/features/backoffice/staff-access.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const PAGE_FIELDS = ["title", "description", "markdown", "reason"] as const;
const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });

/** The staff matrix's content.edit (ADR 116): the page does not exist for anyone without it. */
const requireStaff = (request: Request, context: LoaderFunctionArgs["context"]) => requireStaffPage(request, context, "content.edit");

function addressOf(params: LoaderFunctionArgs["params"]): PageAddressParams {
  return { section: params.section ?? "", key: params.key ?? "", language: params.language ?? "" };
}

export async function loadPageEditorIndex({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const result = await fetchPageEditorIndex(createApiClient({ request, context }));
  if (!result.ok) throw result.status === 403 ? notFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("editors.pages.title", { ns: "editors" }), items: result.data.items }, { headers: PRIVATE_HEADERS });
}

export async function loadPageEditor({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const url = new URL(request.url);
  const version = Number(url.searchParams.get("version")) || undefined;
  const result = await fetchPageEditor(createApiClient({ request, context }), addressOf(params), version);
  if (!result.ok)
    throw result.status === 403 || result.status === 404 ? notFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("editors.pages.edit_title", {
        ns: "editors",
        page: `${result.data.section}/${result.data.key}`,
        language: result.data.language,
      }),
      page: result.data,
      done: url.searchParams.get("done"),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitPageEditor({ request, context, params }: ActionFunctionArgs) {
  await requireStaff(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const address = addressOf(params);
  const api = createApiClient({ request, context });
  // The restore buttons post to ?intent=restore (the form kit reads the body once, with one schema).
  const intent = new URL(request.url).searchParams.get("intent");
  const back = localePath(lang, `backoffice/pages/${address.section}/${address.key}/${address.language}`);
  if (intent === "restore") {
    const submission = await parseForm(request, pageRestoreSchema);
    if (submission.status !== "success")
      return data(
        { intent, lastResult: submission.reply({ formErrors: ["validation.correct_all_fields"] }) },
        { status: 400, headers: PRIVATE_HEADERS },
      );
    const result = await restorePage(api, address, submission.value);
    if (!result.ok) {
      if (result.status === 403) throw notFound();
      return data(
        { intent, lastResult: replyWithApiErrors(submission, result.errors, ["version", "reason"]) },
        { status: result.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS },
      );
    }
    throw redirect(`${back}?done=restored`, { headers: PRIVATE_HEADERS });
  }
  const submission = await parseForm(request, pageVersionSchema);
  if (submission.status !== "success")
    return data(
      { intent: "publish", lastResult: submission.reply({ formErrors: ["validation.correct_all_fields"] }) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  const result = await publishPage(api, address, submission.value);
  if (!result.ok) {
    if (result.status === 403) throw notFound();
    return data(
      { intent: "publish", lastResult: replyWithApiErrors(submission, result.errors, PAGE_FIELDS) },
      { status: result.status >= 500 ? 503 : result.status === 409 ? 409 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${back}?done=published`, { headers: PRIVATE_HEADERS });
}
