/**
 * Seed part "creator-media" (issue 28 item 8): demo_escort and two other escorts of the demo chunk sell some of their
 * photos (pay-per-view at a price) and keep some for fans, and demo_member has bought one of demo_escort's, paid
 * through the ledger like a real purchase (a granted starting balance, then the sale), so the profile, the gallery's
 * locks and the wallet's history show it on a fresh install. The avatar and cover stay open. Other chunks get none.
 */
import { USER_TYPE } from "../../contract/users";
import type { DB } from "../../db/index";
import type { SeedPart } from "../../db/seed/part";
import { dialectOfDb } from "../../db/seed/reset";
import { mediumLedgerKey, mediumReference } from "../../contract/creator-media";
import { dollarOperations, postOperationIn } from "../ledger/index";

/** Per creator, in gallery order after the face: what each of the next photos becomes. */
const PLAN: ReadonlyArray<{ access: "ppv" | "fans"; price: number | null }> = [
  { access: "ppv", price: 5 },
  { access: "fans", price: null },
  { access: "ppv", price: 12 },
];
/** What demo_member is granted before buying (the rest stays in his wallet). */
const DEMO_MEMBER_GRANT = 25;
/** The visibilities demo_member (plus) sees: his purchase is one of these. */
const MEMBER_LEVELS = ["public", "logged_in", "plus_member"];

export const creatorMediaSeedPart: SeedPart = {
  name: "creator-media",
  async write({ trx, people, idOf, now }) {
    const escort = people.find((p) => p.username === "demo_escort");
    const member = people.find((p) => p.username === "demo_member");
    if (!escort || !member) return;
    const others = people
      .filter((p) => p.userType === USER_TYPE.escort && p.username !== "demo_escort" && p.photos.length >= 3)
      .slice(0, 2);
    const creators = [escort, ...others].map(idOf);
    const rows = await trx
      .selectFrom("media")
      .select(["id", "user_id", "visibility"])
      .where("user_id", "in", creators)
      .where("is_avatar", "=", 0)
      .where("is_cover", "=", 0)
      .orderBy("user_id")
      .orderBy("position")
      .execute();
    const escortId = idOf(escort);
    let bought: { id: number; price: number } | null = null;
    for (const creator of creators) {
      const own = rows.filter((row) => row.user_id === creator).slice(0, PLAN.length);
      for (const [i, row] of own.entries()) {
        const change = PLAN[i]!;
        await trx.updateTable("media").set({ access: change.access, price: change.price }).where("id", "=", row.id).execute();
        if (!bought && creator === escortId && change.access === "ppv" && MEMBER_LEVELS.includes(row.visibility))
          bought = { id: row.id, price: change.price! };
      }
    }
    if (!bought) return;
    const memberId = idOf(member);
    const deps = { db: trx as unknown as DB, dialect: dialectOfDb(trx as unknown as DB), clock: { now: () => now } };
    const grant = dollarOperations.grant(memberId, DEMO_MEMBER_GRANT);
    await postOperationIn(trx, deps, {
      key: "seed:creator-media:grant",
      kind: grant.kind,
      currency: "dollar",
      actorId: null,
      transfers: grant.transfers,
    });
    const sale = dollarOperations.creatorSale(memberId, escortId, bought.price);
    const key = mediumLedgerKey("seed-demo-member-1");
    const posted = await postOperationIn(trx, deps, {
      key,
      kind: sale.kind,
      currency: "dollar",
      actorId: memberId,
      reference: mediumReference(bought.id),
      transfers: sale.transfers,
    });
    await trx
      .insertInto("medium_purchases")
      .values({
        medium_id: bought.id,
        buyer_id: memberId,
        creator_id: escortId,
        price: bought.price,
        operation_id: posted.operationId!,
        idempotency_key: key,
        created_at: now,
      })
      .execute();
  },
};
