import { DATE_RECEIVER_TYPES, DATE_SENDER_TYPES } from "#server/contract/dates";
import { Link, NavLink, useRouteLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { LANGUAGE_TAGS, type Language } from "#server/contract/locales";
import { wholeEuros } from "#server/contract/prices";
import { emailVerificationPath } from "#server/contract/email-verification";
import { directoryPath } from "#server/contract/seo";
import { findTraitGroup, TRAIT_GROUPS, traitLabelKey, traitTitleKey } from "#server/contract/traits";
import { USER_TYPE, userTypeName } from "#server/contract/users";
import type { ProfileDetail, RegionBox } from "~/api/profiles.server";
import type { MediaImage } from "#server/contract/media";
import { Picture } from "~/components/Picture";
import { ProfileMemberActions } from "~/features/profile-actions/ProfileMemberActions";
import { GuestReportLink } from "~/features/profile-actions/ReportForms";
import type { ProfileActionRefused } from "~/features/profile-actions/types";
import { localePath } from "~/i18n/lang";
import type { loader as layoutLoader } from "~/routes/$lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate } from "~/utils/dates";
import { priceText } from "~/utils/money";
import { useNumbers } from "~/utils/numbers";
import { withReturnPath } from "~/utils/return-path";
import { photoAnchor, ProfileGallery } from "./ProfileGallery";
import { ProfileInterview, ProfilePreferredDates } from "./ProfileExtras";
import type { InterviewsData, PreferredDatesData } from "~/api/profile-extras.server";
import * as css from "./profile.css";

export const PROFILE_TABS = ["", "reviews", "business_reviews", "events", "blogs"] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The directory category a profile belongs to (its city page links there). */
export function directoryCategoryOf(userType: number): "escort" | "sex-and-erotic" | null {
  if (userType === USER_TYPE.escort) return "escort";
  if (userType === USER_TYPE.business) return "sex-and-erotic";
  return null;
}

/** Where guests go for any profile action: sign-up, then back here. */
export function joinHref(lang: Language, returnPath: string): string {
  return `${localePath(lang, "join/user")}?r=${encodeURIComponent(returnPath)}`;
}

function optionLabel(t: TFunction, groupKey: string, optionId: number): string | null {
  const option = findTraitGroup(groupKey)?.options.find((o) => o.id === optionId);
  return option ? t(traitLabelKey(groupKey, option.key)) : null;
}

function genderLabel(t: TFunction, gender: number | null): string | null {
  if (gender === null) return null;
  const names: Record<number, string> = {
    1: "male",
    2: "female",
    3: "trans",
    6: "female_female",
    7: "couple_female_male",
    8: "trans_female",
    9: "male_male",
    10: "trans_male",
    11: "trans_trans",
  };
  return names[gender] ? t(`traits.gender.${names[gender]}`) : null;
}

export function ProfileHead({
  profile,
  lang,
  tab,
  signedIn,
  refused,
}: {
  profile: ProfileDetail;
  lang: Language;
  tab: ProfileTab;
  signedIn: boolean;
  /** The member action this page refused last (the route's action answer), shown at its form. */
  refused: ProfileActionRefused | null;
}) {
  const { t } = useTranslation();
  const base = localePath(lang, `p/${profile.username}`);
  const selfPath = tab ? `${base}/${tab}` : base;
  const category = directoryCategoryOf(profile.userType);
  const loc = profile.location;
  const cityHref =
    category && loc.countrySlug && loc.region && loc.citySlug
      ? localePath(lang, directoryPath({ category, country: loc.countrySlug, region: loc.region.slug, city: loc.citySlug }))
      : null;
  const showBusinessReviews = profile.userType === USER_TYPE.business;
  return (
    <>
      <header className={css.head}>
        {profile.avatar ? (
          <ProfileAvatar profile={{ ...profile, avatar: profile.avatar }} lang={lang} tab={tab} />
        ) : (
          <div className={css.avatarPlaceholder} aria-hidden="true">
            {profile.displayName.slice(0, 1)}
          </div>
        )}
        <div>
          <h1 className={css.name}>
            {profile.displayName}
            {profile.age !== null ? <span>, {profile.age}</span> : null}
          </h1>
          <p className={ui.muted}>
            {t(`user_types.${userTypeName(profile.userType)}`)}
            {loc.cityName ? " · " : null}
            {loc.cityName ? cityHref ? <Link to={cityHref}>{loc.cityName}</Link> : loc.cityName : null}
          </p>
          <ul className={css.badges} aria-label={t("profile.badges.label")}>
            {profile.badges.plusMember ? <li className={css.badge}>{t("profile.badges.plus")}</li> : null}
            {profile.badges.emailVerified ? <li className={css.badge}>{t("profile.badges.email_verified")}</li> : null}
            {profile.badges.trustLevel.shown ? (
              <li className={css.badge}>
                {t("profile.badges.trust_level", { level: profile.badges.trustLevel.level, max: profile.badges.trustLevel.max })}
              </li>
            ) : null}
            {profile.workHours.availableNow ? <li className={css.badge}>{t("profile.badges.available_now")}</li> : null}
            {profile.badges.safeSex ? (
              <li className={css.badge} data-testid="badge-safe-sex">
                {t("profile.badges.safe_sex")}
              </li>
            ) : null}
          </ul>
        </div>
      </header>
      {profile.texts.status ? <p className={css.text}>{profile.texts.status}</p> : null}
      <ProfileActions profile={profile} lang={lang} signedIn={signedIn} returnPath={selfPath} />
      {signedIn ? <ProfileMemberActions profile={profile} lang={lang} tab={tab} refused={refused} /> : null}
      <nav aria-label={t("profile.tabs.label")}>
        <ul className={css.tabs}>
          {PROFILE_TABS.filter((key) => key !== "business_reviews" || showBusinessReviews).map((key) => (
            <li key={key || "profile"}>
              <NavLink className={css.tab} to={key ? `${base}/${key}` : base} end aria-current={key === tab ? "page" : undefined}>
                {t(`profile.tabs.${key || "profile"}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/**
 * The head's photo. On the profile tab it opens the avatar's larger view
 * (the gallery holds it); on other tabs it leads there.
 */
function ProfileAvatar({ profile, lang, tab }: { profile: ProfileDetail & { avatar: MediaImage }; lang: Language; tab: ProfileTab }) {
  const { t } = useTranslation();
  const image = (
    <Picture
      image={profile.avatar}
      className={css.avatar}
      alt={t("profile.avatar_alt", { name: profile.displayName })}
      sizes="(min-width: 768px) 160px, 96px"
      width={160}
      height={213}
      priority
    />
  );
  const item = profile.gallery.find((m) => m.isAvatar) ?? profile.gallery.find((m) => m.image.path === profile.avatar.path);
  if (!item) return image;
  const anchor = `#${photoAnchor(item.id)}`;
  return (
    <a
      className={css.avatarLink}
      href={tab === "" ? anchor : `${localePath(lang, `p/${profile.username}`)}${anchor}`}
      aria-label={t("profile.avatar_open", { name: profile.displayName })}
      data-testid="avatar-open"
    >
      {image}
    </a>
  );
}

/** Favorite, message, date request: guests get sign-up links (spec section 6); members the features' pages. */
function ProfileActions({
  profile,
  lang,
  signedIn,
  returnPath,
}: {
  profile: ProfileDetail;
  lang: Language;
  signedIn: boolean;
  returnPath: string;
}) {
  const { t } = useTranslation();
  const viewerType = useRouteLoaderData<typeof layoutLoader>("routes/$lang")?.viewer?.profile.userType;
  if (profile.isOwner) {
    return (
      <p>
        <Link className={ui.buttonSecondary} to={localePath(lang, "user")}>
          {t("profile.actions.edit")}
        </Link>
      </p>
    );
  }
  if (!signedIn) {
    const join = joinHref(lang, returnPath);
    return (
      <div className={css.prompt} data-testid="guest-actions">
        <p>{t("profile.actions.guest_prompt", { name: profile.displayName })}</p>
        <div className={ui.row}>
          <Link className={ui.button} to={join} rel="nofollow">
            {t("profile.actions.message")}
          </Link>
          <Link className={ui.buttonSecondary} to={join} rel="nofollow">
            {t("profile.actions.favorite")}
          </Link>
          {profile.userType === USER_TYPE.escort ? (
            <Link className={ui.buttonSecondary} to={join} rel="nofollow">
              {t("profile.actions.date_request")}
            </Link>
          ) : null}
        </div>
        <GuestReportLink lang={lang} username={profile.username} />
      </div>
    );
  }
  if (profile.actions.verifyEmailFirst) {
    // Messaging and date requests wait for a verified address (ADR 024); the verification page leads back here.
    const verify = withReturnPath(localePath(lang, emailVerificationPath(viewerType ?? USER_TYPE.client)), returnPath);
    return (
      <div className={css.prompt} data-testid="verify-email-actions">
        <p>{t("profile.actions.verify_prompt", { name: profile.displayName })}</p>
        <div className={ui.row}>
          <Link className={ui.button} to={verify} rel="nofollow">
            {t("profile.actions.verify_email")}
          </Link>
        </div>
      </div>
    );
  }
  // A client asks an escort or a business for a date (contract/dates); the request page checks the rest.
  const mayAskForDate =
    viewerType !== undefined && DATE_SENDER_TYPES.includes(viewerType) && DATE_RECEIVER_TYPES.includes(profile.userType);
  return (
    <div className={ui.row}>
      {profile.actions.canMessage ? (
        <Link className={ui.button} to={localePath(lang, `messenger/${profile.username}`)} rel="nofollow">
          {t("profile.actions.message")}
        </Link>
      ) : null}
      {mayAskForDate ? (
        <Link
          className={ui.buttonSecondary}
          to={localePath(lang, `my_date/new/${profile.username}`)}
          rel="nofollow"
          data-testid="date-request-link"
        >
          {t("profile.actions.date_request")}
        </Link>
      ) : null}
    </div>
  );
}

// Intl formatters are costly to build (a profile page would build dozens): one per language, made once.
const weekdayFormats = new Map<Language, Intl.DateTimeFormat>();

function durationLabel(t: TFunction, minutes: number): string {
  return minutes % 60 === 0 ? t("profile.prices.hours", { count: minutes / 60 }) : t("profile.prices.minutes", { count: minutes });
}

function weekdayName(lang: Language, day: number): string {
  let format = weekdayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { weekday: "long", timeZone: "UTC" });
    weekdayFormats.set(lang, format);
  }
  // 2024-01-01 was a Monday: ISO day 1.
  return format.format(new Date(Date.UTC(2024, 0, day)));
}

/** Trait groups shown under "characteristics" (languages get their own line; escort_service under services). */
const SERVICE_GROUPS = new Set([
  "escort_service",
  "meeting_option",
  "customer_type",
  "escort_role",
  "company_service",
  "company_room",
  "company_bizarre",
  "environment",
]);

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
  const traitsByGroup = new Map(profile.traits.map((g) => [g.groupKey, g.optionIds]));
  const labelsOf = (group: string) =>
    (traitsByGroup.get(group) ?? []).map((id) => optionLabel(t, group, id)).filter((l): l is string => l !== null);
  const characteristicGroups = TRAIT_GROUPS.filter((g) => !SERVICE_GROUPS.has(g.key) && g.key !== "languages" && traitsByGroup.has(g.key));
  const serviceGroups = TRAIT_GROUPS.filter((g) => SERVICE_GROUPS.has(g.key) && traitsByGroup.has(g.key));
  const a = profile.appearance;
  const measures: Array<[string, string]> = [];
  const gender = genderLabel(t, profile.gender);
  if (gender) measures.push([t("traits.gender._title"), gender]);
  if (a.heightCm !== null) measures.push([t("profile.appearance.height"), t("profile.appearance.cm", { value: a.heightCm })]);
  if (a.weightKg !== null) measures.push([t("profile.appearance.weight"), t("profile.appearance.kg", { value: a.weightKg })]);
  if (a.penisLengthCm !== null)
    measures.push([t("profile.appearance.penis_length"), t("profile.appearance.cm", { value: a.penisLengthCm })]);
  if (a.penisDiameterCm !== null)
    measures.push([t("profile.appearance.penis_diameter"), t("profile.appearance.cm", { value: a.penisDiameterCm })]);
  if (a.isSmoker !== null) measures.push([t("profile.appearance.smoker"), t(a.isSmoker ? "profile.yes" : "profile.no")]);
  if (profile.texts.profession) measures.push([t("profile.about.profession"), profile.texts.profession]);
  const languages = labelsOf("languages");
  const hidden = profile.hiddenMedia;
  const hiddenForMembers = (hidden.loggedIn ?? 0) + (hidden.plusMember ?? 0);
  const returnPath = localePath(lang, `p/${profile.username}`);
  const category = directoryCategoryOf(profile.userType);

  return (
    <>
      <section className={css.section} aria-labelledby="gallery-heading">
        <h2 id="gallery-heading">{t("profile.gallery.title")}</h2>
        {profile.gallery.length > 0 ? (
          <ProfileGallery gallery={profile.gallery} name={profile.displayName} closeTo="#gallery-heading" />
        ) : (
          <p className={ui.muted}>{t("profile.gallery.empty")}</p>
        )}
        {hiddenForMembers > 0 ? (
          <p className={css.prompt}>
            {signedIn
              ? t("profile.gallery.hidden_plus", { count: hiddenForMembers })
              : t("profile.gallery.hidden_guest", { count: hiddenForMembers })}{" "}
            {signedIn ? null : (
              <Link to={joinHref(lang, returnPath)} rel="nofollow">
                {t("profile.gallery.join")}
              </Link>
            )}
          </p>
        ) : null}
        {hidden.fsk18 ? <p className={ui.muted}>{t("profile.gallery.hidden_fsk18", { count: hidden.fsk18 })}</p> : null}
      </section>

      {profile.texts.description || profile.texts.interests ? (
        <section className={css.section} aria-labelledby="about-heading">
          <h2 id="about-heading">{t("profile.about.title")}</h2>
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

      <section className={css.section} aria-labelledby="facts-heading">
        <h2 id="facts-heading">{t("profile.characteristics.title")}</h2>
        {measures.length + characteristicGroups.length + languages.length > 0 ? (
          <dl className={css.facts}>
            {measures.map(([term, value]) => (
              <Fact key={term} term={term} value={value} />
            ))}
            {characteristicGroups.map((g) => (
              <Fact key={g.key} term={t(traitTitleKey(g.key))} value={labelsOf(g.key).join(", ")} />
            ))}
            {languages.length > 0 ? <Fact term={t("traits.languages._title")} value={languages.join(", ")} /> : null}
          </dl>
        ) : (
          <p className={ui.muted}>{t("profile.characteristics.empty")}</p>
        )}
      </section>

      {profile.userType !== USER_TYPE.client ? (
        <section className={css.section} aria-labelledby="services-heading">
          <h2 id="services-heading">{t("profile.services.title")}</h2>
          {serviceGroups.length > 0 ? (
            <dl className={css.facts}>
              {serviceGroups.map((g) => (
                <Fact key={g.key} term={t(traitTitleKey(g.key))} value={labelsOf(g.key).join(", ")} />
              ))}
            </dl>
          ) : (
            <p className={ui.muted}>{t("profile.services.empty")}</p>
          )}
          <h3>{t("profile.prices.title")}</h3>
          {profile.prices.times.length + profile.prices.extras.length > 0 ? (
            <table className={css.table}>
              <tbody>
                {profile.prices.times.map((p) => (
                  <tr key={`t${p.durationMinutes}`}>
                    <th className={css.cell} scope="row">
                      {durationLabel(t, p.durationMinutes)}
                    </th>
                    <td className={css.cell}>{priceText(t, lang, wholeEuros(p.priceEur))}</td>
                  </tr>
                ))}
                {profile.prices.extras.map((p, i) => (
                  <tr key={`e${i}`}>
                    <th className={css.cell} scope="row">
                      {p.name}
                    </th>
                    <td className={css.cell}>+ {priceText(t, lang, wholeEuros(p.priceEur))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className={ui.muted}>{t("profile.prices.empty")}</p>
          )}
          <h3>{t("profile.schedule.title")}</h3>
          {profile.workHours.schedule.length > 0 ? (
            <table className={css.table}>
              <tbody>
                {profile.workHours.schedule.map((s, i) => (
                  <tr key={i}>
                    <th className={css.cell} scope="row">
                      {weekdayName(lang, s.day)}
                    </th>
                    <td className={css.cell}>
                      {t(s.isOverDay ? "profile.schedule.slot_over_day" : "profile.schedule.slot", { from: s.timeFrom, to: s.timeTo })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className={ui.muted}>{t("profile.schedule.empty")}</p>
          )}
          <h3>{t("profile.contact.title")}</h3>
          <p>{t(signedIn ? "profile.contact.rules_member" : "profile.contact.rules_guest")}</p>
        </section>
      ) : null}

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

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className={css.factTerm}>{term}</dt>
      <dd className={css.factValue}>{value}</dd>
    </>
  );
}

/** A tab whose content arrives with a later feature: a real empty state, not a placeholder. */
export function ProfileTabEmpty({ tab, profile, lang }: { tab: Exclude<ProfileTab, "">; profile: ProfileDetail; lang: Language }) {
  const { t } = useTranslation();
  return (
    <section className={css.section} aria-labelledby="tab-heading" data-testid={`tab-${tab}`}>
      <h2 id="tab-heading">{t(`profile.tabs.${tab}`)}</h2>
      <p>{t(`profile.empty.${tab}`, { name: profile.displayName })}</p>
      <Link to={localePath(lang, `p/${profile.username}`)}>{t("profile.empty.back", { name: profile.displayName })}</Link>
    </section>
  );
}

export function MembersOnlyPrompt({ lang, username }: { lang: Language; username: string }) {
  const { t } = useTranslation();
  const returnPath = localePath(lang, `p/${username}`);
  return (
    <main className={ui.narrow}>
      <div className={ui.card} data-testid="members-only">
        <h1>{t("profile.members_only.title")}</h1>
        <p>{t("profile.members_only.text")}</p>
        <div className={ui.row}>
          <Link className={ui.button} to={joinHref(lang, returnPath)} rel="nofollow">
            {t("profile.members_only.join")}
          </Link>
          <Link className={ui.buttonSecondary} to={`${localePath(lang, "login")}?r=${encodeURIComponent(returnPath)}`} rel="nofollow">
            {t("profile.members_only.login")}
          </Link>
        </div>
      </div>
    </main>
  );
}
