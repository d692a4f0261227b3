/**
 * events/{category}/{slug}: one event for guests and members — organizer, time at the place with its zone named,
 * place, price, description — with status banners for its organizer, their edit and cancel links, and the report
 * form for members. The attendance and reviews sections of issue 29 items 1 and 2 (helper "attend") are passed in
 * by the route and rendered in their marked places.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { eventPaths } from "#server/contract/events";
import type { EventDetailData } from "~/api/events.server";
import { FormErrors } from "~/components/Field";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import { JsonLd } from "~/components/JsonLd";
import { Picture } from "~/components/Picture";
import { REPORT_FORM_FIELDS } from "~/features/reports/report-form";
import { ReportFields } from "~/features/reports/ReportFields";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { usePriceText } from "~/utils/money";
import * as css from "./events.css";
import { eventTimeRange, eventZoneName } from "./format";

function StatusBanner({ event }: { event: EventDetailData }) {
  const { t } = useTranslation("event");
  const { t: tModeration } = useTranslation("moderation");
  // Everyone learns that an event was called off; the other states are the organizer's to know.
  if (event.statusName === "cancelled")
    return (
      <p className={ui.alert} role="status" data-testid="event-banner" data-status="cancelled">
        {t("event.detail.banner_cancelled")}
      </p>
    );
  if (!event.viewer.isOrganizer) return null;
  const text =
    event.statusName === "rejected"
      ? t("event.detail.banner_rejected", {
          reason: event.rejectionReason ? tModeration(`moderation.reasons.${event.rejectionReason}`) : "",
        })
      : t(`event.detail.banner_${event.statusName}`);
  return (
    <p
      className={event.statusName === "rejected" ? ui.alert : ui.notice}
      role="status"
      data-testid="event-banner"
      data-status={event.statusName}
    >
      {text}
    </p>
  );
}

export function EventPage({
  event,
  jsonLd,
  signedIn,
  done,
  refused,
  attendance,
  reviews,
}: {
  event: EventDetailData;
  jsonLd: unknown;
  signedIn: boolean;
  done: "created" | "saved" | "reported" | null;
  refused: FormReply | null;
  /** Helper "attend": the attend/absent forms and the attendees list (issue 29 item 1). */
  attendance?: ReactNode;
  /** Helper "attend": the event's reviews and the link to write one (issue 29 item 2). */
  reviews?: ReactNode;
}) {
  const { t } = useTranslation("event");
  const lang = useLang();
  const to = useLocalePath();
  const price = usePriceText();
  const organizer = event.organizer;
  return (
    <main className={ui.page}>
      {jsonLd ? <JsonLd data={jsonLd} /> : null}
      <article className={ui.stack} data-testid="event" data-event-id={event.id}>
        {done ? (
          <p className={ui.notice} role="status" data-testid="event-done">
            {t(`event.detail.done_${done}`)}
          </p>
        ) : null}
        {/* Just submitted: the notice above already says it waits for the team. */}
        {done === "created" || done === "saved" ? null : <StatusBanner event={event} />}
        <p className={ui.muted} style={{ margin: 0 }}>
          {t(`event.categories.${event.category}`)}
        </p>
        <h1 style={{ margin: 0 }}>{event.title}</h1>
        {event.viewer.isOrganizer ? (
          <p className={ui.row}>
            {event.viewer.mayEdit ? (
              <Link className={ui.linkButton} to={eventPaths.edit(lang, event.category, event.slug)} data-testid="event-edit">
                {t("event.detail.edit")}
              </Link>
            ) : null}
            {event.viewer.mayCancel ? (
              <Link className={ui.linkButton} to={`${eventPaths.mine(lang)}?cancel=${event.id}`} data-testid="event-cancel">
                {t("event.detail.cancel")}
              </Link>
            ) : null}
            <Link className={ui.linkButton} to={eventPaths.mine(lang)}>
              {t("event.detail.my_events")}
            </Link>
          </p>
        ) : null}
        {event.cover ? (
          <Picture
            image={event.cover}
            alt={t("event.detail.cover_alt", { title: event.title })}
            sizes="(min-width: 1120px) 1120px, 100vw"
            width={event.cover.width}
            height={event.cover.height}
            className={css.cover}
            priority
          />
        ) : null}
        <dl className={`${ui.card} ${css.facts}`}>
          <dt className={css.factLabel}>{t("event.detail.when")}</dt>
          <dd className={css.factValue} data-testid="event-when">
            {eventTimeRange(event.startsLocal, event.endsLocal, lang)}
            <br />
            <span className={ui.muted}>{t("event.detail.zone", { zone: eventZoneName(event.timeZone, event.startsAt, lang) })}</span>
          </dd>
          <dt className={css.factLabel}>{t("event.detail.where")}</dt>
          <dd className={css.factValue} data-testid="event-where">
            {event.place.address ? `${event.place.address}, ` : ""}
            {event.place.cityName} ({event.place.countryCode})
          </dd>
          <dt className={css.factLabel}>{t("event.detail.price")}</dt>
          <dd className={css.factValue} data-testid="event-price">
            {event.price === 0 ? t("event.detail.free") : price({ amount: event.price * 100, currency: "EUR" })}
          </dd>
          <dt className={css.factLabel}>{t("event.detail.organizer")}</dt>
          <dd className={css.factValue}>
            <Link to={to(`p/${encodeURIComponent(organizer.username)}`)} data-testid="event-organizer">
              {organizer.displayName}
            </Link>
          </dd>
        </dl>
        <p className={ui.muted} style={{ margin: 0 }} data-testid="event-attendees">
          {t("event.detail.attendees", { count: event.attendeeCount })}
          {event.maxAttendees ? ` · ${t("event.detail.max_attendees", { count: event.maxAttendees })}` : ""}
        </p>
        <section className={ui.stack}>
          <h2 className={ui.sectionTitle}>{t("event.detail.about")}</h2>
          <p style={{ whiteSpace: "pre-line", margin: 0 }} data-testid="event-description">
            {event.description}
          </p>
        </section>
        {/* ── Helper "attend" (issue 29 item 1): attendance — attend/absent, the organizer's decisions, attendees. ── */}
        <div className={css.slot} data-slot="event-attendance">
          {attendance}
        </div>
        {/* ── Helper "attend" (issue 29 item 2): the event's reviews and events/{category}/{slug}/reviews/add. ── */}
        <div className={css.slot} data-slot="event-reviews">
          {reviews}
        </div>
        {signedIn && !event.viewer.isOrganizer ? (
          <details open={refused !== null}>
            <summary className={ui.linkButton}>{t("event.detail.report")}</summary>
            <Form method="post" className={ui.stack} noValidate>
              <input type="hidden" name="intent" value="report" />
              <FormErrors errors={refused ? errorsBesides(refused, REPORT_FORM_FIELDS) : []} />
              <ReportFields kind="event" values={refused?.input ?? {}} errors={(field) => refused?.fieldErrors[field]} rows={3} />
              <p>
                <button type="submit" className={ui.buttonSecondary} data-testid="event-report-submit">
                  {t("event.detail.report_submit")}
                </button>
              </p>
            </Form>
          </details>
        ) : null}
      </article>
    </main>
  );
}
