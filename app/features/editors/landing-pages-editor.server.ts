/**
 * backoffice/landing-pages (issue 30 item 5, ADR 120): the list of SEO landing pages (lp/{shortUrl}), and one page's
 * editor (`new` for a new one): short URL, the search filter it shows (user type, city, gender), title, description
 * and intro per language, and a button that takes it on or off line. Staff with content.edit; a 404 for everyone
 * else. Plain forms that redirect; every rule (unique short URL, German required) is the API's.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { landingPageEditSchema } from "#server/contract/editors";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { createLandingPage, fetchLandingPage, fetchLandingPages, setLandingPageActive, updateLandingPage } from "~/api/editors.server";
import { requireStaffPage, staffPageNotFound } from "~/features/backoffice/staff-access.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const TEXT_FIELDS = ["title", "description", "intro"].flatMap((field) => ["de", "en", "es", "pl"].map((l) => `${field}_${l}`));
export const LANDING_FIELDS = ["short_url", "user_type", "city", "gender", ...TEXT_FIELDS];
export const LANDING_DONE = ["created", "saved", "activated", "deactivated"] as const;
type Done = (typeof LANDING_DONE)[number];

/** The active switch's form: "1" puts the page on line, "0" takes it off. */
const activeSchema = v.object({ active: v.picklist(["0", "1"], "validation.invalid") }, "validation.required");
const ROW_ID = /^[1-9]\d{0,9}$/;

/** `new`, or the id of an existing page; anything else is a page that does not exist. */
function idOf(raw: string | undefined): number | "new" {
  if (raw === "new") return "new";
  if (raw !== undefined && ROW_ID.test(raw)) return Number(raw);
  throw staffPageNotFound();
}

function doneOf(url: URL): Done | null {
  const done = url.searchParams.get("done");
  return (LANDING_DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null;
}

export async function loadLandingPagesEditor({ request, context }: LoaderFunctionArgs) {
  await requireStaffPage(request, context, "content.edit");
  const list = await fetchLandingPages(createApiClient({ request, context }));
  if (!list.ok) throw list.status === 403 ? staffPageNotFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("editors.landing.title", { ns: "editors" }), items: list.data.items, done: doneOf(new URL(request.url)) },
    { headers: PRIVATE_HEADERS },
  );
}

export async function loadLandingPageEditor({ request, context, params }: LoaderFunctionArgs) {
  await requireStaffPage(request, context, "content.edit");
  const id = idOf(params.id);
  const t = await i18nServer.getFixedT(request);
  if (id === "new")
    return data({ title: t("editors.landing.new", { ns: "editors" }), item: null, done: null }, { headers: PRIVATE_HEADERS });
  const found = await fetchLandingPage(createApiClient({ request, context }), id);
  if (!found.ok)
    throw found.status === 403 || found.status === 404
      ? staffPageNotFound()
      : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  return data(
    {
      title: t("editors.landing.edit_title", { ns: "editors", shortUrl: found.data.shortUrl }),
      item: found.data,
      done: doneOf(new URL(request.url)),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitLandingPageEditor({ request, context, params }: ActionFunctionArgs) {
  await requireStaffPage(request, context, "content.edit");
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const id = idOf(params.id);
  const api = createApiClient({ request, context });
  const pageOf = (pageId: number, done: Done) => `${localePath(lang, `backoffice/landing-pages/${pageId}`)}?done=${done}`;
  // The on/off button posts to ?intent=active (the form kit reads the body once, with one schema).
  if (new URL(request.url).searchParams.get("intent") === "active") {
    if (id === "new") throw staffPageNotFound();
    const submission = await parseForm(request, activeSchema);
    if (submission.status !== "success")
      return data({ intent: "active", lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
    const active = submission.value.active === "1";
    const result = await setLandingPageActive(api, id, active);
    if (!result.ok) {
      if (result.status === 403 || result.status === 404) throw staffPageNotFound();
      return data(
        { intent: "active", lastResult: replyWithApiErrors(submission, result.errors, ["active"]) },
        { status: result.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS },
      );
    }
    throw redirect(pageOf(id, active ? "activated" : "deactivated"), { headers: PRIVATE_HEADERS });
  }
  const submission = await parseForm(request, landingPageEditSchema, { lineBreaks: true });
  if (submission.status !== "success")
    return data({ intent: "save", lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = id === "new" ? await createLandingPage(api, submission.value) : await updateLandingPage(api, id, submission.value);
  if (!result.ok) {
    if (result.status === 403 || result.status === 404) throw staffPageNotFound();
    return data(
      { intent: "save", lastResult: replyWithApiErrors(submission, result.errors, LANDING_FIELDS) },
      { status: result.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(pageOf(result.data.id, id === "new" ? "created" : "saved"), { headers: PRIVATE_HEADERS });
}
