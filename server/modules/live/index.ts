/**
 * Live streaming and recordings (issue 31). Three parts share the module and its tables (migration 0105):
 * - streams.ts: creating, scheduling, editing, stopping, browsing, who may watch, watch subscriptions (ADR 124);
 * - media-routes.ts: the WHIP/WHEP endpoints, RTMP stream keys and the HLS files, over the live-video engine in
 *   server/integrations/live-video (ADR 125);
 * - chat-routes.ts: the chat room, tips in the chat, moderation, reports and staff sanctions (ADR 126).
 */
import { defineFeature, defineJob } from "../manifest";
import { registerLiveChat } from "./chat-routes";
import { registerLiveMedia } from "./media-routes";
import * as m0105 from "./migrations/0105_live";
import { runRecordingRemux } from "./recording-remux";
import { registerLiveStreams } from "./routes";

export const manifest = defineFeature({
  name: "live",
  routes: [registerLiveStreams, registerLiveMedia, registerLiveChat],
  migrations: { "0105_live": m0105 },
  // --- livemedia part (ADR 125) ---
  jobs: {
    /** A kept recording's part files become one MP4 stored through the storage port (ready or failed). */
    "live.recording_remux": defineJob<{ recording_id: number }>((deps) => ({
      run: (payload) => runRecordingRemux(deps, payload.recording_id),
    })),
  },
  // --- end livemedia part ---
});
// livemedia part: the doors the streams part calls (ADR 125).
export {
  liveMediaUrls,
  livePublishUrl,
  stopLiveMedia,
  deleteRecordingFiles,
  openRecordingFile,
  RECORDING_FILE,
  type LiveMediaUrls,
} from "./media";
export { startRtmpIngest } from "./media-engine";
