/** Issue 29 skeleton: the events module (see server/contract/events.ts). Routes, jobs, notifications arrive with its builder. */
import { defineFeature } from "../manifest";
import * as m0084 from "./migrations/0084_events";

export const manifest = defineFeature({
  name: "events",
  migrations: { "0084_events": m0084 },
});
