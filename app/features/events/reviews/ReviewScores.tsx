/** The averages of event reviews (per aspect, overall, yes shares): the event's section and the organizer's summary. */
import { useTranslation } from "react-i18next";
import { EVENT_REVIEW_QUESTIONS, EVENT_REVIEW_RATINGS } from "#server/contract/events-reviews";
import type { EventReviewListData } from "~/api/events-reviews.server";
import { useNumbers } from "~/utils/numbers";
import * as css from "./event-reviews.css";

export function ReviewScores({ summary }: { summary: EventReviewListData["summary"] }) {
  const { t } = useTranslation();
  const numbers = useNumbers();
  return (
    <>
      <p className={css.overall} data-testid="event-reviews-overall">
        {t("events_reviews.overall", { value: numbers.oneDecimal(summary.overall ?? 0), count: summary.count })}
      </p>
      <ul className={css.scores}>
        {EVENT_REVIEW_RATINGS.map((rating) => (
          <li key={rating} style={{ display: "contents" }}>
            <span>{t(`events_reviews.ratings.${rating}`)}</span>
            <span className={css.scoreValue}>{numbers.oneDecimal(summary.averages[rating] ?? 0)} / 5</span>
          </li>
        ))}
        {EVENT_REVIEW_QUESTIONS.map((question) => (
          <li key={question} style={{ display: "contents" }}>
            <span>{t(`events_reviews.questions.${question}`)}</span>
            <span className={css.scoreValue}>
              {t("events_reviews.yes_percent", { value: numbers.integer(summary.yes_percent[question] ?? 0) })}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
