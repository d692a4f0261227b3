/**
 * backoffice/translations (issue 32 item 7, ADR 136, 139): the translation keys browsers reported missing, filtered by
 * language, namespace and state (a GET form: the query string is the state), 50 a page, each with a button that marks
 * it fixed or dismisses it. Staff with content.edit; everyone else gets the 404 of a page that does not exist. The
 * rules (what reopens, what a state means) are the API's.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { DEFAULT_LANGUAGE, isLanguage, NAMESPACES, SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { MISSING_KEY_FILTER_STATES } from "#server/contract/translations";
import { createApiClient } from "~/api/client.server";
import { closeMissingKey, fetchMissingKeys, type MissingKeyQuery } from "~/api/translations.server";
import { rowIdField } from "~/components/form/schema";
import { requireStaffPage, staffPageNotFound } from "~/features/backoffice/staff-access.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const MISSING_KEY_DONE = ["fixed", "dismissed"] as const;
type Done = (typeof MISSING_KEY_DONE)[number];

const closeSchema = v.object(
  {
    id: rowIdField("exception.translations.key_not_found"),
    intent: v.picklist(MISSING_KEY_DONE, "validation.invalid"),
    // Where the list was (filter and page), to go back to it after the post.
    back: v.optional(v.string()),
  },
  "validation.required",
);

/** The filter from the address: odd values are dropped (the list then shows everything they would have narrowed). */
export function filterOf(url: URL): MissingKeyQuery & { state: string } {
  const lng = url.searchParams.get("lng") ?? "";
  const ns = url.searchParams.get("ns") ?? "";
  const state = url.searchParams.get("state") ?? "";
  const page = url.searchParams.get("page") ?? "";
  return {
    ...((SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? { lng } : {}),
    ...((NAMESPACES as readonly string[]).includes(ns) ? { ns } : {}),
    state: (MISSING_KEY_FILTER_STATES as readonly string[]).includes(state) ? state : "open",
    ...(/^[1-9]\d{0,3}$/.test(page) ? { page } : {}),
  };
}

export async function loadMissingKeys({ request, context }: LoaderFunctionArgs) {
  await requireStaffPage(request, context, "content.edit");
  const url = new URL(request.url);
  const filter = filterOf(url);
  const list = await fetchMissingKeys(createApiClient({ request, context }), filter);
  if (!list.ok) throw list.status === 403 ? staffPageNotFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const done = url.searchParams.get("done") ?? "";
  return data(
    {
      title: t("editors.translations.title", { ns: "editors" }),
      list: list.data,
      filter,
      done: (MISSING_KEY_DONE as readonly string[]).includes(done) ? (done as Done) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** Only the list's own query goes back into the address (no open redirect through `back`). */
function backQuery(raw: string | undefined): string {
  const filter = filterOf(new URL(`http://x/${raw && raw.startsWith("?") ? raw : ""}`));
  const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== undefined) as Array<[string, string]>);
  return query.toString();
}

export async function submitMissingKey({ request, context, params }: ActionFunctionArgs) {
  await requireStaffPage(request, context, "content.edit");
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const submission = await parseForm(request, closeSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const { id, intent, back } = submission.value;
  const result = await closeMissingKey(createApiClient({ request, context }), id, intent, undefined);
  if (!result.ok) {
    if (result.status === 403) throw staffPageNotFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["id"]) },
      { status: result.status >= 500 ? 503 : result.status === 404 ? 404 : 400, headers: PRIVATE_HEADERS },
    );
  }
  const query = backQuery(back);
  throw redirect(`${localePath(lang, "backoffice/translations")}?${query ? `${query}&` : ""}done=${intent}`, {
    headers: PRIVATE_HEADERS,
  });
}
