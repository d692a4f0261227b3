import { Link } from "@remix-run/react";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import { mediaFallbackUrl, mediaVariantUrl, type MediaImage, type MediaVariantFormat } from "#server/contract/media";
import type { ProfileDetail } from "~/api/profiles.server";
import { Picture } from "~/components/Picture";
import { localePath } from "~/i18n/lang";
import { MediaTipForm, offersTips } from "~/features/tips/TipForm";
import * as ui from "~/styles/ui.css";
import * as css from "../profile.css";
import { joinHref } from "./links";
import { LockedLightboxCall, LockedThumb, lockedPhotoStyle } from "~/features/creator-media/LockedMedium";

type GalleryItem = ProfileDetail["gallery"][number];

/** The id a photo's larger view answers to (`#photo-12`): links to it open the view without JavaScript. */
export const photoAnchor = (id: number) => `photo-${id}`;

/** A URL as a CSS `url("…")` (quotes, backslashes and line breaks escaped). */
const cssUrl = (url: string) => `url("${url.replace(/["\\\n]/g, (c) => (c === "\n" ? "\\a " : `\\${c}`))}")`;

/** The stored width that fills `min` CSS pixels (the smallest at least that wide, else the largest). */
const widthFor = (image: MediaImage, min: number) => image.widths.find((w) => w >= min) ?? image.widths[image.widths.length - 1]!;

const IMAGE_TYPES: ReadonlyArray<readonly [MediaVariantFormat, string]> = [
  ["avif", "image/avif"],
  ["webp", "image/webp"],
  ["jpeg", "image/jpeg"],
];

/** `image-set()` of the stored formats at the given widths per pixel density: the browser takes the first type it decodes. */
function imageSet(image: MediaImage, byDensity: ReadonlyArray<readonly [number, string]>): string {
  const options = byDensity.flatMap(([width, density]) =>
    IMAGE_TYPES.map(([format, type]) => `${cssUrl(mediaVariantUrl(image, width, format))} type("${type}") ${density}`),
  );
  return `image-set(${options.join(", ")})`;
}

/**
 * A photo's larger view as CSS custom properties that only the open view's stylesheet rule reads
 * (css.lightboxPhoto): a background image is fetched when its element is shown, not before. An <img>
 * would not wait: browsers ignore loading="lazy" when JavaScript is off (the HTML standard's rule against
 * tracking), so every hidden view's full-size photo used to be downloaded with the page (issue 25 item 9).
 * Phones get the 640 px variant at 1x and 1080 px at 2x; wider screens 1080 px; browsers without typed
 * image-set() the JPEG of the plain <img> fallback.
 */
function lightboxPhotoStyle(image: MediaImage): CSSProperties {
  const fallback = cssUrl(mediaFallbackUrl(image));
  if (image.widths.length === 0) return { "--photo": fallback, "--photo-wide": fallback, "--photo-jpeg": fallback } as CSSProperties;
  const phone = widthFor(image, 640);
  const large = widthFor(image, 1080);
  return {
    "--photo": imageSet(image, [
      [phone, "1x"],
      [large, "2x"],
    ]),
    "--photo-wide": imageSet(image, [[large, "1x"]]),
    "--photo-jpeg": fallback,
  } as CSSProperties;
}

/**
 * The gallery: thumbnails that link to a larger view of each photo. The
 * views are :target overlays (no JavaScript; the back button closes them),
 * with previous/next and close links as 44 px tap targets. A view's photo is
 * a background of its open state (lightboxPhotoStyle), so nothing is fetched
 * until a view opens, with JavaScript or without.
 */
export function ProfileGallery({
  gallery,
  name,
  closeTo,
  tipsTo,
  owner,
}: {
  gallery: GalleryItem[];
  name: string;
  closeTo: string;
  /** The profile's owner, for a locked medium's way to buy or subscribe (issue 28). */
  owner?: { lang: Language; username: string };
  /** Where a photo's tip goes (issue 27 item 3): set when the viewer may tip the owner; each view gets its form. */
  tipsTo?: { lang: Language; username: string } | null;
}) {
  const { t } = useTranslation();
  const alt = (i: number) => t("profile.gallery.photo_alt", { name, number: i + 1 });
  return (
    <>
      <ul className={css.gallery}>
        {gallery.map((m, i) => (
          <li key={m.id}>
            <a
              className={css.galleryLink}
              href={`#${photoAnchor(m.id)}`}
              data-testid="gallery-thumb"
              data-locked={m.locked ? m.locked.access : undefined}
            >
              {m.image ? (
                <Picture
                  image={m.image}
                  className={css.galleryImage}
                  alt={alt(i)}
                  sizes="(min-width: 1200px) 220px, (min-width: 768px) 25vw, 33vw"
                  width={m.image.width}
                  height={m.image.height}
                  loading={i < 3 ? "eager" : "lazy"}
                />
              ) : m.locked ? (
                <LockedThumb locked={m.locked} alt={alt(i)} eager={i < 3} />
              ) : null}
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
              <div
                className={css.lightboxPhoto}
                role="img"
                aria-label={alt(i)}
                style={m.image ? lightboxPhotoStyle(m.image) : m.locked ? lockedPhotoStyle(m.locked, cssUrl) : undefined}
                data-testid="photo-large"
              />
              <figcaption className={css.lightboxCaption}>
                {t("profile.gallery.position", { number: i + 1, total: gallery.length })}
              </figcaption>
            </figure>
            {m.locked && owner ? (
              <LockedLightboxCall locked={m.locked} mediumId={m.id} lang={owner.lang} username={owner.username} />
            ) : null}
            {tipsTo && !m.locked ? <MediaTipForm lang={tipsTo.lang} username={tipsTo.username} mediumId={m.id} /> : null}
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
        <ProfileGallery
          gallery={profile.gallery}
          name={profile.displayName}
          closeTo="#gallery-heading"
          tipsTo={signedIn && offersTips(profile) ? { lang, username: profile.username } : null}
          owner={{ lang, username: profile.username }}
        />
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
