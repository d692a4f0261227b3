/**
 * The thread list with JavaScript (issue 12 item 2): a message, a read or a thread change anywhere reloads the
 * page's data in place (Remix revalidation: the list's unread counts and last messages, the header's count), as
 * does every reconnect; the partners' online status follows the socket's presence frames.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { RealtimeProvider, useRealtimeClient } from "~/features/realtime";

/** Several hints in a burst make one reload. */
const REVALIDATE_AFTER_MS = 250;

export function LiveThreads({ viewerId, members, children }: { viewerId: number; members: readonly number[]; children: ReactNode }) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator.revalidate);
  latest.current = revalidator.revalidate;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const connected = useRef(false);
  const soon = () => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, REVALIDATE_AFTER_MS);
  };
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return (
    <RealtimeProvider
      userId={viewerId}
      onResync={async () => {
        // The first connect follows the page's own load; a reconnect may have missed hints.
        if (connected.current) soon();
        connected.current = true;
      }}
      onEvent={(event) => {
        if (event.type === "message" || event.type === "thread_read" || event.type === "thread_changed") soon();
      }}
    >
      <WatchAll members={members} />
      {children}
    </RealtimeProvider>
  );
}

function WatchAll({ members }: { members: readonly number[] }) {
  const client = useRealtimeClient();
  const key = members.join(",");
  useEffect(() => {
    if (client && key) client.watch(key.split(",").map(Number));
  }, [client, key]);
  return null;
}
