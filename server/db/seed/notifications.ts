import { demoIds, insertAll, type SeedPart } from "./part";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Notifications and an announcement for the demo (issue 12 item 7, ADR 044), matching the friends part's rows:
 * demo_member has demo_client's friend request (unread) and a favorite by demo_escort (plus: named); demo_escort has demo_member's accepted request. Generated people get none. No announcement is seeded:
 * a bar on every page would change what the other features' browser tests see; staff add one in the back office.
 */
export const notificationsPart: SeedPart = {
  name: "notifications",
  async write(chunk) {
    const { trx, now } = chunk;
    const ids = demoIds(chunk, ["demo_member", "demo_escort", "demo_client"]);
    if (!ids) return;
    const [memberId, escortId, clientId] = ids;
    const base = { subject_type: null, subject_id: null, params: "{}", dedupe_key: null };
    await insertAll(trx, "notifications", [
      {
        ...base,
        user_id: memberId,
        event: "friend_request",
        kind: "friend_requests",
        content_type: "request",
        stickiness: "long",
        actor_id: clientId,
        url: "user/friends?tab=received",
        read_at: null,
        created_at: now - 2 * DAY,
      },
      {
        ...base,
        user_id: memberId,
        event: "favorited",
        kind: "favorites",
        content_type: "info",
        stickiness: "short",
        actor_id: escortId,
        url: "favorite_visitor",
        read_at: null,
        created_at: now - 3 * HOUR,
      },
      {
        ...base,
        user_id: escortId,
        event: "friend_accepted",
        kind: "friend_requests",
        content_type: "info",
        stickiness: "medium",
        actor_id: memberId,
        url: "user/friends",
        read_at: now - 10 * DAY,
        created_at: now - 11 * DAY,
      },
    ]);
  },
};
