/** backoffice/events: pending events, oldest submission first; accept, or reject with a reason of the moderation list. */
import { StaffQueueFrame, type ItemClaim } from "~/features/backoffice/StaffQueueFrame";
import { RejectReasonField } from "~/features/backoffice/RejectReasonField";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { wallTimeIn } from "#server/contract/calendar";
import { eventPaths } from "#server/contract/events";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { REJECTION_REASONS } from "#server/contract/moderation";
import type { EventQueueData } from "~/api/events.server";
import { FormErrors } from "~/components/Field";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import { eventTimeRange } from "./format";

type QueueItem = EventQueueData["items"][number];

export function BackofficeEventsPage({
  queue,
  done,
  failure,
}: {
  queue: EventQueueData;
  done: "accepted" | "rejected" | null;
  failure: FormReply | null;
}) {
  return (
    <StaffQueueFrame
      feature="event"
      items={queue.items}
      done={done}
      failure={failure}
      renderItem={(item, itemFailure, claim) => <QueueEntry key={item.id} item={item} failure={itemFailure} claim={claim} />}
    />
  );
}

function QueueEntry({ item, failure, claim }: { item: QueueItem; failure: FormReply | null; claim: ItemClaim | null }) {
  const { t, i18n } = useTranslation("event");
  const { t: tModeration } = useTranslation("moderation");
  const price = usePriceText();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const reasonId = `reason-event-${item.id}`;
  return (
    <li className={`${ui.card} ${ui.stack}`} data-testid="event-queue-item" data-event-id={item.id} {...claim?.anchor}>
      {claim?.bar}
      <h2 style={{ margin: 0, fontSize: "1.1rem" }}>{item.title}</h2>
      <p className={ui.muted} style={{ margin: 0 }}>
        {t(`event.categories.${item.category}`)} · {item.organizer.username} ·{" "}
        {t("event.backoffice.submitted", { when: formatHomeMoment(item.submittedAt, lang) })}
      </p>
      <p style={{ margin: 0 }}>
        {eventTimeRange(wallTimeIn(item.timeZone, item.startsAt), wallTimeIn(item.timeZone, item.endsAt), lang)} ({item.timeZone}) ·{" "}
        {item.address ? `${item.address}, ` : ""}
        {item.cityName} · {price({ amount: item.price * 100, currency: "EUR" })}
      </p>
      <p style={{ margin: 0, whiteSpace: "pre-line" }}>{item.description}</p>
      <Link to={eventPaths.detail(lang, item.category, item.slug)}>{t("event.backoffice.open")}</Link>
      {failure ? <FormErrors errors={errorsBesides(failure, ["reason"])} /> : null}
      <div className={ui.row} style={{ alignItems: "flex-start" }}>
        <Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" name="intent" value="accept" className={ui.button} data-testid="event-accept" data-shortcut="a">
            {t("event.backoffice.accept")}
          </button>
        </Form>
        {/* minWidth 0: the long reasons of the select must not widen the phone's page. */}
        <Form method="post" className={ui.stack} style={{ flex: "1 1 240px", minWidth: 0 }}>
          <input type="hidden" name="id" value={item.id} />
          <RejectReasonField
            id={reasonId}
            label={t("event.backoffice.reason")}
            placeholder={t("event.backoffice.choose_reason")}
            reasons={REJECTION_REASONS}
            reasonLabel={(reason) => tModeration(`moderation.reasons.${reason}`)}
            failure={failure}
          />
          <button type="submit" name="intent" value="reject" className={ui.buttonSecondary} data-testid="event-reject">
            {t("event.backoffice.reject")}
          </button>
        </Form>
      </div>
    </li>
  );
}
