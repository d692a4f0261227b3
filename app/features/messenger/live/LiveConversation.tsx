/**
 * The conversation with JavaScript (issue 12 items 2 and 6; ADR 042/043 "Client"): the messages come from a store
 * created per page (RealtimeProvider), filled from the loader's page and kept current by the socket's message events
 * (each carries the message; a gap before one means a resync, ADR 052) and the resync after every (re)connect;
 * sending is optimistic (sender.ts). Without JavaScript the same markup is the
 * server's page and the compose form posts as before: nothing here runs on the server but the first render.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MESSAGE_PHOTOS_MAX } from "#server/contract/messenger-basics";
import {
  RealtimeProvider,
  useRealtime,
  useRealtimeClient,
  useRealtimeStore,
  type IncomingMessage,
  type LiveMessage,
} from "~/features/realtime";
import { camelize } from "~/api/normalize";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "../messenger.css";
import type * as SendCode from "./live-send";
import type { Sender } from "./sender";
import type { LiveResync, LiveWireMessage } from "./wire";

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

const JSON_HEADERS = { accept: "application/json" };

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

/** Runs `run` for the latest argument, one call at a time: a burst of calls makes at most two runs. */
export function coalesced<A>(run: (arg: A) => Promise<unknown>): (arg: A) => void {
  let running = false;
  let queued: { arg: A } | null = null;
  const loop = async (arg: A) => {
    running = true;
    let next: { arg: A } | null = { arg };
    while (next) {
      await run(next.arg).catch(() => undefined);
      next = queued;
      queued = null;
    }
    running = false;
  };
  return (arg) => {
    if (running) queued = { arg };
    else void loop(arg);
  };
}

export function LiveConversation({ here, viewerId, partner, threadId, messages, live, children }: LiveConversationProps) {
  const thread = partner.username;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const markRead = useRef(
    coalesced(({ threadId, upTo }: { threadId: number; upTo: number }) =>
      fetch(`${here}/live?read=${threadId}&up_to=${upTo}`, { method: "POST", headers: JSON_HEADERS }),
    ),
  );
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
      fetchSince={async (afterId) => {
        const response = await fetch(`${here}/live?after=${afterId}`, { headers: JSON_HEADERS });
        if (!response.ok) throw new Error(`resync ${response.status}`);
        const page = (await response.json()) as LiveResync;
        return { messages: page.messages.map((m) => toIncoming(m, thread, viewerId, partner.userId)), more: page.more };
      }}
      onEvent={(event, { client, store }) => {
        // A conversation opened empty learns its thread id with its first message.
        const current = threadId ?? store.getState().messages[thread]?.find((m) => m.payload)?.payload?.threadId ?? null;
        if (event.type === "message") {
          // Empty so far: the event does not say whose conversation it is, the resync does.
          if (current === null) return void client.resyncNow();
          if (event.message.thread_id !== current) return;
          // The event carries the message as the API shows it to us (ADR 052); a gap before it means a resync.
          const message = camelize<LiveWireMessage>(event.message);
          const outcome = store.getState().next(toIncoming(message, thread, viewerId, partner.userId), event.prev_id);
          if (outcome === "gap") void client.resyncNow();
          // The member has the conversation open: what arrived is read (as the resync marks it).
          else if (outcome === "applied" && !message.mine) markRead.current({ threadId: current, upTo: message.id });
        }
        // The other member read our messages: the page's data carries the ticks.
        else if (event.type === "thread_read" && event.thread_id === current && event.reader_id !== viewerId) revalidate.current();
      }}
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

/** The conversation's messages: stored ones through `renderStored`, pending sends with their status. */
export function LiveMessageList({
  thread,
  renderStored,
  onRetry,
  onDiscard,
}: {
  thread: string;
  renderStored: (message: LiveWireMessage) => ReactNode;
  onRetry: (clientKey: string) => void;
  onDiscard: (clientKey: string) => void;
}) {
  const list = useRealtime<LiveMessage<LiveWireMessage>[] | undefined, LiveWireMessage>((state) => state.messages[thread]);
  return (
    <>
      {(list ?? []).map((message) =>
        message.id !== null && message.payload ? (
          renderStored(message.payload)
        ) : message.clientKey ? (
          <PendingItem key={message.clientKey} message={message} onRetry={onRetry} onDiscard={onDiscard} />
        ) : null,
      )}
    </>
  );
}

function PendingItem({
  message,
  onRetry,
  onDiscard,
}: {
  message: LiveMessage<LiveWireMessage>;
  onRetry: (clientKey: string) => void;
  onDiscard: (clientKey: string) => void;
}) {
  const { t } = useTranslation("messenger");
  const { t: tErrors } = useTranslation();
  const key = message.clientKey!;
  return (
    <li
      className={`${css.bubble} ${css.bubbleMine} ${message.status === "fail" ? css.bubbleFailed : ""}`}
      data-testid="message"
      data-mine="1"
      data-status={message.status}
    >
      {message.text ? <span>{message.text}</span> : null}
      <span className={css.meta}>
        <span data-testid="message-status">{t(`messenger.live.status.${message.status}`)}</span>
      </span>
      {message.status === "fail" ? (
        <span className={css.failure}>
          <span role="alert">
            {message.error ? (message.error.startsWith("messenger.") ? t(message.error) : translateMessage(tErrors, message.error)) : ""}
          </span>
          <span className={ui.row}>
            <button type="button" className={ui.buttonSecondary} onClick={() => onRetry(key)} data-testid="message-retry">
              {t("messenger.live.retry")}
            </button>
            <button type="button" className={ui.buttonSecondary} onClick={() => onDiscard(key)}>
              {t("messenger.live.discard")}
            </button>
          </span>
        </span>
      ) : null}
    </li>
  );
}

/**
 * The sender for this conversation, created once the socket client exists (it resyncs before retries). Its code
 * (./live-send: retries, the post) is a chunk fetched when the socket client arrives (ADR 168): before that a send
 * is the form's plain post anyway.
 */
export function useLiveSender(here: string, thread: string, viewerId: number, partnerId: number | null): Sender | null {
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
  const sender = useMemo(
    () =>
      client && code
        ? code.createLiveSender({
            store,
            thread,
            me: viewerId,
            url: `${here}/live`,
            toIncoming: (m) => toIncoming(m, thread, viewerId, partnerId),
          })
        : null,
    [client, code, store, here, thread, viewerId, partnerId],
  );
  useEffect(() => () => sender?.stop(), [sender]);
  return sender;
}

/**
 * Takes over the compose form's submit when the live sender is ready: the text and photos go out optimistically and
 * the form clears. What the plain post would refuse anyway (nothing to send, too many photos) is left to it, so its
 * translated error shows next to the field as without JavaScript.
 */
export function useComposeSubmit(sender: Sender | null, typingTo: string, threadId: number | null) {
  const client = useRealtimeClient();
  return {
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (!sender) return;
      const form = event.currentTarget;
      const data = new FormData(form);
      const text = String(data.get("body") ?? "");
      const files = data.getAll("files").filter((f): f is File => typeof f !== "string" && f.size > 0);
      if ((text.trim() === "" && files.length === 0) || files.length > MESSAGE_PHOTOS_MAX) return;
      event.preventDefault();
      sender.send(text, files);
      form.reset();
    },
    onInput() {
      client?.typing(typingTo, threadId);
    },
  };
}
