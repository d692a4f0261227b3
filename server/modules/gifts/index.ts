/**
 * Gifts, token rewards and the share page (issue 27 item 4, ADR 085): gifts of dollars (GIFT, RESUME_GIFT), the
 * checkout's goods "gift" (a plus membership for another member), rewards for real actions (REWARD, once each), and
 * the member's invite link with what it earned. Other modules import only this file.
 */
import { defineFeature } from "../manifest";
import { giftGoods } from "./goods";
import * as m0072 from "./migrations/0072_gifts";
import { registerGifts } from "./routes";

export const manifest = defineFeature({
  name: "gifts",
  routes: registerGifts,
  migrations: { "0072_gifts": m0072 },
  goods: { gift: giftGoods },
  notifications: {
    gift_received: {
      // Money received: the member's "dollars" switches (migration 0079 moved the earlier rows from "news").
      kind: "dollars",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "{actor} hat dir Dollar geschenkt",
        en: "{actor} gave you dollars as a gift",
        es: "{actor} te regaló dólares",
        pl: "{actor} podarował(a) ci dolary",
      },
    },
  },
});
export { grantEarnedRewards } from "./rewards";
