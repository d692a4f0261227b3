import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { ProfileDetail } from "~/api/profiles.server";
import { Picture } from "~/components/Picture";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "../profile.css";
import { joinHref } from "./links";

type GalleryItem = ProfileDetail["gallery"][number];

/** The id a photo's larger view answers to (`#photo-12`): links to it open the view without JavaScript. */
export const photoAnchor = (id: number) => `photo-${id}`;

/**
 * The gallery: thumbnails that link to a larger view of each photo. The
 * views are :target overlays (no JavaScript; the back button closes them),
 * with previous/next and close links as 44 px tap targets. Their images load
 * lazily, so nothing is fetched until a view opens.
 */
export function ProfileGallery({ gallery, name, closeTo }: { gallery: GalleryItem[]; name: string; closeTo: string }) {
  const { t } = useTranslation();
  const alt = (i: number) => t("profile.gallery.photo_alt", { name, number: i + 1 });
  return (
    <>
      <ul className={css.gallery}>
        {gallery.map((m, i) => (
          <li key={m.id}>
            <a className={css.galleryLink} href={`#${photoAnchor(m.id)}`} data-testid="gallery-thumb">
              <Picture
                image={m.image}
                className={css.galleryImage}
                alt={alt(i)}
                sizes="(min-width: 1200px) 220px, (min-width: 768px) 25vw, 33vw"
                width={m.image.width}
                height={m.image.height}
                loading={i < 3 ? "eager" : "lazy"}
              />
            </a>
          </li>
        ))}
      </ul>
      {gallery.map((m, i) => {
        const prev = gallery[i - 1];
        const next = gallery[i + 1];
        return (
          <div key={m.id} id={photoAnchor(m.id)} className={css.lightbox} role="dialog" aria-label={alt(i)} data-testid="photo-view">
            <figure className={css.lightboxFigure}>
              {/* Every stored width: the browser picks the one that fills the screen. */}
              <Picture
                image={m.image}
                className={css.lightboxImage}
                alt={alt(i)}
                sizes="100vw"
                width={m.image.width}
                height={m.image.height}
              />
              <figcaption className={css.lightboxCaption}>
                {t("profile.gallery.position", { number: i + 1, total: gallery.length })}
              </figcaption>
            </figure>
            <nav className={css.lightboxNav} aria-label={t("profile.gallery.title")}>
              {prev ? (
                <a className={css.lightboxLink} href={`#${photoAnchor(prev.id)}`} rel="prev">
                  {t("profile.gallery.previous")}
                </a>
              ) : (
                <span />
              )}
              <a className={css.lightboxLink} href={closeTo} data-testid="photo-close">
                {t("profile.gallery.close")}
              </a>
              {next ? (
                <a className={css.lightboxLink} href={`#${photoAnchor(next.id)}`} rel="next">
                  {t("profile.gallery.next")}
                </a>
              ) : (
                <span />
              )}
            </nav>
          </div>
        );
      })}
    </>
  );
}

/** The gallery's section: the photos the viewer may see and how many more sign-up (or plus) would show. */
export function GallerySection({ profile, lang, signedIn }: { profile: ProfileDetail; lang: Language; signedIn: boolean }) {
  const { t } = useTranslation();
  const hidden = profile.hiddenMedia;
  const hiddenForMembers = (hidden.loggedIn ?? 0) + (hidden.plusMember ?? 0);
  return (
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
            <Link to={joinHref(lang, localePath(lang, `p/${profile.username}`))} rel="nofollow">
              {t("profile.gallery.join")}
            </Link>
          )}
        </p>
      ) : null}
      {hidden.fsk18 ? <p className={ui.muted}>{t("profile.gallery.hidden_fsk18", { count: hidden.fsk18 })}</p> : null}
    </section>
  );
}
