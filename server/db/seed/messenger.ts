import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { demoIds, type SeedPart } from "./part";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

type Line = [from: "a" | "b", minutesAgo: number, body: string];

/**
 * Conversations among the demo accounts (issue 12, ADR 043), so the messenger is not empty on a fresh start:
 * demo_member and demo_escort talk about a date (the last message unread for demo_member), demo_client asked
 * demo_escort a question she answered, and demo_agency wrote to demo_member. Generated people get none (e2e tests
 * count and rank them). Times are relative to the seed's now; no photos (the demo's photos are generated elsewhere).
 */
async function conversation(trx: Kysely<Database>, a: number, b: number, lines: Line[], now: number): Promise<void> {
  const created = now - lines[0]![1] * MINUTE;
  const thread = await trx
    .insertInto("messenger_threads")
    .values({ pair_key: a < b ? `${a}:${b}` : `${b}:${a}`, starter_id: a, other_id: b, created_at: created })
    .returning("id")
    .executeTakeFirstOrThrow();
  let last = 0;
  const ids: Array<{ id: number; from: number }> = [];
  for (const [from, minutesAgo, body] of lines) {
    const sender = from === "a" ? a : b;
    const row = await trx
      .insertInto("messenger_messages")
      .values({ thread_id: thread.id, sender_id: sender, recipient_id: sender === a ? b : a, body, created_at: now - minutesAgo * MINUTE })
      .returning("id")
      .executeTakeFirstOrThrow();
    last = row.id;
    ids.push({ id: row.id, from: sender });
  }
  await trx.updateTable("messenger_threads").set({ last_message_id: last }).where("id", "=", thread.id).execute();
  const updated = now - lines[lines.length - 1]![1] * MINUTE;
  // The last sender has read everything; the other has read up to their own last message.
  for (const member of [a, b]) {
    const partner = member === a ? b : a;
    const ownLast = Math.max(0, ...ids.filter((m) => m.from === member).map((m) => m.id));
    const readUpTo = ids[ids.length - 1]!.from === member ? last : ownLast;
    const unread = ids.filter((m) => m.from === partner && m.id > readUpTo).length;
    await trx
      .insertInto("messenger_thread_members")
      .values({
        thread_id: thread.id,
        member_id: member,
        partner_id: partner,
        last_read_id: readUpTo,
        unread_count: unread,
        last_visible_id: last,
        updated_at: updated,
      })
      .execute();
  }
  await trx.insertInto("messenger_first_contacts").values({ sender_id: a, recipient_id: b, created_at: created }).execute();
}

export const messengerPart: SeedPart = {
  name: "messenger",
  async write(chunk) {
    const { trx, now } = chunk;
    const ids = demoIds(chunk, ["demo_member", "demo_escort", "demo_client", "demo_agency"]);
    if (!ids) return;
    const [memberId, escortId, clientId, agencyId] = ids;
    await conversation(
      trx,
      memberId,
      escortId,
      [
        // demo_escort's tour to München (the tours part) holds the evening demo_member asked for (the dates part).
        ["a", 3 * 24 * 60, "Hallo! Dein Profil gefällt mir sehr. Du bist bald in München – hättest du Zeit für ein Abendessen?"],
        ["b", 3 * 24 * 60 - 45, "Hallo und danke! Ja, meine Tour nach München steht im Profil. Woran hast du gedacht?"],
        [
          "a",
          2 * 24 * 60 + 60,
          "Ein kleines italienisches Restaurant in Schwabing, gegen 19 Uhr? Die Date-Anfrage schicke ich dir gleich.",
        ],
        ["b", 40, "Klingt wunderbar, ich freue mich. Auf die Anfrage antworte ich dir heute noch."],
      ],
      now,
    );
    await conversation(
      trx,
      clientId,
      escortId,
      [
        ["a", 5 * 24 * 60, "Hi, hast du nächste Woche einen Abend Zeit?"],
        ["b", 5 * 24 * 60 - 120, "Hallo Max, ja, gern. Schick mir eine Date-Anfrage über mein Profil, dann bestätige ich dir die Zeit."],
      ],
      now,
    );
    await conversation(
      trx,
      agencyId,
      memberId,
      [["a", (6 * HOUR) / MINUTE, "Willkommen! Unsere Damen freuen sich auf deinen Besuch – schau gern in unser Profil."]],
      now,
    );
  },
};
