/**
 * my_notification (spec section 2; issue 12 item 7, ADR 044): the member's notifications, 20 a page, unread first,
 * with plain forms to mark one read or unread, delete one, and mark all read. POST → redirect → GET.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { isLanguage, DEFAULT_LANGUAGE } from "#server/contract/locales";
import { NOTIFICATION_ERRORS } from "#server/contract/notifications";
import { createApiClient } from "~/api/client.server";
import { deleteNotification, fetchNotifications, markAllNotificationsRead, markNotification } from "~/api/notifications.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const KNOWN_PARAMS = new Set(["page", "filter", "done"]);
export const NOTIFICATIONS_DONE = ["read", "unread", "deleted", "read_all"] as const;
type Done = (typeof NOTIFICATIONS_DONE)[number];

export async function loadNotificationsPage({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const url = new URL(request.url);
  const rawPage = url.searchParams.get("page") ?? "1";
  const rawFilter = url.searchParams.get("filter") ?? "all";
  if (
    !/^[1-9]\d{0,3}$/.test(rawPage) ||
    (rawFilter !== "all" && rawFilter !== "unread") ||
    [...url.searchParams.keys()].some((key) => !KNOWN_PARAMS.has(key))
  ) {
    throw new Response(null, { status: 400, headers: PRIVATE_HEADERS });
  }
  const list = await fetchNotifications(createApiClient({ request, context }), Number(rawPage), rawFilter);
  if (!list.ok) throw new Response(null, { status: list.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const done = url.searchParams.get("done");
  return data(
    {
      title: t("page.title", { ns: "notifications" }),
      list: list.data,
      filter: rawFilter,
      done: (NOTIFICATIONS_DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * The page's forms: mark one read or unread, delete one (each with the notification's id), mark all read. Every
 * form also carries the page and filter it was on, to return there; an odd one is simply the first page of all.
 */
const place = { page: v.optional(v.string(), ""), filter: v.optional(v.string(), "") };
const one = v.object({ id: rowIdField(NOTIFICATION_ERRORS.notFound), ...place });
const notificationsFormSchema = intentVariant({ read: one, unread: one, delete: one, read_all: v.object(place) });

const DONE = { read: "read", unread: "unread", delete: "deleted", read_all: "read_all" } as const;

export async function submitNotificationsPage({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const submission = await parseForm(request, notificationsFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: privateAnswer() });
  const form = submission.value;
  const api = createApiClient({ request, context });
  const result =
    form.intent === "read_all"
      ? await markAllNotificationsRead(api)
      : form.intent === "delete"
        ? await deleteNotification(api, form.id)
        : await markNotification(api, form.id, form.intent === "read");
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: privateAnswer() },
    );
  const page = /^[1-9]\d{0,3}$/.test(form.page) ? Number(form.page) : 1;
  const next = new URLSearchParams({
    ...(page > 1 ? { page: String(page) } : {}),
    ...(form.filter === "unread" ? { filter: "unread" } : {}),
    done: DONE[form.intent],
  });
  throw redirect(`${localePath(lang, "my_notification")}?${next.toString()}`, { headers: privateAnswer() });
}
