/**
 * What travels over the bus between app instances and over /ws to the browser (issue 12; ADR 042).
 *
 * Every event goes to one or more members (`to`). An event is a hint, not the record: the database holds
 * the messages and notifications, and a client that missed events (dropped socket, lost bus message,
 * restarted instance) resyncs through the API from the last id it saw. Typing and presence are best-effort
 * and never stored.
 */
import type { NotificationContentType, NotificationEvent, NotificationStickiness } from "./notifications";
import type { NotificationKind } from "./settings";

/** One event for the sockets of the members in `to`. Features add their members to this union. */
export type RealtimeEvent =
  /** A test and diagnostics event: the hub passes it on like any other. */
  | { type: "ping"; at: number }
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
    };

export interface RealtimeEnvelope {
  /** Member ids whose open sockets receive the event. */
  to: readonly number[];
  event: RealtimeEvent;
}
