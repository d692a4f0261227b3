/** Tips (issue 27 item 3, ADR 082): tips to profiles, media and live streams, the monthly limit, can-tip-media. */
import { defineFeature } from "../manifest";
import * as m0070 from "./migrations/0070_tips";
import { registerTips } from "./routes";

export const manifest = defineFeature({
  name: "tips",
  routes: registerTips,
  migrations: { "0070_tips": m0070 },
  notifications: {
    tip_received: {
      // Money received: the member's "dollars" switches (migration 0079 moved the earlier rows from "favorites").
      kind: "dollars",
      contentType: "info",
      stickiness: "short",
      title: {
        de: "{actor} hat dir {amount} Dollar Trinkgeld gegeben",
        en: "{actor} tipped you {amount} dollars",
        es: "{actor} te dio una propina de {amount} dólares",
        pl: "{actor} dał(a) ci {amount} dolarów napiwku",
      },
    },
  },
});
// The live issue sends live-stream tips through the same service (its target kind "live").
export { sendTip, tipMonthOf, type TipRequest } from "./service";
export { TIP_STATUSES, type TipStatus } from "./schema";
