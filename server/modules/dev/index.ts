/** The dev module (the outbox mailbox and the test clock, never in production): routes only. */
import { defineFeature } from "../manifest";
import { registerDev } from "./routes";

export const manifest = defineFeature({ name: "dev", routes: registerDev });
