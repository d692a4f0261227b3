/**
 * events/{category}/{slug}/reviews/add: the review form — a rating 1–5 per aspect, yes or no to the two questions and
 * an optional text. A plain form: works without JavaScript; a refused post keeps every choice and shows each error
 * at its group. Someone who may not review (yet) reads why instead.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EVENT_REVIEW_QUESTIONS, EVENT_REVIEW_RATINGS, REVIEW_ANSWERS } from "#server/contract/events-reviews";
import { wallTimeIn } from "#server/contract/calendar";
import type { Language } from "#server/contract/locales";
import { REVIEW_RATING_WORDS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from "#server/contract/reviews";
import type { EventReviewListData } from "~/api/events-reviews.server";
import { FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputTexts, type FormReply } from "~/components/form/reply";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { eventTimeRange } from "../format";
import * as css from "./event-reviews.css";

function ChoiceGroup({
  name,
  legend,
  options,
  value,
  errors,
}: {
  name: string;
  legend: string;
  options: Array<{ value: string; label: string }>;
  value: string | undefined;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation();
  const message = errors?.[0] ? translateMessage(t, errors[0]) : undefined;
  return (
    <fieldset className={css.choiceGroup} aria-describedby={message ? `field-${name}-error` : undefined} data-group={name}>
      <legend className={css.legend}>{legend}</legend>
      <div className={css.choices}>
        {options.map((option) => (
          <label key={option.value} className={css.choice}>
            <input type="radio" name={name} value={option.value} defaultChecked={value === option.value} required />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <ErrorLine name={name} message={message} />
    </fieldset>
  );
}

const FIELDS = [...EVENT_REVIEW_RATINGS, ...EVENT_REVIEW_QUESTIONS, "text"];

export function EventReviewAddPage({
  reviews,
  lang,
  refused,
}: {
  reviews: EventReviewListData;
  lang: Language;
  refused: FormReply | null;
}) {
  const { t } = useTranslation();
  const values = refused ? inputTexts(refused) : {};
  const errors = refused?.fieldErrors ?? {};
  const general = refused ? errorsBesides(refused, FIELDS) : [];
  const eventPage = localePath(lang, `events/${reviews.category}/${reviews.slug}`);
  const textError = errors.text?.[0] ? translateMessage(t, errors.text[0]) : undefined;
  return (
    <main className={ui.narrow}>
      <div className={`${ui.card} ${ui.stack}`}>
        <h1 style={{ margin: 0 }}>{t("events_reviews.form.title", { title: reviews.title })}</h1>
        {/* The wall clock at the event's place, as the event page shows it (not the reader's or the server's zone). */}
        <p className={ui.muted}>
          {eventTimeRange(wallTimeIn(reviews.time_zone, reviews.starts_at), wallTimeIn(reviews.time_zone, reviews.ends_at), lang)}
        </p>
        {!reviews.may_review && !refused ? (
          <>
            <p className={ui.notice} role="status" data-testid="event-review-cannot">
              {t(reviews.reviewed ? "events_reviews.form.reviewed" : "events_reviews.form.cannot")}
            </p>
            <Link className={css.tapLink} to={eventPage}>
              {t("events_reviews.form.to_event")}
            </Link>
          </>
        ) : (
          <Form method="post" className={ui.stack} noValidate data-testid="event-review-form">
            <FormErrors errors={general} />
            {EVENT_REVIEW_RATINGS.map((rating) => (
              <ChoiceGroup
                key={rating}
                name={rating}
                legend={t(`events_reviews.ratings.${rating}`)}
                options={REVIEW_RATING_WORDS.map((word, index) => ({
                  value: String(index + 1),
                  label: `${index + 1} ${t(`events_reviews.rating_words.${word}`)}`,
                }))}
                value={values[rating]}
                errors={errors[rating]}
              />
            ))}
            {EVENT_REVIEW_QUESTIONS.map((question) => (
              <ChoiceGroup
                key={question}
                name={question}
                legend={t(`events_reviews.questions.${question}`)}
                options={REVIEW_ANSWERS.map((answer) => ({ value: answer, label: t(`events_reviews.answers.${answer}`) }))}
                value={values[question]}
                errors={errors[question]}
              />
            ))}
            <div className={ui.field}>
              <label className={ui.label} htmlFor="field-text">
                {t("events_reviews.form.text_label")}
              </label>
              <p id="field-text-hint" className={ui.muted} style={{ margin: 0 }}>
                {t("events_reviews.form.text_hint", { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX })}
              </p>
              <textarea
                id="field-text"
                name="text"
                className={`${ui.input} ${css.textarea}`}
                maxLength={REVIEW_TEXT_MAX}
                defaultValue={values.text ?? ""}
                aria-invalid={textError ? true : undefined}
                aria-describedby={textError ? "field-text-hint field-text-error" : "field-text-hint"}
              />
              <ErrorLine name="text" message={textError} />
            </div>
            <p>
              <button type="submit" className={ui.button}>
                {t("events_reviews.form.submit")}
              </button>
            </p>
          </Form>
        )}
      </div>
    </main>
  );
}
