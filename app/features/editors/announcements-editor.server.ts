/**
 * backoffice/announcements (ADR 044, issue 30 item 5, ADR 120): every announcement with its state and the languages it
 * still lacks, one form for a new one or — with `?edit={id}` — for changing one, and a button that ends one now. Staff
 * with content.edit; everyone else gets the 404 of a page that does not exist. Plain forms that redirect; every rule
 * (fallback to German, schedule, audience) is the API's.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { announcementCreateSchema } from "#server/contract/notifications";
import { createApiClient } from "~/api/client.server";
import { createAnnouncement, endAnnouncement, fetchEditorAnnouncements, updateAnnouncement } from "~/api/notifications.server";
import { rowIdField } from "~/components/form/schema";
import { requireStaffPage, staffPageNotFound } from "~/features/backoffice/staff-access.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const ANNOUNCEMENT_FIELDS = [
  "severity",
  "audience",
  "title_de",
  "title_en",
  "title_es",
  "title_pl",
  "text_de",
  "text_en",
  "text_es",
  "text_pl",
  "url",
  "starts_at",
  "ends_at",
] as const;
export const ANNOUNCEMENT_DONE = ["created", "updated", "ended"] as const;
type Done = (typeof ANNOUNCEMENT_DONE)[number];

const endSchema = v.object({ id: rowIdField("exception.common.not_found") }, "validation.required");
const ROW_ID = /^[1-9]\d{0,9}$/;

/** `?edit={id}`: the announcement the form edits; null without one. An odd value names nothing: the 404 page. */
function editIdOf(url: URL): number | null {
  const raw = url.searchParams.get("edit");
  if (raw === null) return null;
  if (!ROW_ID.test(raw)) throw staffPageNotFound();
  return Number(raw);
}

export async function loadAnnouncementsEditor({ request, context }: LoaderFunctionArgs) {
  await requireStaffPage(request, context, "content.edit");
  const url = new URL(request.url);
  const list = await fetchEditorAnnouncements(createApiClient({ request, context }));
  if (!list.ok) throw list.status === 403 ? staffPageNotFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const editId = editIdOf(url);
  const editing = editId === null ? null : (list.data.items.find((item) => item.id === editId) ?? null);
  // An edit address of an announcement that is not (or no longer) in the list is a stale link: the page without it.
  if (editId !== null && !editing) throw redirect(url.pathname, { headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const done = url.searchParams.get("done");
  return data(
    {
      title: t("editors.announcements.title", { ns: "editors" }),
      items: list.data.items,
      editing,
      done: (ANNOUNCEMENT_DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitAnnouncementsEditor({ request, context, params }: ActionFunctionArgs) {
  await requireStaffPage(request, context, "content.edit");
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const back = localePath(lang, "backoffice/announcements");
  const url = new URL(request.url);
  const api = createApiClient({ request, context });
  // The end buttons post to ?intent=end (the form kit reads the body once, with one schema).
  if (url.searchParams.get("intent") === "end") {
    const submission = await parseForm(request, endSchema);
    if (submission.status !== "success")
      return data({ intent: "end", lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
    const result = await endAnnouncement(api, submission.value.id);
    if (!result.ok) {
      if (result.status === 403) throw staffPageNotFound();
      return data(
        { intent: "end", lastResult: replyWithApiErrors(submission, result.errors, ["id"]) },
        {
          status: result.status >= 500 ? 503 : result.status === 409 || result.status === 404 ? result.status : 400,
          headers: PRIVATE_HEADERS,
        },
      );
    }
    throw redirect(`${back}?done=ended`, { headers: PRIVATE_HEADERS });
  }
  const editId = editIdOf(url);
  const submission = await parseForm(request, announcementCreateSchema, { lineBreaks: true });
  if (submission.status !== "success")
    return data({ intent: "save", lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result =
    editId === null ? await createAnnouncement(api, submission.value) : await updateAnnouncement(api, editId, submission.value);
  if (!result.ok) {
    if (result.status === 403) throw staffPageNotFound();
    return data(
      { intent: "save", lastResult: replyWithApiErrors(submission, result.errors, ANNOUNCEMENT_FIELDS) },
      { status: result.status >= 500 ? 503 : result.status === 404 ? 404 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${back}?done=${editId === null ? "created" : "updated"}`, { headers: PRIVATE_HEADERS });
}
