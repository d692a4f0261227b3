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
import * as m0106 from "./migrations/0106_live_recording_purchases";
import * as m0107 from "./migrations/0107_live_chat";
import { runRecordingRemux } from "./recording-remux";
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
import { checkProducer, endIfNotStarted, notifySubscribers } from "./streams";

// livechat part: what other modules and the realtime hub use (the hub admits a socket to a room by liveAccess).
export { liveAccess } from "./access";
export { chatLinesForExport } from "./chat";
export { liveSuspended } from "./safety";

export const manifest = defineFeature({
  name: "live",
  routes: [registerLiveStreams, registerLiveMedia, registerLiveChat],
  migrations: {
    "0105_live": m0105,
    // livecore: priced recordings bought once.
    "0106_live_recording_purchases": m0106,
    // livechat part: tip lines keyed by their tip, recordings removed on a report.
    "0107_live_chat": m0107,
  },
  // ── livecore (streams, watch subscriptions, ADR 124) ──
  jobs: {
    // --- livemedia part (ADR 125) ---
    /** A kept recording's part files become one MP4 stored through the storage port (ready or failed). */
    "live.recording_remux": defineJob<{ recording_id: number }>((deps) => ({
      run: (payload) => runRecordingRemux(deps, payload.recording_id),
    })),
    // --- livecore part (ADR 124) ---
    /** A live stream whose producer was not seen for LIVE_PRODUCER_GRACE_MS ends; otherwise the check comes back. */
    "live.check_producer": defineJob<{ stream_id: number }>((deps) => ({ run: (p) => checkProducer(deps, p.stream_id) })),
    /** An announced stream never started ends LIVE_SCHEDULE_STALE_MS after its time (the time in the payload, ADR 145). */
    "live.not_started": defineJob<{ stream_id: number; scheduled_at?: number }>((deps) => ({
      run: (p) => endIfNotStarted(deps, p.stream_id, p.scheduled_at),
    })),
    /** Tells the creator's watch subscribers that the stream went live or was announced (once per stream and event). */
    "live.notify_subscribers": defineJob<{ stream_id: number; event: "live_started" | "live_scheduled" }>((deps) => ({
      run: (p) => notifySubscribers(deps, p.stream_id, p.event),
    })),
  },
  notifications: {
    live_started: {
      kind: "favorites",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "{actor} ist jetzt live: {title}",
        en: "{actor} is live now: {title}",
        es: "{actor} está en directo: {title}",
        pl: "{actor} nadaje teraz na żywo: {title}",
      },
    },
    live_scheduled: {
      kind: "favorites",
      contentType: "info",
      stickiness: "short",
      title: {
        de: "{actor} hat einen Livestream angekündigt: {title}",
        en: "{actor} announced a live stream: {title}",
        es: "{actor} anunció una emisión en directo: {title}",
        pl: "{actor} zapowiada transmisję na żywo: {title}",
      },
    },
  },
  // ── end livecore ──
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

// The data export's live.json (privacy module).
export { liveDataForExport } from "./streams";
export { streamKeyForExport } from "./stream-keys";
// Who may play a recording's files (livemedia's recording file route asks this one rule, ADR 124).
export { recordingAccess } from "./recordings";

// livemedia part: the doors the streams part calls (ADR 125).
export { liveMediaUrls, livePublishUrl, stopLiveMedia, deleteRecordingFiles, RECORDING_FILE, type LiveMediaUrls } from "./media";
export { startRtmpIngest } from "./media-engine";

// The newsfeed's live items (ADR 137): the audience rule for a page of streams and the recordings a viewer sees listed.
export { admittedStreams } from "./access";
export { listedRecordingsOfStreams } from "./recordings";
