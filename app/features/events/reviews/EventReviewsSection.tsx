/**
 * The event page's reviews section (issue 29 item 2, ADR 100): the averages, a page of reviews (newest first) and,
 * for an accepted attendee of an ended event who has not written one, the link to the review form. Self-contained:
 * the event page's loader adds `eventReviewsSectionData(args, slug)` and renders this with it.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EVENT_REVIEW_RATINGS } from "#server/contract/events-reviews";
import type { Language } from "#server/contract/locales";
import { PageLinks } from "~/components/PageLinks";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import type { EventReviewsSectionData } from "./reviews.server";
import { ReviewScores } from "./ReviewScores";
import * as css from "./event-reviews.css";

export function EventReviewsSection({ data, lang }: { data: EventReviewsSectionData; lang: Language }) {
  const { t } = useTranslation();
  const { reviews, written } = data;
  const page = localePath(lang, `events/${reviews.category}/${reviews.slug}`);
  const pages = Math.max(1, Math.ceil(reviews.total / reviews.page_size));
  return (
    <section id="reviews" className={`${ui.card} ${ui.stack}`} aria-labelledby="event-reviews-title" data-testid="event-reviews">
      <h2 id="event-reviews-title" className={ui.sectionTitle} style={{ marginTop: 0 }}>
        {t("events_reviews.title")}
      </h2>
      {written ? (
        <p className={ui.notice} role="status" data-testid="event-review-written">
          {t("events_reviews.written")}
        </p>
      ) : null}
      {reviews.may_review ? (
        <Link className={ui.button} to={`${page}/reviews/add`} data-testid="event-review-add">
          {t("events_reviews.add_link")}
        </Link>
      ) : null}
      {reviews.summary.count === 0 ? (
        <p className={ui.muted} data-testid="event-reviews-empty">
          {t("events_reviews.empty")}
        </p>
      ) : (
        <>
          <ReviewScores summary={reviews.summary} />
          <ul className={ui.plainList}>
            {reviews.items.map((review) => (
              <li key={review.id} className={css.review} data-testid="event-review">
                <strong>
                  {review.author ? (
                    <Link to={localePath(lang, `p/${review.author.username}`)}>{review.author.display_name}</Link>
                  ) : (
                    t("events_reviews.gone")
                  )}
                </strong>
                <span className={ui.muted}>{formatHomeMoment(review.created_at, lang)}</span>
                <span className={ui.muted}>
                  {EVENT_REVIEW_RATINGS.map((rating) => `${t(`events_reviews.ratings.${rating}`)} ${review.ratings[rating]}`).join(" · ")}
                </span>
                <span className={ui.muted}>
                  {t(`events_reviews.answer.would_attend_again_${review.answers.would_attend_again}`)} ·{" "}
                  {t(`events_reviews.answer.will_recommend_${review.answers.will_recommend}`)}
                </span>
                {review.text ? <p className={css.text}>{review.text}</p> : null}
              </li>
            ))}
          </ul>
          <PageLinks page={reviews.page} pages={pages} hrefOf={(n) => `${page}?reviews_page=${n}#reviews`} />
        </>
      )}
    </section>
  );
}
