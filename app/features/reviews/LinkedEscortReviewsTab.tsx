/**
 * A business's p/{username}/reviews: the published reviews of the escorts it lists (accepted links), newest first,
 * each under the escort's name linked to her profile, with plain previous/next links. The business's own reviews are
 * on p/{username}/business_reviews (ReceivedReviewsTab).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { ProfileDetail } from "~/api/profiles.server";
import type { LinkedEscortReviewListData } from "~/api/reviews.server";
import { PageLinks } from "~/components/PageLinks";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { ReviewCard } from "./ReviewCard";

export function LinkedEscortReviewsTab({
  profile,
  reviews,
  lang,
}: {
  profile: ProfileDetail;
  reviews: LinkedEscortReviewListData;
  lang: Language;
}) {
  const { t } = useTranslation("reviews");
  const { t: tProfile } = useTranslation("profile");
  const base = localePath(lang, `p/${profile.username}/reviews`);
  const pages = Math.max(1, Math.ceil(reviews.total / reviews.pageSize));
  return (
    <section className={ui.stack} aria-labelledby="tab-heading" data-testid="tab-reviews">
      <h2 id="tab-heading">{tProfile("profile.tabs.reviews")}</h2>
      <p className={ui.muted}>
        {t("reviews.escorts.intro", { name: profile.displayName })}{" "}
        <Link to={localePath(lang, `p/${profile.username}/business_reviews`)}>{t("reviews.escorts.own_link")}</Link>
      </p>
      {reviews.total === 0 ? (
        <p data-testid="escort-reviews-empty">{t("reviews.escorts.empty", { name: profile.displayName })}</p>
      ) : (
        <ul className={ui.plainList}>
          {reviews.items.map((review) => (
            <li key={review.id} className={ui.card} data-testid="escort-review">
              <p style={{ marginTop: 0 }}>
                {t("reviews.escorts.about")}{" "}
                <Link to={localePath(lang, `p/${review.escort.username}`)} data-testid="escort-review-escort">
                  {review.escort.displayName}
                </Link>
              </p>
              <ReviewCard
                review={review}
                lang={lang}
                heading={review.author ? t("reviews.tab.by", { name: review.author.displayName }) : t("reviews.tab.former_member")}
                reviewedName={review.escort.displayName}
                profileUsername={profile.username}
              />
            </li>
          ))}
        </ul>
      )}
      <PageLinks page={reviews.page} pages={pages} hrefOf={(page) => (page === 1 ? base : `${base}?page=${page}`)} />
    </section>
  );
}
