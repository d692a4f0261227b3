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
export { backoffDelay, createRealtimeClient, type RealtimeClient, type SocketLike } from "./client";
export {
  createRealtimeStore,
  type IncomingMessage,
  type LiveMessage,
  type LiveOutcome,
  type MessageStatus,
  type RealtimeState,
  type RealtimeStore,
} from "./store";
