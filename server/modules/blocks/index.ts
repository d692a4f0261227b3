/** The blocks module (the member's block list; the block rule itself is the access kernel's): routes only. */
import { defineFeature } from "../manifest";
import { registerBlocks } from "./routes";

export const manifest = defineFeature({ name: "blocks", routes: registerBlocks });
