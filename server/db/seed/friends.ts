import { randomBytes } from "node:crypto";
import { demoIds, insertAll, type SeedPart } from "./part";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Friend links and a private note among the demo accounts (issue 11, ADR 037), so the friend list and the note
 * show something from the first start: demo_member and demo_escort are friends, demo_client has asked
 * demo_member (a request waiting for his answer), and demo_member (plus) keeps a note on demo_escort's profile.
 * Keys are random like real ones. Generated people get none.
 */
export const friendsPart: SeedPart = {
  name: "friends",
  async write(chunk) {
    const { trx, now } = chunk;
    const ids = demoIds(chunk, ["demo_member", "demo_escort", "demo_client"]);
    if (!ids) return;
    const [memberId, escortId, clientId] = ids;
    const pair = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
    const key = () => randomBytes(32).toString("base64url");
    await insertAll(trx, "friend_links", [
      {
        sender_id: memberId,
        receiver_id: escortId,
        pair_key: pair(memberId, escortId),
        status: "accepted",
        accept_key: null,
        deny_key: null,
        requested_at: now - 12 * DAY,
        answered_at: now - 11 * DAY,
      },
      {
        sender_id: clientId,
        receiver_id: memberId,
        pair_key: pair(clientId, memberId),
        status: "pending",
        accept_key: key(),
        deny_key: key(),
        requested_at: now - 2 * DAY,
        answered_at: null,
      },
    ]);
    await insertAll(trx, "profile_notes", [
      {
        author_id: memberId,
        subject_id: escortId,
        text: "Sehr herzlich und pünktlich. Nächstes Mal nach dem Abendessen-Date fragen.",
        created_at: now - 10 * DAY,
        updated_at: now - 10 * DAY,
      },
    ]);
  },
};
