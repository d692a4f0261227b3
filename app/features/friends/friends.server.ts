/**
 * user/friends (issue 11 item 3, ADR 037): the member's friends, the requests waiting for their answer and the
 * ones they sent, one tab each, with the forms to accept, reject, cancel and unfriend. Plain forms.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_ERROR_KEY } from "#server/contract/errors";
import { FRIEND_LIST_TYPES, type FriendListType } from "#server/contract/friends";
import { isLanguage, DEFAULT_LANGUAGE } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { answerFriendRequest, fetchFriendList, unfriend } from "~/api/friends.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { apiErrorReply } from "~/utils/api-errors";
import { privateAnswer } from "~/utils/cache-headers";
import { readFormData } from "~/utils/form-data.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { ROW_ID_PATTERN } from "#server/contract/row-id";

/** The query this page knows; anything else is a 400 like the API's. */
const KNOWN_PARAMS = new Set(["tab", "page", "done"]);
export const FRIENDS_DONE = ["accepted", "rejected", "cancelled", "unfriended"] as const;

function tabOf(raw: string | null): FriendListType | null {
  if (raw === null || raw === "") return "friends";
  return (FRIEND_LIST_TYPES as readonly string[]).includes(raw) ? (raw as FriendListType) : null;
}

export async function loadFriends({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const rawPage = url.searchParams.get("page") ?? "1";
  if (!tab || !/^[1-9]\d{0,3}$/.test(rawPage) || [...url.searchParams.keys()].some((key) => !KNOWN_PARAMS.has(key))) {
    throw new Response(null, { status: 400, headers: PRIVATE_HEADERS });
  }
  const list = await fetchFriendList(createApiClient({ request, context }), tab, Number(rawPage));
  if (!list.ok) throw new Response(null, { status: list.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const done = url.searchParams.get("done");
  return data(
    { title: t("friends.title"), list: list.data, done: (FRIENDS_DONE as readonly string[]).includes(done ?? "") ? done : null },
    { headers: PRIVATE_HEADERS },
  );
}

export interface FriendsRefused {
  intent: string;
  linkId: number | null;
  formErrors: string[];
}

const INTENTS = { accept: "accepted", reject: "rejected", cancel: "cancelled", unfriend: "unfriended" } as const;

export async function submitFriends({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const tab = tabOf(String(form.get("tab") ?? "")) ?? "friends";
  const rawId = String(form.get("link_id") ?? "");
  const key = String(form.get("key") ?? "");
  const linkId = ROW_ID_PATTERN.test(rawId) ? Number(rawId) : null;
  const refuse = (status: number, formErrors: string[]) =>
    data<FriendsRefused>({ intent, linkId, formErrors }, { status, headers: privateAnswer() });
  if (!Object.hasOwn(INTENTS, intent)) return refuse(400, ["validation.correct_all_fields"]);
  const done = INTENTS[intent as keyof typeof INTENTS];
  if (linkId === null || (intent !== "unfriend" && !/^[A-Za-z0-9_-]{43}$/.test(key))) return refuse(404, ["exception.friends.not_found"]);
  const api = createApiClient({ request, context });
  const result =
    intent === "unfriend"
      ? await unfriend(api, linkId)
      : await answerFriendRequest(api, intent as "accept" | "reject" | "cancel", { link_id: linkId, key });
  if (!result.ok) {
    const { formErrors, fieldErrors } = apiErrorReply(result.errors);
    const all = [...formErrors, ...Object.values(fieldErrors).flat()];
    return refuse(result.status >= 500 ? 503 : result.status, all.length ? all : [DEFAULT_ERROR_KEY]);
  }
  const next = new URLSearchParams({ ...(tab === "friends" ? {} : { tab }), done });
  throw redirect(`${localePath(lang, "user/friends")}?${next.toString()}`, { headers: privateAnswer() });
}
