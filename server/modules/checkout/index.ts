/**
 * The checkout (issue 26): orders of one good each, the four steps, promo codes, buy/confirm and the paying state.
 * Goods are sold by the modules that own them (manifest `goods`), read through deps.features.goods; payments are
 * started through the payment port (server/integrations/payments) and settled by the payments module.
 */
import { defineFeature } from "../manifest";
import * as m0062 from "./migrations/0062_checkout";
import { registerCheckout } from "./routes";
import { promoCodesPart } from "./seed";

export const manifest = defineFeature({
  name: "checkout",
  routes: registerCheckout,
  migrations: { "0062_checkout": m0062 },
  seed: [{ order: 150, part: promoCodesPart }],
});
export { releasePromoReservation } from "./promo";
export { priceOrder } from "./service";
