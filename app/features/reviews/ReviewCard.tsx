/** One review as the reader sees it: ratings per criterion, the answers, punctuality, the text (or its lock) and the answer. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import { ratingWord, REVIEW_CRITERIA, REVIEW_QUESTIONS, type ReviewCriterion } from "#server/contract/reviews";
import type { ReviewItemData } from "~/api/reviews.server";
import { localePath } from "~/i18n/lang";
import { formatCalendarDate, formatHomeMoment, homeDayOf } from "~/utils/dates";
import { useNumbers } from "~/utils/numbers";
import * as css from "./reviews.css";

/** The camelized key of a criterion in `ratings` (the client camelizes every key it reads). */
export function camelKey(criterion: string): string {
  return criterion.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
}

/** A moment as a calendar day and Berlin time in the reader's language (dates are arranged in Germany). */
export function reviewMoment(ms: number, lang: Language, withTime = true): string {
  return withTime ? formatHomeMoment(ms, lang) : formatCalendarDate(homeDayOf(ms), lang);
}

export function ReviewCard({
  review,
  lang,
  heading,
  reviewedName,
  testId,
  profileUsername,
}: {
  review: ReviewItemData;
  lang: Language;
  heading: string;
  /** The reviewed member's name, for the heading of their answer. */
  reviewedName: string;
  testId?: string;
  /** The profile whose tab shows the review: the unlock page leads back there. */
  profileUsername?: string;
}) {
  const { t } = useTranslation("reviews");
  const numbers = useNumbers();
  const ratings = review.ratings as Record<string, number | undefined>;
  const criteria: readonly ReviewCriterion[] = REVIEW_CRITERIA[review.party];
  return (
    <article className={css.review} data-testid={testId} data-review-id={review.id}>
      <div className={css.reviewHead}>
        <h3 style={{ margin: 0, fontSize: "1.05rem" }}>{heading}</h3>
        <span>
          {t("reviews.tab.rated", {
            value: numbers.oneDecimal(review.rating),
            word: t(`reviews.rating_words.${ratingWord(review.rating)}`),
          })}
        </span>
      </div>
      {review.publishedAt !== null ? (
        <p className={css.locked}>{t("reviews.detail.published", { date: reviewMoment(review.publishedAt, lang, false) })}</p>
      ) : null}
      <ul className={css.scoreList}>
        {criteria.map((criterion) => {
          const value = ratings[camelKey(criterion)];
          return (
            <li key={criterion} style={{ display: "contents" }}>
              <span>{t(`reviews.criteria.${criterion}`)}</span>
              <span className={css.scoreValue}>
                {value === undefined ? t("reviews.tab.no_value") : `${value} · ${t(`reviews.rating_words.${ratingWord(value)}`)}`}
              </span>
            </li>
          );
        })}
      </ul>
      <ul className={css.facts}>
        {REVIEW_QUESTIONS.map((question) => (
          <li key={question} className={css.fact}>
            {t(`reviews.question_labels.${question}`)}:{" "}
            {t(`reviews.answers.${review.answers[camelKey(question) as keyof typeof review.answers]}`)}
          </li>
        ))}
        <li className={css.fact}>
          {t("reviews.punctuality.label")}: {t(`reviews.punctuality.${review.punctuality}`)}
        </li>
      </ul>
      {review.textLocked ? (
        <p className={css.locked}>
          {t("reviews.tab.locked")}{" "}
          <Link
            className={css.tapLink}
            to={`${localePath(lang, `dating/reviews/unlock/${review.dateId}`)}${profileUsername ? `?from=${encodeURIComponent(profileUsername)}` : ""}`}
            rel="nofollow"
          >
            {t("reviews.tab.unlock_link")}
          </Link>
        </p>
      ) : (
        <p className={css.text} data-testid="review-text">
          {review.text}
        </p>
      )}
      {review.comment ? (
        <div>
          <p style={{ margin: 0, fontWeight: 600 }}>{t("reviews.tab.answer", { name: reviewedName })}</p>
          <p className={css.answer} data-testid="review-comment">
            {review.comment}
          </p>
        </div>
      ) : null}
    </article>
  );
}
