/** The profile tab itself: gallery, about, interview, facts, services, preferred dates, tours, reviews, nearby cities. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import { directoryPath } from "#server/contract/seo";
import { USER_TYPE } from "#server/contract/users";
import type { InterviewsData, PreferredDatesData } from "~/api/profile-extras.server";
import type { ProfileDetail, RegionBox } from "~/api/profiles.server";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate } from "~/utils/dates";
import { useNumbers } from "~/utils/numbers";
import * as css from "../profile.css";
import { directoryCategoryOf } from "./links";
import { ProfileInterview, ProfilePreferredDates } from "./ProfileExtras";
import { BusinessFactsSection, CharacteristicsSection, ServicesSection } from "./ProfileFacts";
import { GallerySection } from "./ProfileGallery";

export function ProfileOverview({
  profile,
  regionbox,
  lang,
  signedIn,
  interviews = null,
  preferredDates = null,
}: {
  profile: ProfileDetail;
  regionbox: RegionBox;
  lang: Language;
  signedIn: boolean;
  /** The interview and an escort's preferred dates (issue 11, ADR 039). */
  interviews?: InterviewsData | null;
  preferredDates?: PreferredDatesData | null;
}) {
  const { t } = useTranslation();
  const numbers = useNumbers();
  const category = directoryCategoryOf(profile.userType);

  return (
    <>
      <GallerySection profile={profile} lang={lang} signedIn={signedIn} />

      {profile.texts.description || profile.texts.interests ? (
        <section className={css.section} aria-labelledby="about-heading">
          <h2 id="about-heading">{t(profile.business ? "profile.about.title_business" : "profile.about.title")}</h2>
          {profile.texts.description ? <p className={css.text}>{profile.texts.description}</p> : null}
          {profile.texts.interests ? (
            <>
              <h3>{t("profile.about.interests")}</h3>
              <p className={css.text}>{profile.texts.interests}</p>
            </>
          ) : null}
        </section>
      ) : null}

      <ProfileInterview interviews={interviews} />

      {profile.business ? <BusinessFactsSection profile={profile} lang={lang} /> : <CharacteristicsSection profile={profile} />}

      {profile.userType !== USER_TYPE.client ? <ServicesSection profile={profile} lang={lang} signedIn={signedIn} /> : null}

      <ProfilePreferredDates dates={preferredDates} lang={lang} />

      <section className={css.section} aria-labelledby="tours-heading">
        <h2 id="tours-heading">{t("profile.tours.title")}</h2>
        {profile.tours.length === 0 ? (
          <p className={ui.muted}>{t("profile.tours.empty", { name: profile.displayName })}</p>
        ) : (
          <ul data-testid="profile-tours">
            {profile.tours.map((tour) => (
              <li key={`${tour.cityName}-${tour.dateFrom}`}>
                {t(tour.status === "active" ? "profile.tours.stop_active" : "profile.tours.stop_upcoming", {
                  city: tour.cityName,
                  from: formatCalendarDate(tour.dateFrom, lang),
                  to: formatCalendarDate(tour.dateTo, lang),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={css.section} aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">{t("profile.reviews_summary.title")}</h2>
        <p className={ui.muted}>
          {profile.reviews.count === 0
            ? t("profile.reviews_summary.none")
            : t("profile.reviews_summary.count", { count: profile.reviews.count })}
          {profile.reviews.average !== null
            ? ` · ${t("profile.reviews_summary.average", { value: numbers.oneDecimal(profile.reviews.average) })}`
            : null}
        </p>
        {/* A business's own reviews are on business_reviews; its reviews tab lists its escorts'. */}
        <Link to={localePath(lang, `p/${profile.username}/${profile.userType === USER_TYPE.business ? "business_reviews" : "reviews"}`)}>
          {t("profile.reviews_summary.link")}
        </Link>
      </section>

      {category && regionbox.nearbyCities.length > 0 ? (
        <section className={css.section} aria-labelledby="nearby-heading">
          <h2 id="nearby-heading">{t("profile.regionbox.title")}</h2>
          <ul>
            {regionbox.nearbyCities
              .filter((c) => c.countrySlug && c.regionSlug)
              .map((c) => (
                <li key={c.slug}>
                  <Link
                    to={localePath(
                      lang,
                      directoryPath({ category: "sex-and-erotic", country: c.countrySlug!, region: c.regionSlug!, city: c.slug }),
                    )}
                  >
                    {t("profile.regionbox.city", { city: c.name, km: c.distanceKm })}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
