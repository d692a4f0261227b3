/**
 * The watch page (issue 31, ADR 124): the player or what the viewer lacks, the chat panel, and for the creator the
 * publisher, reschedule, edit and stop. The one hydrated live page, so in a module of its own (ADR 155).
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { livePaths } from "#server/contract/live-paths";
import type { LiveStreamData } from "~/api/live-streams.server";
import { Field, FormErrors } from "~/components/FieldControls";
import { allErrors, errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { LiveChatPanel, type LiveChatPanelData } from "~/features/live-chat/LiveChatPanel";
import { LivePlayer } from "~/features/live-player/LivePlayer";
import { LivePublisher } from "~/features/live-player/LivePublisher";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { LiveMenu, StreamBadges, StreamFields, useDollars, type StreamFormOptions } from "./live-parts";
import * as css from "./live.css";

/** What a viewer who may not watch sees instead of the player, with the one action that changes it. */
function Denial({
  live,
  loginPath,
  buyPath,
  plusPath,
  reply,
}: {
  live: LiveStreamData;
  loginPath: string;
  buyPath: string;
  plusPath: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("live");
  const to = useLocalePath();
  const lang = useLang();
  const dollars = useDollars();
  const { stream, access } = live;
  const denial = access.denial;
  if (stream.state === "scheduled") {
    return (
      <p className={ui.notice} data-testid="live-denial">
        {stream.scheduledAt !== null
          ? t("live.watch.scheduled", { when: formatHomeMoment(stream.scheduledAt, lang) })
          : t("live.watch.not_started")}
      </p>
    );
  }
  const box = (text: string, action: ReactNode) => (
    <div className={`${ui.card} ${ui.stack}`} data-testid="live-denial" data-denial={denial ?? ""}>
      <p>{text}</p>
      {action}
    </div>
  );
  switch (denial) {
    case "sign_in":
      return box(
        t("live.denial.sign_in"),
        <Link className={ui.button} to={loginPath}>
          {t("live.denial.sign_in_action")}
        </Link>,
      );
    case "plus":
      return box(
        t("live.denial.plus"),
        <Link className={ui.button} to={plusPath}>
          {t("live.denial.plus_action")}
        </Link>,
      );
    case "fans":
      return box(
        t("live.denial.fans", { name: stream.creator.displayName }),
        <Link className={ui.button} to={to(`p/${stream.creator.username}/fans`)}>
          {t("live.denial.fans_action")}
        </Link>,
      );
    case "payment": {
      const price = stream.price ?? 0;
      const covered = live.balance >= price;
      return box(
        t("live.denial.payment", { price: dollars(price) }),
        <div className={ui.stack}>
          <p className={ui.muted}>{t("live.pay.balance", { balance: dollars(live.balance) })}</p>
          {reply?.intent === "pay" ? <FormErrors errors={allErrors(reply)} /> : null}
          {covered ? (
            <Form method="post">
              <input type="hidden" name="intent" value="pay" />
              <button className={ui.button} type="submit" data-testid="live-pay">
                {t("live.pay.submit", { price: dollars(price) })}
              </button>
            </Form>
          ) : (
            <Link className={ui.button} to={buyPath}>
              {t("live.pay.buy_dollars")}
            </Link>
          )}
          <p className={ui.muted}>{t("live.pay.terms")}</p>
        </div>,
      );
    }
    case "removed":
      return box(t("live.denial.removed"), null);
    default:
      return box(
        t("live.denial.ended"),
        <Link className={ui.buttonSecondary} to={to(livePaths.browse)}>
          {t("live.denial.browse")}
        </Link>,
      );
  }
}

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
  const editing = reply?.intent === "edit" ? reply : null;
  const rescheduling = reply?.intent === "reschedule" ? reply : null;
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
        {own && stream.state !== "ended" ? (
          <section className={`${ui.card} ${ui.stack}`} aria-labelledby="live-producer-heading" data-testid="live-producer">
            <h2 id="live-producer-heading" className={css.heading}>
              {t("live.producer.heading")}
            </h2>
            {stream.state === "live" ? (
              <>
                <LivePublisher whip={live.publish} keysHref={to(livePaths.keys)} />
                <p className={ui.muted}>
                  {t(stream.ingest === "rtmp" ? "live.producer.rtmp_hint" : "live.producer.browser_hint")}{" "}
                  <Link to={to(livePaths.keys)}>{t("live.form.keys_link")}</Link>
                </p>
              </>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="start" />
                <button className={ui.button} type="submit" data-testid="live-go-live">
                  {t("live.start.go_live")}
                </button>
              </Form>
            )}
            {reply && reply.intent !== "edit" && reply.intent !== "reschedule" && reply.intent !== "pay" ? (
              <FormErrors errors={allErrors(reply)} />
            ) : null}
            {stream.state === "scheduled" ? (
              <Form method="post" className={ui.stack} noValidate data-testid="live-reschedule">
                <input type="hidden" name="intent" value="reschedule" />
                {rescheduling ? <FormErrors errors={errorsBesides(rescheduling, ["scheduled_at"])} /> : null}
                <Field
                  name="scheduled_at"
                  type="datetime-local"
                  label={t("live.producer.reschedule")}
                  hint={t("live.form.scheduled_at_hint")}
                  required
                  defaultValue={rescheduling ? inputText(rescheduling, "scheduled_at") : (scheduledWall ?? "")}
                  errors={rescheduling?.fieldErrors.scheduled_at ?? []}
                />
                <button className={ui.buttonSecondary} type="submit" data-testid="live-reschedule-submit">
                  {t("live.producer.reschedule_submit")}
                </button>
              </Form>
            ) : null}
            <Form method="post" className={ui.stack} noValidate>
              <input type="hidden" name="intent" value="edit" />
              {editing ? <FormErrors errors={errorsBesides(editing, ["title", "category", "audience", "price"])} /> : null}
              <StreamFields
                reply={editing}
                stream={stream}
                options={options}
                limits={{ titleMin: 3, titleMax: 80, priceMin: 1, priceMax: 500 }}
                audienceFixed={stream.state === "live"}
              />
              <button className={ui.buttonSecondary} type="submit" data-testid="live-edit-submit">
                {t("live.producer.save")}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="stop" />
              <button className={ui.button} type="submit" data-testid="live-stop">
                {t(stream.state === "live" ? "live.watch.stop" : "live.start.cancel")}
              </button>
            </Form>
          </section>
        ) : null}
        {/* A producer's form posted by someone else (the API answers 404): its translated error, not a silent page. */}
        {!own && reply && PRODUCER_INTENTS.has(reply.intent ?? "") ? <FormErrors errors={allErrors(reply)} /> : null}
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
