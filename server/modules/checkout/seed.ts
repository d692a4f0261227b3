/** The checkout's demo rows: a few promo codes (WILLKOMMEN10 and friends), written once. */
import type { SeedPart } from "../../db/seed/part";
import { demoPromoCodes } from "./promo";

export const promoCodesPart: SeedPart = {
  name: "promo-codes",
  async write({ trx, now }) {
    for (const code of demoPromoCodes(now))
      await trx
        .insertInto("promo_codes")
        .values({ ...code, redemptions: 0, active: 1, created_by: null, created_at: now })
        .onConflict((oc) => oc.column("code").doNothing())
        .execute();
  },
};
