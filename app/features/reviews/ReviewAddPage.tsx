/**
 * dating/reviews/add/{dateId}: the review form. One radio group per criterion of the reviewed party (1–5 with their
 * words), the three yes/no questions, punctuality and the text. A plain form: works without JavaScript; a refused
 * post keeps every choice and shows each error at its group.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REVIEW_ANSWERS, REVIEW_PUNCTUALITY, REVIEW_QUESTIONS, REVIEW_RATING_WORDS } from "#server/contract/reviews";
import type { Language } from "#server/contract/locales";
import type { DateReviewsData } from "~/api/reviews.server";
import { FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { allErrors, errorsBesides, inputTexts, type FormReply } from "~/components/form/reply";
import { reviewMoment } from "./ReviewCard";
import { ReviewTextField } from "./ReviewTextField";
import * as css from "./reviews.css";

function ChoiceGroup({
  name,
  legend,
  options,
  value,
  errors,
}: {
  name: string;
  legend: string;
  options: Array<{ value: string; label: string; word?: string }>;
  value: string | undefined;
  errors: string[] | undefined;
}) {
  const { t } = useTranslation();
  const id = `field-${name.replace(/\./g, "-")}`;
  const message = errors?.[0] ? translateMessage(t, errors[0]) : undefined;
  return (
    <fieldset className={css.choiceGroup} aria-describedby={message ? `${id}-error` : undefined} data-group={name}>
      <legend className={css.legend}>{legend}</legend>
      <div className={css.choices}>
        {options.map((option) => (
          <label key={option.value} className={css.choice}>
            <input type="radio" name={name} value={option.value} defaultChecked={value === option.value} required />
            <span>
              {option.label}
              {option.word ? <span className={css.choiceWord}> {option.word}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <ErrorLine id={`${id}-error`} name={name} message={message} />
    </fieldset>
  );
}

export function ReviewAddPage({ reviews, lang, refused }: { reviews: DateReviewsData; lang: Language; refused: FormReply | null }) {
  const { t } = useTranslation("reviews");
  const name = reviews.other.displayName;
  const values = refused ? inputTexts(refused) : {};
  // The ratings come back as one group: ratings.<criterion>.
  const ratings = (refused?.input.ratings ?? {}) as Record<string, unknown>;
  const ratingOf = (criterion: string) => (typeof ratings[criterion] === "string" ? (ratings[criterion] as string) : undefined);
  const errors = refused?.fieldErrors ?? {};
  const shownFields = [
    "ratings",
    ...reviews.criteria.map((criterion) => `ratings.${criterion}`),
    ...REVIEW_QUESTIONS,
    "punctuality",
    "text",
  ];
  const general = refused ? errorsBesides(refused, shownFields) : [];
  const detail = localePath(lang, `dating/reviews/detail/${reviews.dateId}`);
  const windowLine =
    reviews.window === "not_yet"
      ? t("reviews.window.not_yet", { date: reviewMoment(reviews.windowOpensAt, lang) })
      : reviews.window === "open"
        ? t("reviews.window.open", { date: reviewMoment(reviews.windowClosesAt, lang) })
        : t("reviews.window.closed", { date: reviewMoment(reviews.windowClosesAt, lang) });
  return (
    <main className={ui.narrow}>
      <div className={`${ui.card} ${ui.stack}`}>
        <h1 style={{ margin: 0 }}>{t("reviews.form.title", { name })}</h1>
        <p className={ui.muted}>
          {t("reviews.detail.when", { date: reviewMoment(reviews.startsAt, lang) })} · {windowLine}
        </p>
        {!reviews.canReview ? (
          <>
            {/* A form posted as the window closed: the API's reason first. */}
            <FormErrors errors={refused ? allErrors(refused) : []} />
            <p className={ui.notice} role="status" data-testid="review-closed">
              {t("reviews.form.cannot")}
            </p>
            <Link className={css.tapLink} to={detail}>
              {t("reviews.form.to_detail")}
            </Link>
          </>
        ) : (
          <Form method="post" className={ui.stack} noValidate data-testid="review-form">
            <p>{t("reviews.form.intro", { name })}</p>
            <FormErrors errors={general} />
            <input type="hidden" name="criteria" value={reviews.criteria.join(",")} />
            <h2 className={ui.sectionTitle}>{t("reviews.form.ratings_legend")}</h2>
            <p className={ui.muted}>{t("reviews.form.no_bodies")}</p>
            <div className={css.criteria}>
              {reviews.criteria.map((criterion) => (
                <ChoiceGroup
                  key={criterion}
                  name={`ratings.${criterion}`}
                  legend={t(`reviews.criteria.${criterion}`)}
                  options={REVIEW_RATING_WORDS.map((word, index) => ({
                    value: String(index + 1),
                    label: String(index + 1),
                    word: t(`reviews.rating_words.${word}`),
                  }))}
                  value={ratingOf(criterion)}
                  errors={errors[`ratings.${criterion}`] ?? errors.ratings}
                />
              ))}
            </div>
            {REVIEW_QUESTIONS.map((question) => (
              <ChoiceGroup
                key={question}
                name={question}
                legend={t(`reviews.questions.${question}`, { name })}
                options={REVIEW_ANSWERS.map((answer) => ({ value: answer, label: t(`reviews.answers.${answer}`) }))}
                value={values[question]}
                errors={errors[question]}
              />
            ))}
            <ChoiceGroup
              name="punctuality"
              legend={t("reviews.punctuality.label")}
              options={REVIEW_PUNCTUALITY.map((option) => ({ value: option, label: t(`reviews.punctuality.${option}`) }))}
              value={values.punctuality}
              errors={errors.punctuality}
            />
            <ReviewTextField name="text" value={values.text} errors={errors.text} />
            <p>
              <button type="submit" className={ui.button}>
                {t("reviews.form.submit")}
              </button>
            </p>
          </Form>
        )}
      </div>
    </main>
  );
}
