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
import * as m0107 from "./migrations/0107_live_chat";
import { registerLiveStreams } from "./routes";
// livechat part (ADR 126): the report kinds live and recording, staff's live sanctions.
import {
  findReportedLive,
  findReportedRecording,
  removeReportedLive,
  removeReportedRecording,
  restoreReportedLive,
  restoreReportedRecording,
} from "./safety";

// livechat part: what other modules and the realtime hub use (the hub admits a socket to a room by liveAccess).
export { liveAccess } from "./access";
export { chatLinesForExport } from "./chat";
export { liveSuspended } from "./safety";

export const manifest = defineFeature({
  name: "live",
  routes: [registerLiveStreams, registerLiveMedia, registerLiveChat],
  migrations: {
    "0105_live": m0105,
    // livechat part: tip lines keyed by their tip, recordings removed on a report.
    "0107_live_chat": m0107,
  },
  // livechat part (ADR 126): reports of streams and recordings go to the reports queue; staff see the live view.
  reportTypes: {
    live: { queue: "reports", find: findReportedLive, removeContent: removeReportedLive, restoreContent: restoreReportedLive },
    recording: {
      queue: "reports",
      find: findReportedRecording,
      removeContent: removeReportedRecording,
      restoreContent: restoreReportedRecording,
    },
  },
});
