/**
 * /{lang}/reviews (G): the newest published date reviews across the platform, each under the reviewed member's name
 * linked to their profile, with plain previous/next links (no JavaScript). The cards are the reviews feature's.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageLinks } from "~/components/PageLinks";
import { ReviewCard } from "~/features/reviews/ReviewCard";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadLatestReviews } from "./latest-reviews.server";

export function LatestReviewsPage() {
  const { lang, reviews, pages } = useLoaderData<typeof loadLatestReviews>();
  const { t } = useTranslation("latest-reviews");
  const { t: tReviews } = useTranslation("reviews");
  const base = localePath(lang, "reviews");
  return (
    <main className={ui.page}>
      <section className={ui.stack} aria-labelledby="latest-reviews-heading" data-testid="latest-reviews">
        <h1 id="latest-reviews-heading" style={{ margin: 0 }}>
          {t("latest_reviews.heading")}
        </h1>
        <p className={ui.muted} style={{ margin: 0 }}>
          {t("latest_reviews.intro")}
        </p>
        {reviews.total === 0 ? (
          <div className={ui.card} data-testid="latest-reviews-empty">
            <p style={{ marginTop: 0 }}>{t("latest_reviews.empty")}</p>
            <p style={{ marginBottom: 0 }}>
              <Link className={ui.buttonSecondary} to={localePath(lang, "escorts")}>
                {t("latest_reviews.empty_link")}
              </Link>
            </p>
          </div>
        ) : (
          <ul className={ui.plainList}>
            {reviews.items.map((review) => (
              <li key={review.id} className={ui.card} data-testid="latest-review">
                <p style={{ marginTop: 0 }}>
                  {t("latest_reviews.about")}{" "}
                  <Link to={localePath(lang, `p/${review.subject.username}`)} data-testid="latest-review-subject">
                    {review.subject.displayName}
                  </Link>
                </p>
                <ReviewCard
                  review={review}
                  lang={lang}
                  heading={
                    review.author ? tReviews("reviews.tab.by", { name: review.author.displayName }) : tReviews("reviews.tab.former_member")
                  }
                  reviewedName={review.subject.displayName}
                  profileUsername={review.subject.username}
                />
              </li>
            ))}
          </ul>
        )}
        <PageLinks page={reviews.page} pages={pages} hrefOf={(page) => (page === 1 ? base : `${base}?page=${page}`)} />
      </section>
    </main>
  );
}
