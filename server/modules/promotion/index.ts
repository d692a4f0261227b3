/** Rise-up and profile promotion (issue 27 item 3): promotion/{type?}, paid and free rise-ups, their effect on search, share/promotion statuses. */
import { defineFeature } from "../manifest";
import * as m0071 from "./migrations/0071_promotion";
import { registerPromotion } from "./routes";

export const manifest = defineFeature({
  name: "promotion",
  routes: registerPromotion,
  migrations: { "0071_promotion": m0071 },
});
export { buyRiseUp, monthStartOf } from "./service";
