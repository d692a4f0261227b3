/**
 * dating/reviews/detail/{dateId}: a date's two reviews as one of its members sees them. The other's review stays
 * hidden until both wrote or the window closed (blind reveal); the reviewed member answers once; the other's
 * review can be reported. Plain forms posting to this page.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { DateReviewsData } from "~/api/reviews.server";
import { FormErrors } from "~/components/Field";
import { REPORT_FORM_FIELDS } from "~/features/reports/report-form";
import { ReportFields } from "~/features/reports/ReportFields";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { ReviewCard, reviewMoment } from "./ReviewCard";
import { ReviewTextField } from "./ReviewTextField";
import { allErrors, errorsBesides, inputTexts, type FormReply } from "~/components/form/reply";
import * as css from "./reviews.css";

export function ReviewDetailPage({
  reviews,
  lang,
  done,
  refused,
}: {
  reviews: DateReviewsData;
  lang: Language;
  done: "written" | "commented" | "reported" | null;
  refused: FormReply | null;
}) {
  const { t } = useTranslation("reviews");
  const other = reviews.other.displayName;
  const closes = reviewMoment(reviews.windowClosesAt, lang);
  // Each refusal at its form; one whose form is not on the page (a hand-made post, a review gone meanwhile) on top.
  const commentRefusal = refused?.intent === "comment" && reviews.theirs && reviews.canComment ? refused : null;
  const reportRefusal = refused?.intent === "report" && reviews.theirs ? refused : null;
  return (
    <main className={ui.narrow}>
      <div className={`${ui.card} ${ui.stack}`}>
        <h1 style={{ margin: 0 }}>{t("reviews.detail.title", { name: other })}</h1>
        <p className={ui.muted}>
          {t("reviews.detail.when", { date: reviewMoment(reviews.startsAt, lang) })} ·{" "}
          {reviews.window === "not_yet"
            ? t("reviews.window.not_yet", { date: reviewMoment(reviews.windowOpensAt, lang) })
            : reviews.window === "open"
              ? t("reviews.window.open", { date: closes })
              : t("reviews.window.closed", { date: closes })}
        </p>
        <Link className={css.tapLink} to={localePath(lang, `p/${reviews.other.username}`)}>
          {t("reviews.detail.profile_link", { name: other })}
        </Link>
        {done ? (
          <p className={ui.notice} role="status" data-testid="review-done">
            {done === "written"
              ? t("reviews.detail.done_written")
              : done === "commented"
                ? t("reviews.detail.done_commented")
                : t("reviews.detail.done_reported")}
          </p>
        ) : null}
        <FormErrors errors={refused && !commentRefusal && !reportRefusal ? allErrors(refused) : []} />

        <section className={`${ui.stack} ${css.reviewBlock}`} aria-label={t("reviews.detail.mine")}>
          {reviews.mine ? (
            <ReviewCard review={reviews.mine} lang={lang} heading={t("reviews.detail.mine")} reviewedName={other} testId="review-mine" />
          ) : (
            <>
              <h2 className={ui.sectionTitle}>{t("reviews.detail.mine")}</h2>
              <p>{t("reviews.detail.none_mine")}</p>
              {reviews.canReview ? (
                <p>
                  <Link className={ui.button} to={localePath(lang, `dating/reviews/add/${reviews.dateId}`)}>
                    {t("reviews.detail.write")}
                  </Link>
                </p>
              ) : null}
            </>
          )}
        </section>

        <section className={`${ui.stack} ${css.reviewBlock}`} aria-label={t("reviews.detail.theirs", { name: other })}>
          {reviews.theirs ? (
            <>
              <ReviewCard
                review={reviews.theirs}
                lang={lang}
                heading={t("reviews.detail.theirs", { name: other })}
                reviewedName={other}
                testId="review-theirs"
              />
              {reviews.canComment ? (
                <Form method="post" className={ui.stack} noValidate data-testid="comment-form">
                  <input type="hidden" name="intent" value="comment" />
                  <input type="hidden" name="review_id" value={reviews.theirs.id} />
                  <FormErrors errors={commentRefusal ? errorsBesides(commentRefusal, ["comment"]) : []} />
                  <ReviewTextField
                    name="comment"
                    value={commentRefusal ? inputTexts(commentRefusal).comment : undefined}
                    errors={commentRefusal?.fieldErrors.comment}
                  />
                  <p>
                    <button type="submit" className={ui.button}>
                      {t("reviews.detail.comment_submit")}
                    </button>
                  </p>
                </Form>
              ) : null}
              <details open={reportRefusal !== null}>
                <summary className={css.tapLink}>{t("reviews.detail.report")}</summary>
                <Form method="post" className={ui.stack} noValidate>
                  <input type="hidden" name="intent" value="report" />
                  <input type="hidden" name="review_id" value={reviews.theirs.id} />
                  <FormErrors errors={reportRefusal ? errorsBesides(reportRefusal, REPORT_FORM_FIELDS) : []} />
                  <ReportFields
                    kind="review"
                    values={reportRefusal?.input ?? {}}
                    errors={(field) => reportRefusal?.fieldErrors[field]}
                    rows={3}
                  />
                  <p>
                    <button type="submit" className={ui.buttonSecondary}>
                      {t("reviews.detail.report")}
                    </button>
                  </p>
                </Form>
              </details>
            </>
          ) : (
            <>
              <h2 className={ui.sectionTitle}>{t("reviews.detail.theirs", { name: other })}</h2>
              <p data-testid="review-blind">
                {reviews.window === "closed"
                  ? t("reviews.detail.not_written", { name: other })
                  : reviews.theirsWritten
                    ? t("reviews.detail.blind_written", { name: other, date: closes })
                    : t("reviews.detail.blind_waiting", { name: other, date: closes })}
              </p>
            </>
          )}
        </section>
      </div>
    </main>
  );
}
