/**
 * The live chat of a stream (issue 31 item 3, ADR 126), for the watch page's panel and the no-JS chat page: the lines
 * newest last (a tip line names the tipper or "anonymous"; links only to the messenger's whitelisted domains), the
 * line form, the tip form (amount buttons, "anonymous"), and for the creator and staff a remove / mute / remove-viewer
 * form on each line and the sanctioned viewers with "let back". Every form is a plain post to the chat page's action
 * (chat-panel.server.ts), which returns to the page it came from (`back`).
 *
 * With JavaScript the panel holds the room in its own live store (app/stores/live.ts, created per panel), joins the
 * stream's room on the site's one socket (the "live" frame), applies lines, removals and sanctions as they arrive,
 * reloads the data after a gap, and posts lines without leaving the page.
 */
import { Form, Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type * as SocketClient from "~/features/realtime/client";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import type { LiveChatLine } from "#server/contract/live-chat";
import { LIVE_CHAT_MAX, liveChatPagePath } from "#server/contract/live-paths";
import { messageParts } from "#server/contract/messenger-basics";
import { TIP_FORM } from "#server/contract/tip-amounts";
import { allErrors, errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import { createLiveStore, type LiveStore } from "~/stores/live";
import * as ui from "~/styles/ui.css";
import { homeClockOf } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import type { LiveChatBack, LiveChatPanelData } from "./chat-panel.server";
import * as css from "./live-chat.css";

export type { LiveChatPanelData } from "./chat-panel.server";

/** A refused post's errors as the chat page's action returns them (readReply). */
type LiveChatFailure = FormReply;

/** A line's text: plain text, whitelisted links as links (the messenger's rule, contract/messenger messageParts). */
function LineText({ body }: { body: string }) {
  return (
    <>
      {messageParts(body).map((part, index) =>
        part.kind === "link" ? (
          <a key={index} href={part.href} rel="noopener noreferrer nofollow" target="_blank">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

function HiddenFields({ intent, back }: { intent: string; back: LiveChatBack }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
    </>
  );
}

function Line({ line, data, back, action }: { line: LiveChatLine; data: LiveChatPanelData; back: LiveChatBack; action: string }) {
  const { t } = useTranslation("live-chat");
  const price = usePriceText();
  const room = data.room!;
  const name = line.author?.username ?? t("live_chat.anonymous");
  const moderate = room.may_moderate && line.kind === "message";
  const author = line.author;
  const sanctionable = moderate && author !== null && author.user_id !== room.creator.user_id && author.user_id !== data.viewerId;
  return (
    <li className={css.line} data-testid="live-chat-line" data-line={line.id} data-kind={line.kind}>
      <p style={{ margin: 0 }}>
        {line.kind === "tip" ? (
          <span className={css.tipLine}>
            {t("live_chat.tip_line", { name, amount: price({ currency: "dollar", amount: line.tip_amount ?? 0 }) })}
          </span>
        ) : (
          <>
            <span className={css.author}>{name}</span>
            <LineText body={line.body} />
          </>
        )}
        <time className={css.time} dateTime={new Date(line.created_at).toISOString()}>
          {homeClockOf(line.created_at)}
        </time>
      </p>
      {moderate ? (
        <div className={css.moderation}>
          <Form method="post" action={action}>
            <HiddenFields intent="remove_line" back={back} />
            <input type="hidden" name="line_id" value={line.id} />
            <button type="submit" className={css.smallButton} data-testid="live-chat-remove-line">
              {t("live_chat.moderation.remove_line")}
            </button>
          </Form>
          {sanctionable
            ? (["mute", "remove"] as const).map((sanction) => (
                <Form method="post" action={action} key={sanction}>
                  <HiddenFields intent="sanction" back={back} />
                  <input type="hidden" name="member_id" value={author.user_id} />
                  <input type="hidden" name="sanction" value={sanction} />
                  <button type="submit" className={css.smallButton} data-testid={`live-chat-${sanction}`}>
                    {t(`live_chat.moderation.${sanction}`, { name: author.username })}
                  </button>
                </Form>
              ))
            : null}
        </div>
      ) : null}
    </li>
  );
}

/** The room's store and socket with JavaScript (none during the server render: the store starts from the loader's lines). */
function useLiveRoom(data: LiveChatPanelData): LiveStore {
  const room = data.room!;
  const [store] = useState(() =>
    createLiveStore({
      streamId: data.streamId,
      userId: data.viewerId,
      lines: room.lines,
      lastId: room.last_id,
      viewers: room.viewers,
      refusal: room.refusal,
    }),
  );
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // Data reloaded by Remix (after a post, or a resync after a gap) joins the store.
  useEffect(() => {
    store.getState().synced(room.lines, room.last_id);
  }, [store, room.lines, room.last_id]);
  useEffect(() => {
    if (room.refusal === "removed" || room.refusal === "ended" || room.refusal === "no_access") return;
    // The socket client is a chunk of its own, fetched once the page is hydrated (ADR 162): the chat's first screen
    // is the server's lines.
    let gone = false;
    let stop: (() => void) | null = null;
    void import("~/features/realtime/client").then((socket) => {
      if (!gone) stop = join(socket);
    });
    return () => {
      gone = true;
      stop?.();
    };

    function join({ createRealtimeClient, socketUrl }: typeof SocketClient): () => void {
      window.veloraRealtime?.hold();
      const client = createRealtimeClient({
        url: socketUrl(window.location),
        // After a reconnect the lines missed meanwhile come with the page's data.
        resync: async () => revalidate.current(),
        onFrame: (frame) => {
          const state = store.getState();
          if (frame.type === "live" && frame.stream === data.streamId) state.setJoined(frame.joined);
          if (frame.type !== "event") return;
          const { event } = frame;
          if (!("stream_id" in event) || event.stream_id !== data.streamId) return;
          if (event.type === "live_room.line" && state.arrived(event.line, event.prev_id) === "gap") revalidate.current();
          else if (event.type === "live_room.line_removed") state.removed(event.line_id);
          else if (event.type === "live_room.sanction") state.sanctioned(event.member_id, event.sanction);
          else if (event.type === "live_room.ended") state.ended();
        },
      });
      client.joinLive(data.streamId);
      client.start();
      return () => {
        client.stop();
        window.veloraRealtime?.release();
      };
    }
  }, [store, data.streamId, room.refusal]);
  return store;
}

function SayForm({
  action,
  back,
  failure,
  disabled,
}: {
  action: string;
  back: LiveChatBack;
  failure: LiveChatFailure | null;
  disabled: boolean;
}) {
  const { t } = useTranslation("live-chat");
  const { t: tCommon } = useTranslation();
  const fetcher = useFetcher();
  const formRef = useRef<HTMLFormElement>(null);
  const mine = failure?.intent === "say" ? failure : null;
  const error = mine?.fieldErrors.body?.[0] ?? (mine ? errorsBesides(mine, ["body"])[0] : undefined);
  // A line posted with JavaScript: the form empties once the post is through (the line arrives over the socket).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data === undefined) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const fetcherError = (fetcher.data as { lastResult?: { error?: Record<string, string[]> } } | undefined)?.lastResult?.error;
  const shown = error ?? fetcherError?.body?.[0] ?? fetcherError?.[""]?.[0];
  return (
    <fetcher.Form method="post" action={action} ref={formRef} noValidate className={ui.stack} data-testid="live-chat-say">
      <HiddenFields intent="say" back={back} />
      <div className={ui.field}>
        <label className={ui.label} htmlFor="live-chat-body">
          {t("live_chat.form.label")}
        </label>
        <div className={css.sayRow}>
          <input
            id="live-chat-body"
            name="body"
            className={`${ui.input} ${css.sayInput}`}
            maxLength={LIVE_CHAT_MAX}
            defaultValue={mine ? inputText(mine, "body") : ""}
            autoComplete="off"
            disabled={disabled}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? "live-chat-body-error" : "live-chat-body-hint"}
          />
          <button type="submit" className={ui.button} disabled={disabled}>
            {t("live_chat.form.submit")}
          </button>
        </div>
        <p id="live-chat-body-hint" className={ui.muted} style={{ margin: 0 }}>
          {t("live_chat.form.hint", { max: LIVE_CHAT_MAX })}
        </p>
        <p id="live-chat-body-error" className={ui.fieldError} role={shown ? "alert" : undefined} data-testid="live-chat-body-error">
          {shown ? translateMessage(tCommon, shown) : null}
        </p>
      </div>
    </fetcher.Form>
  );
}

function TipForm({
  data,
  action,
  back,
  failure,
}: {
  data: LiveChatPanelData;
  action: string;
  back: LiveChatBack;
  failure: LiveChatFailure | null;
}) {
  const { t } = useTranslation("live-chat");
  const { t: tCommon } = useTranslation();
  const price = usePriceText();
  const mine = failure?.intent === "tip" ? failure : null;
  const error = mine?.fieldErrors.amount?.[0] ?? (mine ? errorsBesides(mine, ["amount"])[0] : undefined);
  return (
    <Form method="post" action={action} className={ui.stack} data-testid="live-chat-tip">
      <HiddenFields intent="tip" back={back} />
      <input type="hidden" name="key" value={data.tipKey} />
      <fieldset style={{ border: 0, margin: 0, padding: 0 }} aria-describedby={error ? "live-chat-tip-error" : undefined}>
        <legend className={ui.label}>{t("live_chat.tip.legend", { name: data.room!.creator.username })}</legend>
        <label className={ui.checkboxRow}>
          <input
            type="checkbox"
            name="anonymous"
            className={ui.choiceControl}
            defaultChecked={mine ? inputText(mine, "anonymous") === "on" : false}
          />
          <span>{t("live_chat.tip.anonymous")}</span>
        </label>
        <div className={css.amounts}>
          {TIP_FORM.amounts.map((amount) => (
            <button
              key={amount}
              type="submit"
              name="amount"
              value={String(amount)}
              className={css.amountButton}
              data-testid={`live-chat-tip-${amount}`}
            >
              {price({ currency: "dollar", amount })}
            </button>
          ))}
        </div>
      </fieldset>
      <p id="live-chat-tip-error" className={ui.fieldError} role={error ? "alert" : undefined} data-testid="live-chat-tip-error">
        {error ? translateMessage(tCommon, error) : null}
        {error === "exception.live_chat.tip_insufficient" ? (
          <>
            {" "}
            <Link to={localePath(data.lang, "user/dollar")}>{t("live_chat.tip.buy")}</Link>
          </>
        ) : null}
      </p>
    </Form>
  );
}

function Sanctions({ data, action, back }: { data: LiveChatPanelData; action: string; back: LiveChatBack }) {
  const { t } = useTranslation("live-chat");
  const room = data.room!;
  if (!room.may_moderate || room.sanctions.length === 0) return null;
  return (
    <details data-testid="live-chat-sanctions">
      <summary className={css.smallButton} style={{ display: "inline-flex", alignItems: "center" }}>
        {t("live_chat.moderation.sanctioned", { count: room.sanctions.length })}
      </summary>
      <ul className={ui.entryList}>
        {room.sanctions.map(({ member, sanction }) => (
          <li key={member.user_id} className={ui.row}>
            <span>
              {member.username} · {t(`live_chat.moderation.state_${sanction}`)}
            </span>
            <Form method="post" action={action}>
              <HiddenFields intent="lift" back={back} />
              <input type="hidden" name="member_id" value={member.user_id} />
              <button type="submit" className={css.smallButton} data-testid="live-chat-lift">
                {t("live_chat.moderation.lift")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The chat: `back` says which page the forms return to (the watch page's panel: "watch"; the chat page: "chat");
 * `failure` is a refused post's answer (the chat page only); `footer` adds the page's own links.
 */
export function LiveChatPanel({
  data,
  back = "watch",
  failure = null,
  footer,
}: {
  data: LiveChatPanelData;
  back?: LiveChatBack;
  failure?: LiveChatFailure | null;
  footer?: ReactNode;
}) {
  const { t } = useTranslation("live-chat");
  if (data.room === null)
    return (
      <section id="live-chat" className={css.panel} data-testid="live-chat">
        <p className={ui.notice}>{t("live_chat.unavailable")}</p>
      </section>
    );
  return <RoomPanel data={data} back={back} failure={failure} footer={footer} />;
}

function RoomPanel({
  data,
  back,
  failure,
  footer,
}: {
  data: LiveChatPanelData;
  back: LiveChatBack;
  failure: LiveChatFailure | null;
  footer?: ReactNode;
}) {
  const { t } = useTranslation("live-chat");
  const price = usePriceText();
  const store = useLiveRoom(data);
  const lines = useStore(store, (state) => state.lines);
  const refusal = useStore(store, (state) => state.refusal);
  const room = data.room!;
  const action = localePath(data.lang, liveChatPagePath(data.streamId));
  const listRef = useRef<HTMLOListElement>(null);
  // Newest last: keep the newest line in view as lines arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lines.length]);
  return (
    <section id="live-chat" className={css.panel} aria-labelledby="live-chat-title" data-testid="live-chat">
      <div className={css.head}>
        <h2 id="live-chat-title" className={ui.sectionTitle} style={{ margin: 0 }}>
          {t("live_chat.title")}
        </h2>
        <span className={ui.muted}>
          {t("live_chat.viewers", { count: room.viewers, formatted: new Intl.NumberFormat(data.lang).format(room.viewers) })}
        </span>
      </div>
      {data.tipped ? (
        <p className={ui.notice} role="status" data-testid="live-chat-tipped">
          {t("live_chat.tip.done", { amount: price({ currency: "dollar", amount: data.tipped }) })}
        </p>
      ) : null}
      {failure && failure.intent !== "say" && failure.intent !== "tip" && allErrors(failure).length > 0 ? (
        <ChatAlert errors={allErrors(failure)} />
      ) : null}
      {refusal === "removed" ? null : lines.length === 0 ? (
        <p className={ui.muted} data-testid="live-chat-empty">
          {t("live_chat.empty")}
        </p>
      ) : (
        <ol className={css.lines} ref={listRef} aria-live="polite" data-testid="live-chat-lines">
          {lines.map((line) => (
            <Line key={line.id} line={line} data={data} back={back} action={action} />
          ))}
        </ol>
      )}
      {refusal ? (
        <p className={ui.notice} role="status" data-testid="live-chat-refusal">
          {t(`live_chat.refusal.${refusal}`)}
        </p>
      ) : (
        <SayForm action={action} back={back} failure={failure} disabled={false} />
      )}
      {room.may_tip && refusal !== "ended" && refusal !== "removed" ? (
        <TipForm data={data} action={action} back={back} failure={failure} />
      ) : null}
      <Sanctions data={data} action={action} back={back} />
      <p className={ui.row} style={{ margin: 0 }}>
        {back === "watch" ? (
          <Link to={localePath(data.lang, liveChatPagePath(data.streamId))} className={ui.linkButton} data-testid="live-chat-page">
            {t("live_chat.page.open")}
          </Link>
        ) : null}
        {room.role === "AUDIENCE" && !room.may_moderate ? (
          <Link to={localePath(data.lang, `live/${data.streamId}/report`)} className={ui.linkButton} data-testid="live-report-link">
            {t("live_chat.report.link")}
          </Link>
        ) : null}
      </p>
      {footer}
    </section>
  );
}

function ChatAlert({ errors }: { errors: string[] }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={ui.alert} data-testid="live-chat-alert">
      {errors.map((error, index) => (
        <p key={index} style={{ margin: 0 }}>
          {translateMessage(t, error)}
        </p>
      ))}
    </div>
  );
}
