/**
 * Live streaming and recordings (issue 31). Three parts share the module and its tables (migration 0105):
 * - streams.ts: creating, scheduling, editing, stopping, browsing, who may watch, watch subscriptions (ADR 124);
 * - media-routes.ts: the WHIP/WHEP endpoints, RTMP stream keys and the HLS files, over the live-video engine in
 *   server/integrations/live-video (ADR 125);
 * - chat-routes.ts: the chat room, tips in the chat, moderation, reports and staff sanctions (ADR 126).
 */
import { defineFeature } from "../manifest";
import { registerLiveChat } from "./chat-routes";
import { registerLiveMedia } from "./media-routes";
import * as m0105 from "./migrations/0105_live";
import { registerLiveStreams } from "./routes";

export const manifest = defineFeature({
  name: "live",
  routes: [registerLiveStreams, registerLiveMedia, registerLiveChat],
  migrations: { "0105_live": m0105 },
});
