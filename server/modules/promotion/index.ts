/** Rise-up and profile promotion (issue 27 item 3): promotion/{type?}, paid and free rise-ups, their effect on search, share/promotion statuses. */
import { defineFeature } from "../manifest";

export const manifest = defineFeature({ name: "promotion" });
