export { RealtimeProvider, useRealtime, useRealtimeClient, useRealtimeStore, type RealtimeProviderProps } from "./RealtimeProvider";
// Types only: the socket client and the provider's connection (resyncStore, lastSeenIdIn: ./connection) are loaded by the provider
// once the page is hydrated (ADR 162, ADR 174); import their functions from there where they are needed at once.
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
