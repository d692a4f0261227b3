/**
 * user/friends (issue 11 item 3, ADR 037): the member's friends, the requests waiting for their answer and the
 * ones they sent, one tab each, with the forms to accept, reject, cancel and unfriend. Plain forms.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { FRIEND_LIST_TYPES, friendKeySchema, type FriendListType } from "#server/contract/friends";
import { isLanguage, DEFAULT_LANGUAGE } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { answerFriendRequest, fetchFriendList, unfriend } from "~/api/friends.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { intentVariant } from "~/components/form/schema";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

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

/** The page's forms: answer a request (the link and the key it needs, the contract's rule) or end a friendship. */
const tab = v.optional(v.string(), "");
const keyed = v.object({ ...friendKeySchema.entries, tab });
const friendsFormSchema = intentVariant({
  accept: keyed,
  reject: keyed,
  cancel: keyed,
  unfriend: v.object({ link_id: friendKeySchema.entries.link_id, tab }),
});

const DONE = { accept: "accepted", reject: "rejected", cancel: "cancelled", unfriend: "unfriended" } as const;

export async function submitFriends({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const submission = await parseForm(request, friendsFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: privateAnswer() });
  const form = submission.value;
  const api = createApiClient({ request, context });
  const result =
    form.intent === "unfriend"
      ? await unfriend(api, form.link_id)
      : await answerFriendRequest(api, form.intent, { link_id: form.link_id, key: form.key });
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: privateAnswer() },
    );
  const back = tabOf(form.tab) ?? "friends";
  const next = new URLSearchParams({ ...(back === "friends" ? {} : { tab: back }), done: DONE[form.intent] });
  throw redirect(`${localePath(lang, "user/friends")}?${next.toString()}`, { headers: privateAnswer() });
}
