/**
 * The watch page's controls for the stream's creator (issue 31, ADR 124/125): go live or the browser publisher,
 * reschedule, edit and stop. Only the creator sees them, so they are a chunk of its own, drawn in the server's place
 * after hydration (ADR 168); every control is a plain form (the publisher needs JavaScript and says so without it).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { livePaths } from "#server/contract/live-paths";
import type { LiveStreamData } from "~/api/live-streams.server";
import { Field, FormErrors } from "~/components/FieldControls";
import { allErrors, errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { LivePublisher } from "~/features/live-player/LivePublisher";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./live.css";
import { StreamFields, type StreamFormOptions } from "./stream-fields";

export default function WatchProducer({
  live,
  scheduledWall,
  options,
  reply,
}: {
  live: LiveStreamData;
  /** The announced start as a datetime-local value (the operator's zone); null when not announced. */
  scheduledWall: string | null;
  options: StreamFormOptions;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("live");
  const to = useLocalePath();
  const { stream } = live;
  const editing = reply?.intent === "edit" ? reply : null;
  const rescheduling = reply?.intent === "reschedule" ? reply : null;
  return (
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
  );
}
