/**
 * The live pages' web addresses and the chat line's length (issue 31, ADR 124), free of valibot: the watch page and
 * its chat panel read them in the browser, and contract/live.ts and contract/live-chat.ts build valibot schemas at
 * load (ADR 155). Both re-export these.
 */

/** A chat line's length. */
export const LIVE_CHAT_MAX = 300;

/** The streams part's pages (paths after the language). */
export const livePaths = {
  browse: "live",
  start: "live/start",
  keys: "live/keys",
  watch: (id: number) => `live/${id}`,
  recordings: "live/recordings",
  myRecordings: "live/recordings/mine",
  profileTab: (username: string) => `p/${username}/live`,
};

/** The watch page and the no-JS chat page (web addresses, below /{lang}/). */
export const liveWatchPath = (streamId: number) => `live/${streamId}`;
export const liveChatPagePath = (streamId: number) => `live/${streamId}/chat`;
/** A recording's page (the streams part's "watch recording"; the reports queue links staff to it). */
export const liveRecordingPath = (recordingId: number) => `live/recordings/${recordingId}`;
