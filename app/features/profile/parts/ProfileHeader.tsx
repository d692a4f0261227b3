/** The profile's header: photo, name and age, type and city, badges. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { MediaImage } from "#server/contract/media";
import { directoryPath } from "#server/contract/seo";
import { userTypeName } from "#server/contract/users";
import type { ProfileDetail } from "~/api/profiles.server";
import { Picture } from "~/components/Picture";
import { VerificationBadgeItems } from "~/features/verification/VerificationBadges";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "../profile.css";
import type { ProfileTab } from "../tabs";
import { directoryCategoryOf } from "./links";
import { photoAnchor } from "./ProfileGallery";

export function ProfileHeader({ profile, lang, tab }: { profile: ProfileDetail; lang: Language; tab: ProfileTab }) {
  const { t } = useTranslation();
  const category = directoryCategoryOf(profile.userType);
  const loc = profile.location;
  const cityHref =
    category && loc.countrySlug && loc.region && loc.citySlug
      ? localePath(lang, directoryPath({ category, country: loc.countrySlug, region: loc.region.slug, city: loc.citySlug }))
      : null;
  return (
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
          {profile.business?.kind === "agency" || profile.business?.kind === "club"
            ? t(`profile.business.kind_${profile.business.kind}`)
            : t(`user_types.${userTypeName(profile.userType)}`)}
          {loc.cityName ? " · " : null}
          {loc.cityName ? cityHref ? <Link to={cityHref}>{loc.cityName}</Link> : loc.cityName : null}
        </p>
        <ul className={css.badges} aria-label={t("profile.badges.label")}>
          {profile.badges.plusMember ? <li className={css.badge}>{t("profile.badges.plus")}</li> : null}
          {profile.badges.emailVerified ? <li className={css.badge}>{t("profile.badges.email_verified")}</li> : null}
          <VerificationBadgeItems
            flags={{
              photosReal: profile.badges.photoVerified,
              identityVerified: profile.badges.identityVerified,
              ageVerified: profile.badges.ageVerified,
              prostschgShown: profile.badges.prostschgShown,
            }}
          />
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
  const item = profile.gallery.find((m) => m.isAvatar) ?? profile.gallery.find((m) => m.image?.path === profile.avatar.path);
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
