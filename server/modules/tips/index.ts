/** Tips (issue 27 item 3): tips to profiles, media and live streams, the monthly limit, can-tip-media. */
import { defineFeature } from "../manifest";

export const manifest = defineFeature({ name: "tips" });
