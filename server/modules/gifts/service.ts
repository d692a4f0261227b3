/**
 * Gifts of dollars (issue 27 item 4, ADR 085). A gift arrives at once: the ledger's GIFT moves the dollars from the
 * sender's wallet to the receiver's, so the money is always in exactly one wallet and no escrow account is needed.
 * "Resume gift" (RESUME_GIFT) is the receiver's refusal: within GIFT_RETURN_DAYS they may send a gift back, while
 * their wallet still covers it.
 *
 * The gift row is written before the ledger moves, under the sender's idempotency key; a retry with the key finds it
 * and posts the same ledger operation again, which answers the first result. The row's status follows the ledger's
 * answer; only succeeded (and returned) gifts are listed.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  GIFT_PAGE_SIZE,
  GIFT_RETURN_DAYS,
  type GiftDirection,
  type GiftItem,
  type GiftList,
  type GiftSent,
  type GiftStatus,
} from "../../contract/gifts";
import { isBlockedBetween } from "../access/index";
import { dollarOperations } from "../ledger/index";
import { notify, publishNotificationHints } from "../notifications/index";
import { dollarBalances, spendDollars } from "../wallet/index";
import type { GiftsTable } from "./schema";

const DAY_MS = 86_400_000;
/** The gifts the lists show: given (and perhaps given back); never a refused or unfinished attempt. */
const LISTED: GiftStatus[] = ["succeeded", "returned"];

type GiftRow = Omit<GiftsTable, "id"> & { id: number };

/** A member who may receive a gift (or a gift membership): an account in use, not the sender, no block between them. */
export async function giftReceiverOf(deps: ApiDeps, senderId: number, username: string): Promise<{ id: number; username: string }> {
  const row = await deps.db
    .selectFrom("users")
    .select(["id", "username"])
    .where("username_key", "=", username.toLowerCase())
    // Banned, deleted, paused and unclaimed accounts answer like unknown names.
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!row) throw fail.notFound("exception.gifts.user_not_found");
  if (row.id === senderId) throw fail.badRequest("exception.gifts.self", "username");
  // Either direction: a member who blocked someone neither sends them gifts nor gets theirs; said like an unknown name.
  if (await isBlockedBetween(deps, senderId, row.id)) throw fail.notFound("exception.gifts.user_not_found");
  return row;
}

/** POST /gifts: sends `amount` dollars to a member, once per idempotency key. */
export async function sendGift(
  deps: ApiDeps,
  senderId: number,
  input: { username: string; amount: number; message: string; key: string },
): Promise<GiftSent> {
  const key = `gift:${input.key}`;
  let gift = await giftByKey(deps, key);
  if (gift && gift.sender_id !== senderId) throw fail.conflict("exception.ledger.idempotency_key_reused", "key");
  if (!gift) {
    const receiver = await giftReceiverOf(deps, senderId, input.username);
    await deps.db
      .insertInto("gifts")
      .values({
        idempotency_key: key,
        sender_id: senderId,
        receiver_id: receiver.id,
        amount: input.amount,
        message: input.message,
        status: "pending",
        operation_id: null,
        returned_at: null,
        created_at: deps.clock.now(),
      })
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .execute();
    // A parallel retry may have inserted first: its row (its amount and receiver) is the gift.
    gift = await giftByKey(deps, key);
    if (!gift || gift.sender_id !== senderId) throw fail.conflict("exception.ledger.idempotency_key_reused", "key");
  }
  const answer = await spendDollars(deps, {
    payer: senderId,
    key,
    operation: dollarOperations.gift(senderId, gift.receiver_id, gift.amount),
    reference: `gift:${gift.id}`,
  });
  if (gift.status === "pending" && (answer.status === "succeeded" || answer.status === "insufficient")) {
    const settled = gift;
    const hints = await deps.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable("gifts")
        .set({ status: answer.status as GiftStatus, operation_id: answer.operation_id })
        .where("id", "=", settled.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      // Only the attempt that settled the row tells the receiver: a retry never notifies twice.
      if (Number(changed.numUpdatedRows) !== 1 || answer.status !== "succeeded") return [];
      return notify(deps, trx, {
        userId: settled.receiver_id,
        event: "gift_received",
        actorId: senderId,
        subject: { type: "gift", id: settled.id },
        params: { amount: String(settled.amount) },
        url: "user/gifts",
      });
    });
    await publishNotificationHints(deps, hints);
  }
  return { ...answer, gift_id: gift.id };
}

async function giftByKey(deps: ApiDeps, key: string): Promise<GiftRow | undefined> {
  return deps.db.selectFrom("gifts").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
}

