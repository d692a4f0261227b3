/**
 * The watch page (issue 31, ADR 124): the player or what the viewer lacks, the chat panel, and for the creator the
 * publisher, reschedule, edit and stop. The one hydrated live page, so in a module of its own (ADR 155); the parts
 * only some visits show are chunks drawn after hydration (ADR 168).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { LiveStreamData } from "~/api/live-streams.server";
import type { FormReply } from "~/components/form/reply";
import { deferredPart } from "~/components/ServerIsland";
import { LiveChatPanel, type LiveChatPanelData } from "~/features/live-chat/LiveChatPanel";
import { LivePlayer } from "~/features/live-player/LivePlayer";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { LiveMenu, StreamBadges } from "./live-parts";
import type { StreamFormOptions } from "./stream-fields";
import * as css from "./live.css";

/** The creator's controls: only the stream's creator sees them, so their code is a chunk of its own (ADR 168). */
const Producer = deferredPart("live-producer", () => import("./WatchProducer"));
/** What a viewer who may not watch sees, and a producer's post refused to someone else: chunks of their own too. */
const Denial = deferredPart("live-denial", () => import("./WatchDenial"));
const ProducerRefusal = deferredPart("live-refusal", async () => ({ default: (await import("./WatchDenial")).ProducerRefusal }));

/** The watch page's forms only the stream's creator is shown. */
const PRODUCER_INTENTS = new Set(["start", "stop", "edit", "reschedule"]);

export function WatchPage({
  live,
  chat,
  signedIn,
  own,
  scheduledWall,
  done,
  loginPath,
  buyPath,
  plusPath,
  options,
  reply,
}: {
  live: LiveStreamData;
  chat: LiveChatPanelData | null;
  signedIn: boolean;
  own: boolean;
  /** The announced start as a datetime-local value (the operator's zone); null when not announced. */
  scheduledWall: string | null;
  done: string | null;
  loginPath: string;
  buyPath: string;
  plusPath: string;
  options: StreamFormOptions;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("live");
  const to = useLocalePath();
  const { stream, access, media } = live;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <LiveMenu current={null} />
        <h1 data-testid="live-title">{stream.title}</h1>
        <p className={css.badges}>
          <StreamBadges stream={stream} />
          <span>
            {t("live.watch.by")} <Link to={to(`p/${stream.creator.username}`)}>{stream.creator.displayName}</Link>
          </span>
          {stream.state === "live" ? (
            <span className={ui.muted} data-testid="live-viewers">
              {t("live.viewers", { count: stream.viewers })}
            </span>
          ) : null}
        </p>
        {done ? (
          <p role="status" className={ui.notice} data-testid="live-done">
            {t(`live.watch.done_${done}`)}
          </p>
        ) : null}
        {access.watch && media ? (
          <div className={css.player} data-testid="live-player">
            <LivePlayer hls={media.hls} whep={media.whep} title={stream.title} />
          </div>
        ) : (
          <Denial live={live} loginPath={loginPath} buyPath={buyPath} plusPath={plusPath} reply={reply} />
        )}
        {own && stream.state !== "ended" ? <Producer live={live} scheduledWall={scheduledWall} options={options} reply={reply} /> : null}
        {/* A producer's form posted by someone else (the API answers 404): its translated error, not a silent page. */}
        {!own && reply && PRODUCER_INTENTS.has(reply.intent ?? "") ? <ProducerRefusal reply={reply} /> : null}
        {chat ? <LiveChatPanel data={chat} /> : null}
        {signedIn && !own && !access.staff ? (
          <Form method="post" className={ui.row}>
            <input type="hidden" name="intent" value={live.subscribed ? "unsubscribe" : "subscribe"} />
            <input type="hidden" name="username" value={stream.creator.username} />
            <button className={ui.buttonSecondary} type="submit" data-testid="live-subscribe">
              {t(live.subscribed ? "live.watch.unsubscribe" : "live.watch.subscribe", { name: stream.creator.displayName })}
            </button>
          </Form>
        ) : null}
      </div>
    </main>
  );
}
