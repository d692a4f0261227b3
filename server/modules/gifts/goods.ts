/**
 * Gift membership: the checkout's goods "gift" (issue 27 item 4, ADR 085). A member buys a one-off plus package for
 * another member, chosen by username before the checkout (gift_membership_choices, which the goods step reads); the
 * order keeps the recipient in its sku (`<package>@<recipient id>`, contract/gifts giftMembershipSku), and every quote
 * checks package and recipient again. Paid, the recipient gets the membership through the plus module's own delivery
 * (one span per order, never renewing); refunded, charged back or withdrawn, the plus module takes that span back.
 */
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { INVOICE_ITEM_TYPES, type GoodsQuote, type RevocationReason, type SettledOrder } from "../../contract/billing";
import { giftMembershipSku, parseGiftMembershipSku, type GiftRecipient } from "../../contract/gifts";
import { plusAudienceOf, plusPackage, plusPackagesFor, plusPackageTitleKey, type PlusPackage } from "../../contract/plus-packages";
import type { Database } from "../../db/schema";
import type { GoodsHandler } from "../manifest";
import { fulfilMembership, revokeMembership } from "../plus/index";
import { giftReceiverOf } from "./service";

function quoteOf(pkg: PlusPackage, recipientId: number): GoodsQuote {
  return {
    goods: "gift",
    sku: giftMembershipSku(pkg.id, recipientId),
    gross_cents: pkg.gross_cents,
    item_type: INVOICE_ITEM_TYPES.non_renewable_membership,
    renewable: false,
    months: pkg.months,
    title_key: plusPackageTitleKey(pkg),
    digital_content: false,
  };
}

/** The one-off standard packages a recipient may be given (their own kind's: a client gets a client's plus). */
async function giftPackagesFor(deps: ApiDeps, buyerId: number, recipientId: number): Promise<PlusPackage[]> {
  if (recipientId === buyerId) return [];
  const recipient = await deps.db
    .selectFrom("users")
    .select(["user_type", "status", "username"])
    .where("id", "=", recipientId)
    .executeTakeFirst();
  if (!recipient || recipient.status !== "active") return [];
  const audience = plusAudienceOf(recipient.user_type);
  if (!audience) return [];
  try {
    // The same rules as a gift of dollars: no gift to oneself, across a block or to an account not in use.
    await giftReceiverOf(deps, buyerId, recipient.username);
  } catch {
    return [];
  }
  return plusPackagesFor(audience, "standard").filter((pkg) => !pkg.renewable);
}

/** POST /gifts/membership-recipient: remembers whom the buyer's next gift membership is for. */
export async function chooseGiftRecipient(deps: ApiDeps, buyerId: number, username: string): Promise<GiftRecipient> {
  const recipient = await giftReceiverOf(deps, buyerId, username);
  const packages = await giftPackagesFor(deps, buyerId, recipient.id);
  // A member of no plus audience (staff) or whose kind has no one-off package.
  if (packages.length === 0) throw fail.conflict("exception.gifts.no_plus_for_member", "username");
  const now = deps.clock.now();
  await deps.db
    .insertInto("gift_membership_choices")
    .values({ buyer_id: buyerId, recipient_id: recipient.id, chosen_at: now })
    .onConflict((oc) => oc.column("buyer_id").doUpdateSet({ recipient_id: recipient.id, chosen_at: now }))
    .execute();
  const profile = await deps.db.selectFrom("profiles").select("display_name").where("user_id", "=", recipient.id).executeTakeFirst();
  return {
    username: recipient.username,
    display_name: profile?.display_name ?? recipient.username,
    sku: giftMembershipSku(packages[0]!.id, recipient.id),
  };
}

/** The order as the plus module delivers it: the recipient's, for the package in the sku. */
function recipientOrder(order: SettledOrder): SettledOrder {
  const parsed = parseGiftMembershipSku(order.sku);
  if (!parsed || !plusPackage(parsed.packageId)) throw new Error(`gift order ${order.id}: bad sku ${order.sku}`);
  return { ...order, user_id: parsed.recipientId, sku: parsed.packageId, kind: "normal", membership_id: null };
}

export const giftGoods: GoodsHandler = {
  async catalogue(deps, buyerId) {
    const choice = await deps.db
      .selectFrom("gift_membership_choices")
      .select("recipient_id")
      .where("buyer_id", "=", buyerId)
      .executeTakeFirst();
    if (!choice) return [];
    return (await giftPackagesFor(deps, buyerId, choice.recipient_id)).map((pkg) => quoteOf(pkg, choice.recipient_id));
  },

  async quote(deps, buyerId, sku) {
    const parsed = parseGiftMembershipSku(sku);
    if (!parsed) return null;
    const pkg = (await giftPackagesFor(deps, buyerId, parsed.recipientId)).find((p) => p.id === parsed.packageId);
    return pkg ? quoteOf(pkg, parsed.recipientId) : null;
  },

  async fulfil(trx: Transaction<Database>, deps: ApiDeps, order: SettledOrder) {
    await fulfilMembership(trx, deps, recipientOrder(order));
  },

  async revoke(trx: Transaction<Database>, deps: ApiDeps, order: SettledOrder, reason: RevocationReason) {
    await revokeMembership(trx, deps, recipientOrder(order), reason);
  },
};
