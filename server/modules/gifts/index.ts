/** Gifts, token rewards and the share page (issue 27 item 4). */
import { defineFeature } from "../manifest";

export const manifest = defineFeature({ name: "gifts" });
