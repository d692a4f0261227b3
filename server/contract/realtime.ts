/**
 * What travels over the bus between app instances and over /ws to the browser (issue 12; ADR 042).
 *
 * Every event goes to one or more members (`to`). An event is not the record: the database holds the messages and
 * notifications, and a client that missed events (dropped socket, lost bus message, restarted instance) resyncs
 * through the API from the last id it saw. A message event carries the message and its predecessor's id, so a
 * client that missed nothing needs no request (ADR 052). Typing and presence are best-effort and never stored.
 */
import * as v from "valibot";
import type { LiveChatLine } from "./live-chat";
import type { LiveViewerSanction } from "./live";
import type { Message } from "./messenger";
import type { NotificationContentType, NotificationEvent, NotificationStickiness } from "./notifications";
import { PRESENCE_WATCH_MAX } from "./realtime-socket";
import type { OnlineStatus } from "./online-status";
import type { NotificationKind } from "./settings";
import type { DollarBalances } from "./wallet";

// Spec section 3's online status codes live in a leaf file that the messenger's contract shares (no import cycle).
export { ONLINE_STATUS, ONLINE_STATUS_NAMES, type OnlineStatus, type OnlineStatusName } from "./online-status";

// The protocol's numbers live in a module without valibot, so the plain scripts stay small (ADR 065).
export {
  CHATTING_MS,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_WATCH_MAX,
  REALTIME_PATH,
  TYPING_THROTTLE_MS,
  TYPING_TTL_MS,
} from "./realtime-socket";

/** One event for the sockets of the members in `to`. Features add their members to this union. */
export type RealtimeEvent =
  /** A test and diagnostics event: the hub passes it on like any other. */
  | { type: "ping"; at: number }
  /** `from` is typing to the member in `to` (best-effort; never stored). */
  | { type: "typing"; from: number; from_username: string; thread: number | null }
  /**
   * A member's presence changed on one instance (`to` is empty: every hub tells the sockets watching the
   * member, and every presence service updates its view). `instance` says whose sockets these are.
   */
  | { type: "presence"; instance: string; member: number; state: PresenceState; invisible: boolean }
  /** An instance's whole view of its members, resent every PRESENCE_HEARTBEAT_MS; entries expire without it. */
  | { type: "presence.sync"; instance: string; members: Array<[member: number, state: PresenceState, invisible: 0 | 1]> }
  /**
   * Messenger (ADR 043, ADR 052): a message was committed. `message` is the message exactly as the conversation GET
   * answers it to the member this event goes to (`mine`, photo paths); `prev_id` is the id of the message before it
   * in the thread (0 for the first). A client that holds the thread up to `prev_id` appends it; any other client has
   * a gap and resyncs with after_id from its cursor.
   */
  | { type: "message"; prev_id: number; message: Message }
  /** A member read a thread up to a message (the other side's "read" ticks; the reader's other tabs). */
  | { type: "thread_read"; thread_id: number; reader_id: number; last_read_id: number }
  /** A thread changed for this member (hidden, restored, deleted, accepted, declined, marked unread). */
  | { type: "thread_changed"; thread_id: number }
  /**
   * A notification was stored for the member (ADR 044): the bell's count grows, and with JavaScript a popup shows
   * for `stickiness` (contract/notifications STICKINESS_MS). `title` is in the member's language; the record is
   * GET /notifications.
   */
  | {
      type: "notification";
      id: number;
      event: NotificationEvent;
      kind: NotificationKind;
      content_type: NotificationContentType;
      stickiness: NotificationStickiness;
      title: string;
      url: string | null;
    }
  /**
   * The member's dollar balances changed (issue 27, ADR 081): the balances after the commit, for the header's live
   * figure. Published by the wallet only (server/modules/wallet notifyWalletChanged).
   */
  | { type: "wallet"; balances: DollarBalances }
  /**
   * Live chat (issue 31, ADR 126): events of one stream's room, sent with an empty `to` — every hub hands them to its
   * sockets that joined the room (the "live" frame, after liveAccess admitted them). `prev_id` as the messenger's: a
   * client holding the room up to it appends the line, any other resyncs with after_id.
   */
  | { type: "live_room.line"; stream_id: number; prev_id: number; line: LiveChatLine }
  /** A line was removed by the creator or staff: every client drops it. */
  | { type: "live_room.line_removed"; stream_id: number; line_id: number }
  /** A viewer was muted, removed or let back (null); a removed viewer's sockets leave the room. */
  | { type: "live_room.sanction"; stream_id: number; member_id: number; sanction: LiveViewerSanction | null }
  /** The stream ended (staff, the creator, the producer lost): clients stop posting. */
  | { type: "live_room.ended"; stream_id: number }
  /**
   * Between instances only (sent with an empty `to`, so no socket gets it): these members' layout data changed
   * (null: everyone's), every instance forgets its cached shells of them (ADR 148, server/modules/auth/shell.ts).
   */
  | { type: "shell_changed"; members: number[] | null };

/** The live room events: routed by stream to the sockets in that room, not by member. */
export type LiveRoomEvent = Extract<RealtimeEvent, { stream_id: number }>;
export function isLiveRoomEvent(event: RealtimeEvent): event is LiveRoomEvent {
  return event.type.startsWith("live_room.");
}

/** What one instance knows of a member: offline there, a socket open, typing recently, all tabs away. */
export type PresenceState = "offline" | "online" | "chatting" | "away";

export interface RealtimeEnvelope {
  /** Member ids whose open sockets receive the event. */
  to: readonly number[];
  event: RealtimeEvent;
}

// ---- /ws wire protocol: client → server (JSON text frames; anything else is ignored) ----

const username = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

/** The frames a client may send. Unknown or malformed frames are ignored (but count for the rate limit). */
export const ClientFrameSchema = v.variant("type", [
  /** Liveness: answered with {type:"pong"}. The bare text "ping" is accepted too. */
  v.object({ type: v.literal("ping") }),
  /** "I am typing to this member" (optionally in this thread); relayed to their sockets, never stored. */
  v.object({
    type: v.literal("typing"),
    to: username,
    thread: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1)))),
  }),
  /** Heartbeat: the tab is visible ("active") or hidden/idle ("away"). */
  v.object({ type: v.literal("presence"), state: v.picklist(["active", "away"]) }),
  /** Replace the set of members whose presence this socket follows (at most PRESENCE_WATCH_MAX). */
  v.object({
    type: v.literal("watch"),
    members: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.maxLength(PRESENCE_WATCH_MAX)),
  }),
  /** Join one live stream's chat room (null: leave it); the hub admits only a viewer liveAccess lets watch. */
  v.object({ type: v.literal("live"), stream: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))) }),
]);
export type ClientFrame = v.InferOutput<typeof ClientFrameSchema>;

// ---- server → client ----

export type ServerFrame =
  /** First frame after the handshake. */
  | { type: "hello"; user_id: number }
  | { type: "pong" }
  /** A feature event for this member (messages, notifications, typing). */
  | { type: "event"; event: RealtimeEvent }
  /** A watched member's status as this member may see it. */
  | { type: "presence"; member: number; status: OnlineStatus }
  /** The answer to a "live" frame: the socket is in the stream's room (true) or was refused / left (false). */
  | { type: "live"; stream: number; joined: boolean };

/** Close codes the server uses. 1008: policy (rate limit); 1013: too slow to keep up, reconnect and resync. */
export const WS_CLOSE = { goingAway: 1001, policy: 1008, tryAgainLater: 1013 } as const;
