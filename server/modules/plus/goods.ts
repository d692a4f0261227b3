/**
 * Plus as a good the checkout sells (issue 26): the packages this buyer may choose, and the membership a paid order
 * starts or extends — in the checkout's transaction, together with users.is_member and member_until, which the
 * entitlements kernel reads (ADR 061).
 *
 * SKELETON (lead, session 16): the plus helper implements it.
 */
import type { GoodsHandler } from "../manifest";

const notBuilt = () => Promise.reject(new Error("plus: the membership good is not built yet"));

export const membershipGoods: GoodsHandler = {
  catalogue: notBuilt,
  quote: notBuilt,
  fulfil: notBuilt,
  revoke: notBuilt,
};
