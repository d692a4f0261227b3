/**
 * my_notification (spec section 2; issue 12 item 7, ADR 044): the member's notifications, 20 a page, unread first,
 * with plain forms to mark one read or unread, delete one, and mark all read. POST → redirect → GET.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_ERROR_KEY } from "#server/contract/errors";
import { isLanguage, DEFAULT_LANGUAGE } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { deleteNotification, fetchNotifications, markAllNotificationsRead, markNotification } from "~/api/notifications.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { apiErrorReply } from "~/utils/api-errors";
import { privateAnswer } from "~/utils/cache-headers";
import { readFormData } from "~/utils/form-data.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { ROW_ID_PATTERN } from "#server/contract/row-id";

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

export interface NotificationsRefused {
  id: number | null;
  formErrors: string[];
}

const INTENTS = { read: "read", unread: "unread", delete: "deleted", read_all: "read_all" } as const;

export async function submitNotificationsPage({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const rawId = String(form.get("id") ?? "");
  const id = ROW_ID_PATTERN.test(rawId) ? Number(rawId) : null;
  const rawPage = String(form.get("page") ?? "1");
  const page = /^[1-9]\d{0,3}$/.test(rawPage) ? Number(rawPage) : 1;
  const filter = form.get("filter") === "unread" ? "unread" : "all";
  const refuse = (status: number, formErrors: string[]) =>
    data<NotificationsRefused>({ id, formErrors }, { status, headers: privateAnswer() });
  if (!Object.hasOwn(INTENTS, intent)) return refuse(400, ["validation.correct_all_fields"]);
  if (intent !== "read_all" && id === null) return refuse(404, ["exception.notifications.not_found"]);
  const api = createApiClient({ request, context });
  const result =
    intent === "read_all"
      ? await markAllNotificationsRead(api)
      : intent === "delete"
        ? await deleteNotification(api, id!)
        : await markNotification(api, id!, intent === "read");
  if (!result.ok) {
    const { formErrors, fieldErrors } = apiErrorReply(result.errors);
    const all = [...formErrors, ...Object.values(fieldErrors).flat()];
    return refuse(result.status >= 500 ? 503 : result.status, all.length ? all : [DEFAULT_ERROR_KEY]);
  }
  const next = new URLSearchParams({
    ...(page > 1 ? { page: String(page) } : {}),
    ...(filter === "unread" ? { filter } : {}),
    done: INTENTS[intent as keyof typeof INTENTS],
  });
  throw redirect(`${localePath(lang, "my_notification")}?${next.toString()}`, { headers: privateAnswer() });
}
