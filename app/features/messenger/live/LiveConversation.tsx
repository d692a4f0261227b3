/**
 * The conversation with JavaScript (issue 12 items 2 and 6; ADR 042/043 "Client"): the messages come from a store
 * created per page (RealtimeProvider), filled from the loader's page and kept current by the socket's message events
 * (each carries the message; a gap before one means a resync, ADR 052) and the resync after every (re)connect;
 * sending is optimistic (sender.ts). Without JavaScript the same markup is the
 * server's page and the compose form posts as before: nothing here runs on the server but the first render.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  RealtimeProvider,
  useRealtime,
  useRealtimeClient,
  useRealtimeStore,
  type IncomingMessage,
  type LiveMessage,
} from "~/features/realtime";
import type * as SendCode from "./live-send";
import type { LiveWireMessage } from "./wire";

export interface LiveConversationProps {
  /** The page's own address (messenger/{username}); the live endpoints hang below it. */
  here: string;
  viewerId: number;
  partner: { userId: number | null; username: string; onlineStatus: number };
  threadId: number | null;
  messages: readonly LiveWireMessage[];
  /** False on an older page (before=…): that page shows history and stays as rendered. */
  live: boolean;
  children: ReactNode;
}

export function toIncoming(
  message: LiveWireMessage,
  thread: string,
  viewerId: number,
  partnerId: number | null,
): IncomingMessage<LiveWireMessage> {
  return {
    id: message.id,
    // Our own send's key (the API gives it on our messages only): the stored copy replaces the optimistic one.
    clientKey: message.clientKey,
    thread,
    senderId: message.mine ? viewerId : (partnerId ?? 0),
    text: message.body,
    sentAt: message.createdAt,
    payload: message,
  };
}

export function LiveConversation({ here, viewerId, partner, threadId, messages, live, children }: LiveConversationProps) {
  const thread = partner.username;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const initial = useMemo(
    () => messages.map((m) => toIncoming(m, thread, viewerId, partner.userId)),
    [messages, thread, viewerId, partner.userId],
  );
  return (
    <RealtimeProvider<LiveWireMessage>
      key={thread}
      userId={live ? viewerId : null}
      messages={initial}
      thread={thread}
      // The resync and the event handling run only once connected: their code comes with the connection (ADR 174).
      connectWith={async () =>
        (await import("./conversation-events")).conversationHandlers({
          here,
          thread,
          threadId,
          viewerId,
          toIncoming: (m) => toIncoming(m, thread, viewerId, partner.userId),
          revalidate: () => revalidate.current(),
        })
      }
    >
      <LoaderSync messages={initial} />
      {live && partner.userId !== null ? <Watch member={partner.userId} /> : null}
      {children}
    </RealtimeProvider>
  );
}

/** A revalidated page (after a thread action, read ticks) brings a complete newest page: merge it. */
function LoaderSync({ messages }: { messages: readonly IncomingMessage<LiveWireMessage>[] }) {
  const store = useRealtimeStore<LiveWireMessage>();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    store.getState().synced(messages);
  }, [messages, store]);
  return null;
}

function Watch({ member }: { member: number }) {
  const client = useRealtimeClient();
  useEffect(() => {
    client?.watch([member]);
  }, [client, member]);
  return null;
}

/** The conversation's messages: stored ones through `renderStored`, pending sends (only the live sender makes them) with their status. */
export function LiveMessageList({
  thread,
  renderStored,
  sending,
}: {
  thread: string;
  renderStored: (message: LiveWireMessage) => ReactNode;
  sending: LiveSending | null;
}) {
  const list = useRealtime<LiveMessage<LiveWireMessage>[] | undefined, LiveWireMessage>((state) => state.messages[thread]);
  return (
    <>
      {(list ?? []).map((message) =>
        message.id !== null && message.payload ? (
          renderStored(message.payload)
        ) : message.clientKey && sending ? (
          <sending.PendingMessage key={message.clientKey} message={message} sender={sending.sender} />
        ) : null,
      )}
    </>
  );
}

/** The live sending once its chunk is in: the sender, the compose form's submit through it, and how a pending send is drawn. */
export type LiveSending = ReturnType<typeof SendCode.liveSending>;

/**
 * The sender for this conversation, created once the socket client exists (it resyncs before retries). Its code
 * (./live-send: retries, the post) is a chunk fetched when the socket client arrives (ADR 168): before that a send
 * is the form's plain post anyway.
 */
export function useLiveSender(here: string, thread: string, viewerId: number, partnerId: number | null): LiveSending | null {
  const store = useRealtimeStore<LiveWireMessage>();
  const client = useRealtimeClient();
  const [code, setCode] = useState<typeof SendCode | null>(null);
  useEffect(() => {
    if (!client || code) return;
    let gone = false;
    import("./live-send").then(
      (loaded) => !gone && setCode(loaded),
      // Not loaded (offline, a new build): the compose form keeps posting plainly.
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [client, code]);
  const sending = useMemo(
    () =>
      client && code
        ? code.liveSending({
            store,
            thread,
            me: viewerId,
            url: `${here}/live`,
            toIncoming: (m) => toIncoming(m, thread, viewerId, partnerId),
          })
        : null,
    [client, code, store, here, thread, viewerId, partnerId],
  );
  useEffect(() => () => sending?.sender.stop(), [sending]);
  return sending;
}

/** The compose form's typing signal to the other member (the socket client throttles it). */
export function useTypingSignal(typingTo: string, threadId: number | null): () => void {
  const client = useRealtimeClient();
  return () => client?.typing(typingTo, threadId);
}
