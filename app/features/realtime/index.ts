export {
  lastSeenIdIn,
  RealtimeProvider,
  REALTIME_WINDOW_EVENT,
  resyncStore,
  useRealtime,
  useRealtimeClient,
  useRealtimeStore,
  type RealtimeProviderProps,
} from "./RealtimeProvider";
// Types only: the socket client itself is loaded by the provider once the page is hydrated (ADR 162); import its
// functions from ./client where they are needed at once.
export type { RealtimeClient, SocketLike } from "./client";
export {
  createRealtimeStore,
  type IncomingMessage,
  type LiveMessage,
  type LiveOutcome,
  type MessageStatus,
  type RealtimeState,
  type RealtimeStore,
} from "./store";
