/** The friend forms of the profile page (issue 11 item 3, ADR 037): request, cancel, accept, reject, unfriend. */
import { friendKeySchema } from "#server/contract/friends";
import { answerFriendRequest, requestFriend, unfriend } from "~/api/friends.server";
import { outcomeOf, profileAction, type ProfileAction } from "./types";

/** An answer to a request: the link id and key the form carries (from the profile's relation), the contract's rule. */
function keyed(answer: "accept" | "reject" | "cancel", done: string): ProfileAction {
  return profileAction(friendKeySchema.entries, async ({ api }, link) => outcomeOf(await answerFriendRequest(api, answer, link), done));
}

export const FRIEND_ACTIONS: Record<string, ProfileAction> = {
  friend_request: profileAction({}, async ({ api, username }) => outcomeOf(await requestFriend(api, username), "friend_requested")),
  friend_accept: keyed("accept", "friend_accepted"),
  friend_reject: keyed("reject", "friend_rejected"),
  friend_cancel: keyed("cancel", "friend_cancelled"),
  friend_unfriend: profileAction({ link_id: friendKeySchema.entries.link_id }, async ({ api }, { link_id }) =>
    outcomeOf(await unfriend(api, link_id), "friend_unfriended"),
  ),
};
