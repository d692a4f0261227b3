/** The live streams part's operations (issue 31, ADR 124): streams, browsing, paid access, watch subscriptions, recordings. */
import { liveBrowseQuerySchema, liveCreateSchema, liveRecordingUpdateSchema, liveRescheduleSchema, liveUpdateSchema } from "../live";
import { defineOperation } from "../operation";

export const liveStreamOps = {
  browse: defineOperation({ method: "get", path: "/api/v2/live/streams", query: liveBrowseQuerySchema, response: "LiveBrowse" }),
  create: defineOperation({ method: "post", path: "/api/v2/live/streams", body: liveCreateSchema, response: "LiveStreamItem" }),
  mine: defineOperation({ method: "get", path: "/api/v2/live/streams/mine", response: "LiveMine" }),
  get: defineOperation({ method: "get", path: "/api/v2/live/streams/:id", response: "LiveStreamAnswer" }),
  update: defineOperation({ method: "put", path: "/api/v2/live/streams/:id", body: liveUpdateSchema, response: "LiveStreamItem" }),
  /** An announced stream's start moves (its newsfeed item and not-started job follow). */
  reschedule: defineOperation({
    method: "post",
    path: "/api/v2/live/streams/:id/reschedule",
    body: liveRescheduleSchema,
    response: "LiveStreamItem",
  }),
  /** A scheduled stream goes on air. */
  start: defineOperation({ method: "post", path: "/api/v2/live/streams/:id/start", response: "LiveStreamItem" }),
  /** The creator ends the stream (or cancels an announced one). */
  stop: defineOperation({ method: "post", path: "/api/v2/live/streams/:id/stop", response: "LiveStreamItem" }),
  /** Pays a paid stream's price once through the ledger. */
  pay: defineOperation({ method: "post", path: "/api/v2/live/streams/:id/access", response: "LivePayAnswer" }),
  subscribe: defineOperation({ method: "post", path: "/api/v2/live/watch/:username", response: "LiveWatchAnswer" }),
  unsubscribe: defineOperation({ method: "delete", path: "/api/v2/live/watch/:username", response: "LiveWatchAnswer" }),
  profile: defineOperation({ method: "get", path: "/api/v2/live/profile/:username", response: "LiveProfileTab" }),
  recordings: defineOperation({ method: "get", path: "/api/v2/live/recordings", response: "LiveRecordingList" }),
  myRecordings: defineOperation({ method: "get", path: "/api/v2/live/recordings/mine", response: "LiveRecordingList" }),
  /** One recording with the viewer's access and, when they may play it, the grant for its file. */
  recording: defineOperation({ method: "get", path: "/api/v2/live/recordings/:id", response: "LiveRecordingAnswer" }),
  updateRecording: defineOperation({
    method: "put",
    path: "/api/v2/live/recordings/:id",
    body: liveRecordingUpdateSchema,
    response: "LiveRecordingItem",
  }),
  /** Buys a priced recording once through the ledger. */
  buyRecording: defineOperation({ method: "post", path: "/api/v2/live/recordings/:id/access", response: "LiveRecordingPayAnswer" }),
  deleteRecording: defineOperation({ method: "delete", path: "/api/v2/live/recordings/:id", response: "LiveRecordingList" }),
};
