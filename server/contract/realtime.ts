/**
 * What travels over the bus between app instances and over /ws to the browser (issue 12; ADR 042).
 *
 * Every event goes to one or more members (`to`). An event is a hint, not the record: the database holds
 * the messages and notifications, and a client that missed events (dropped socket, lost bus message,
 * restarted instance) resyncs through the API from the last id it saw. Typing and presence are best-effort
 * and never stored.
 */

/** One event for the sockets of the members in `to`. Features add their members to this union. */
export type RealtimeEvent =
  /** A test and diagnostics event: the hub passes it on like any other. */
  | { type: "ping"; at: number }
  /** Messenger (ADR 043): a message was committed in a thread; the client fetches it with after_id. */
  | { type: "message"; thread_id: number; message_id: number }
  /** A member read a thread up to a message (the other side's "read" ticks; the reader's other tabs). */
  | { type: "thread_read"; thread_id: number; reader_id: number; last_read_id: number }
  /** A thread changed for this member (hidden, restored, deleted, accepted, declined, marked unread). */
  | { type: "thread_changed"; thread_id: number };

export interface RealtimeEnvelope {
  /** Member ids whose open sockets receive the event. */
  to: readonly number[];
  event: RealtimeEvent;
}
