/** The friend forms of the profile page (issue 11 item 3, ADR 037): request, cancel, accept, reject, unfriend. */
import { answerFriendRequest, requestFriend, unfriend } from "~/api/friends.server";
import { refusedBy, type ProfileActionContext, type ProfileActionHandler, type ProfileActionRefused } from "./types";
import { ROW_ID_PATTERN } from "#server/contract/row-id";

/** The link id and key a form carries (from the profile's relation); nonsense is a link that does not exist. */
function linkOf(form: FormData): { link_id: number; key: string } | null {
  const raw = String(form.get("link_id") ?? "");
  const key = String(form.get("key") ?? "");
  if (!ROW_ID_PATTERN.test(raw) || !/^[A-Za-z0-9_-]{43}$/.test(key)) return null;
  return { link_id: Number(raw), key };
}

const gone = (intent: string): ProfileActionRefused => ({
  intent,
  status: 404,
  formErrors: ["exception.friends.not_found"],
  fieldErrors: {},
  input: null,
});

function keyed(intent: string, answer: "accept" | "reject" | "cancel", done: string): ProfileActionHandler {
  return async ({ api, form }: ProfileActionContext) => {
    const link = linkOf(form);
    if (!link) return gone(intent);
    const result = await answerFriendRequest(api, answer, link);
    return result.ok ? { done } : refusedBy(intent, result);
  };
}

export const FRIEND_ACTIONS: Record<string, ProfileActionHandler> = {
  friend_request: async ({ api, username }) => {
    const result = await requestFriend(api, username);
    return result.ok ? { done: "friend_requested" } : refusedBy("friend_request", result);
  },
  friend_accept: keyed("friend_accept", "accept", "friend_accepted"),
  friend_reject: keyed("friend_reject", "reject", "friend_rejected"),
  friend_cancel: keyed("friend_cancel", "cancel", "friend_cancelled"),
  friend_unfriend: async ({ api, form }) => {
    const raw = String(form.get("link_id") ?? "");
    if (!ROW_ID_PATTERN.test(raw)) return gone("friend_unfriend");
    const result = await unfriend(api, Number(raw));
    return result.ok ? { done: "friend_unfriended" } : refusedBy("friend_unfriend", result);
  },
};
