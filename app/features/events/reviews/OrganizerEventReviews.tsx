/**
 * The summary of an organizer's event reviews for their profile (issue 29 item 2, ADR 100): the profile's events tab
 * loads `organizerEventReviewsData(args, username)` and renders this; nothing at all without reviews.
 */
import { useTranslation } from "react-i18next";
import type { EventOrganizerReviewsData } from "~/api/events-reviews.server";
import * as ui from "~/styles/ui.css";
import { ReviewScores } from "./ReviewScores";

export function OrganizerEventReviews({ data }: { data: EventOrganizerReviewsData | null }) {
  const { t } = useTranslation();
  if (!data || data.summary.count === 0) return null;
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="organizer-event-reviews" data-testid="organizer-event-reviews">
      <h2 id="organizer-event-reviews" className={ui.sectionTitle} style={{ marginTop: 0 }}>
        {t("events_reviews.organizer_title", { count: data.events })}
      </h2>
      <ReviewScores summary={data.summary} />
    </section>
  );
}
