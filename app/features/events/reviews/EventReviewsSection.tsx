/**
 * The event page's reviews section (issue 29 item 2, ADR 100): the averages, a page of reviews (newest first) and,
 * for an accepted attendee of an ended event who has not written one, the link to the review form. Self-contained:
 * the event page's loader adds `eventReviewsSectionData(args, slug)` and renders this with it.
 */
import { Form, Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { EVENT_REVIEW_RATINGS } from "#server/contract/events-reviews";
import type { Language } from "#server/contract/locales";
import { FormErrors } from "~/components/Field";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import { PageLinks } from "~/components/PageLinks";
import { REPORT_FORM_FIELDS } from "~/features/reports/report-form";
import { ReportFields } from "~/features/reports/ReportFields";
import { translateMessage } from "~/i18n/translate";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import type { EventReviewsSectionData } from "./reviews.server";
import { ReviewScores } from "./ReviewScores";
import * as css from "./event-reviews.css";

export function EventReviewsSection({
  data,
  lang,
  signedIn = false,
  refused = null,
}: {
  data: EventReviewsSectionData;
  lang: Language;
  /** Signed-in members may report a review (ADR 123, kind event_review); the API decides whether they may see it. */
  signedIn?: boolean;
  /** A refused report of one of the reviews: its form opens again with the errors and the input. */
  refused?: FormReply | null;
}) {
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
                {signedIn ? (
                  <ReviewReport
                    reviewId={review.id}
                    refused={refused}
                    label={t("events_reviews.report")}
                    submit={t("events_reviews.report_submit")}
                    tCommon={t}
                  />
                ) : null}
              </li>
            ))}
          </ul>
          <PageLinks page={reviews.page} pages={pages} hrefOf={(n) => `${page}?reviews_page=${n}#reviews`} />
        </>
      )}
    </section>
  );
}

/** One review's report form, a plain post to the event page (intent report_review); opened again when refused. */
function ReviewReport({
  reviewId,
  refused,
  label,
  submit,
  tCommon,
}: {
  reviewId: number;
  refused: FormReply | null;
  label: string;
  submit: string;
  tCommon: TFunction;
}) {
  const mine = refused !== null && String(refused.input.review_id) === String(reviewId) ? refused : null;
  return (
    <details open={mine !== null}>
      <summary className={ui.linkButton}>{label}</summary>
      <Form method="post" className={ui.stack} noValidate data-testid="event-review-report">
        <input type="hidden" name="intent" value="report_review" />
        <input type="hidden" name="review_id" value={reviewId} />
        <FormErrors errors={mine ? errorsBesides(mine, REPORT_FORM_FIELDS).map((key) => translateMessage(tCommon, key)) : []} />
        <ReportFields
          kind="event_review"
          idPrefix={`review-${reviewId}-`}
          values={mine?.input ?? {}}
          errors={(field) => mine?.fieldErrors[field]}
          rows={3}
        />
        <p>
          <button type="submit" className={ui.buttonSecondary}>
            {submit}
          </button>
        </p>
      </Form>
    </details>
  );
}
