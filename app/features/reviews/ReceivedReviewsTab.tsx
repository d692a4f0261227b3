/**
 * p/{username}/reviews and a business's p/{username}/business_reviews: the published reviews a member received, with
 * the averages per criterion of the reviewed party and the share of yes answers, newest first, with plain
 * previous/next links. One component for both tabs.
 */
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { ReviewListData } from "~/api/reviews.server";
import type { ReceivedReviewsTabName } from "./reviews.server";
import type { ProfileDetail } from "~/api/profiles.server";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { useNumbers } from "~/utils/numbers";
import { ReviewCard } from "./ReviewCard";
import * as css from "./reviews.css";
import { PageLinks } from "~/components/PageLinks";

export function ReceivedReviewsTab({
  tab = "reviews",
  profile,
  reviews,
  hidden,
  lang,
}: {
  tab?: ReceivedReviewsTabName;
  profile: ProfileDetail;
  reviews: ReviewListData | null;
  hidden: boolean;
  lang: Language;
}) {
  const { t } = useTranslation("reviews");
  const { t: tProfile } = useTranslation("profile");
  const numbers = useNumbers();
  const base = localePath(lang, `p/${profile.username}/${tab}`);
  const heading = <h2 id="tab-heading">{tProfile(`profile.tabs.${tab}`)}</h2>;
  const empty = <p>{tProfile(`profile.empty.${tab}`, { name: profile.displayName })}</p>;
  if (!reviews) {
    return (
      <section className={ui.stack} aria-labelledby="tab-heading" data-testid={`tab-${tab}`}>
        {heading}
        {hidden ? <p>{t("reviews.tab.hidden", { name: profile.displayName })}</p> : empty}
      </section>
    );
  }
  const pages = Math.max(1, Math.ceil(reviews.total / reviews.pageSize));
  const pageHref = (page: number) => (page === 1 ? base : `${base}?page=${page}`);
  const { summary } = reviews;
  return (
    <section className={ui.stack} aria-labelledby="tab-heading" data-testid={`tab-${tab}`}>
      {heading}
      {reviews.total === 0 ? (
        empty
      ) : (
        <>
          <div className={ui.card} data-testid="reviews-summary">
            <h3 style={{ marginTop: 0 }}>{t("reviews.tab.summary")}</h3>
            <p>
              {t("reviews.tab.count", { count: summary.count })}
              {summary.average !== null ? ` · ${t("reviews.tab.average", { value: numbers.oneDecimal(summary.average) })}` : null}
            </p>
            <ul className={css.scoreList}>
              {summary.criteria.map(({ criterion, average }) => (
                <li key={criterion} style={{ display: "contents" }}>
                  <span>{t(`reviews.criteria.${criterion}`)}</span>
                  <span className={css.scoreValue}>
                    {average === null
                      ? t("reviews.tab.no_value")
                      : t("reviews.tab.criterion_value", { value: numbers.oneDecimal(average) })}
                  </span>
                </li>
              ))}
              {summary.questions.map(({ question, yesPercent }) => (
                <li key={question} style={{ display: "contents" }}>
                  <span>{t(`reviews.question_labels.${question}`)}</span>
                  <span className={css.scoreValue}>
                    {yesPercent === null ? t("reviews.tab.no_value") : t("reviews.tab.yes_percent", { value: yesPercent })}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <ul className={ui.plainList}>
            {reviews.items.map((review) => (
              <li key={review.id} className={ui.card}>
                <ReviewCard
                  review={review}
                  lang={lang}
                  heading={review.author ? t("reviews.tab.by", { name: review.author.displayName }) : t("reviews.tab.former_member")}
                  reviewedName={profile.displayName}
                  profileUsername={profile.username}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <PageLinks page={reviews.page} pages={pages} hrefOf={pageHref} />
    </section>
  );
}