/** Until when the receiver may give a succeeded gift back; null when no longer. */
function returnableUntil(gift: Pick<GiftRow, "status" | "created_at">, viewerIsReceiver: boolean, now: number): number | null {
  if (!viewerIsReceiver || gift.status !== "succeeded") return null;
  const until = Number(gift.created_at) + GIFT_RETURN_DAYS * DAY_MS;
  return until > now ? until : null;
}

/** GET /gifts: one page of the viewer's sent or received gifts, newest first. */
export async function listGifts(deps: ApiDeps, viewerId: number, direction: GiftDirection, page: number): Promise<GiftList> {
  const own = direction === "sent" ? "sender_id" : "receiver_id";
  const other = direction === "sent" ? "receiver_id" : "sender_id";
  // Aliased `g`: "g.status" would read as a translation key of the gifts namespace to the locale checks.
  const base = deps.db.selectFrom("gifts as g").where(`g.${own}`, "=", viewerId).where("g.status", "in", LISTED);
  const total = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin("users", "users.id", `g.${other}`)
    .leftJoin("profiles", "profiles.user_id", `g.${other}`)
    .select([
      "g.id",
      "g.amount",
      "g.message",
      "g.status",
      "g.created_at",
      "users.username",
      "users.status as user_status",
      "profiles.display_name",
    ])
    .orderBy("g.id", "desc")
    .limit(GIFT_PAGE_SIZE)
    .offset((page - 1) * GIFT_PAGE_SIZE)
    .execute();
  const now = deps.clock.now();
  return {
    items: rows.map((row) => ({
      id: row.id,
      direction,
      other: memberOf(row),
      amount: row.amount,
      message: row.message,
      status: row.status,
      created_at: Number(row.created_at),
      returnable_until: returnableUntil(row, direction === "received", now),
    })),
    direction,
    page,
    page_size: GIFT_PAGE_SIZE,
    total: Number(total.n),
    balance: (await dollarBalances(deps, viewerId)).available,
  };
}

function memberOf(row: { username: string | null; user_status: string | null; display_name: string | null }) {
  if (!row.username || row.user_status === "deleted") return null;
  return { username: row.username, display_name: row.display_name ?? row.username };
}

/** GET /gifts/{id}: a gift the viewer sent or received; any other id answers 404 (it does not exist for them). */
export async function giftDetail(deps: ApiDeps, viewerId: number, giftId: number): Promise<GiftItem> {
  const gift = await deps.db
    .selectFrom("gifts")
    .selectAll()
    .where("id", "=", giftId)
    .where((eb) => eb.or([eb("sender_id", "=", viewerId), eb("receiver_id", "=", viewerId)]))
    .where("status", "in", LISTED)
    .executeTakeFirst();
  if (!gift) throw fail.notFound("exception.gifts.not_found");
  const direction: GiftDirection = gift.sender_id === viewerId ? "sent" : "received";
  const otherId = direction === "sent" ? gift.receiver_id : gift.sender_id;
  const other = await deps.db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.username", "users.status as user_status", "profiles.display_name"])
    .where("users.id", "=", otherId)
    .executeTakeFirst();
  return {
    id: gift.id,
    direction,
    other: other ? memberOf(other) : null,
    amount: gift.amount,
    message: gift.message,
    status: gift.status,
    created_at: Number(gift.created_at),
    returnable_until: returnableUntil(gift, direction === "received", deps.clock.now()),
  };
}

/**
 * POST /gifts/{id}/return (RESUME_GIFT): the receiver sends a gift back to its sender, within GIFT_RETURN_DAYS and
 * while their wallet covers it. The gift's id is the key: a gift goes back at most once, however often it is asked.
 */
export async function giveGiftBack(deps: ApiDeps, viewerId: number, giftId: number): Promise<GiftItem> {
  const gift = await deps.db
    .selectFrom("gifts")
    .selectAll()
    .where("id", "=", giftId)
    .where("receiver_id", "=", viewerId)
    .where("status", "in", LISTED)
    .executeTakeFirst();
  if (!gift) throw fail.notFound("exception.gifts.not_found");
  if (gift.status === "succeeded") {
    if (returnableUntil(gift, true, deps.clock.now()) === null) throw fail.conflict("exception.gifts.return_expired");
    const answer = await spendDollars(deps, {
      payer: viewerId,
      key: `resume-gift:${gift.id}`,
      operation: dollarOperations.resumeGift(gift.sender_id, viewerId, gift.amount),
      reference: `gift:${gift.id}`,
    });
    if (answer.status === "insufficient") throw fail.conflict("exception.gifts.return_insufficient");
    await deps.db
      .updateTable("gifts")
      .set({ status: "returned", returned_at: deps.clock.now() })
      .where("id", "=", gift.id)
      .where("status", "=", "succeeded")
      .execute();
  }
  return giftDetail(deps, viewerId, giftId);
}
