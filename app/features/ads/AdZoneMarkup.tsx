/**
 * One ad zone (ADR 131), rendered on the server: labelled as an ad in the page's language, with a link to why it
 * shows and the ad settings. The box is reserved by width and aspect ratio, so nothing moves when an image or a
 * partner's frame loads. A house ad is a plain link through the counting redirect; a partner ad (only after
 * consent, the API decides) is a sandboxed frame. No zone without a placement: an empty box would only cost room.
 *
 * Wide zones (ADR 140 decision 2, ADR 146): a zone asked in two sizes renders two boxes; CSS shows the narrow one
 * below AD_WIDE_MEDIA and the wide one from it. The impression is counted by one 1×1 pixel whose <source> is chosen by
 * the same media query: the browser fetches only the shown box's pixel — lazily (when it nears the viewport) with
 * JavaScript, at once without (HTML lazy-loads only where scripting is on), but never both.
 */
import { useTranslation } from "react-i18next";
import type { AdPlacementData } from "~/api/ads.server";
import type { AdZoneView } from "~/features/ads/ads.server";
import { AD_WIDE_MEDIA } from "~/features/ads/breakpoint";
import { localePath, useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./ads.css";

const NARROW_MEDIA = `not all and ${AD_WIDE_MEDIA}`;
/** A transparent 1×1 GIF inline (the CSP allows data: images): the <picture>'s fallback, never a request. */
const BLANK_PIXEL = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

function AdZone({ zone, pageKey }: { zone: AdZoneView | null; pageKey: string }) {
  const { t } = useTranslation("ads");
  if (!zone || (!zone.placement && !zone.wide)) return null;
  const { placement: narrow, wide } = zone;
  const first = narrow ?? wide!;
  return (
    <aside
      className={narrow ? css.zone : `${css.zone} ${css.zoneWideOnly}`}
      aria-label={t("ads.zone_label")}
      data-testid="ad-zone"
      data-page-key={pageKey}
      data-source={first.source}
    >
      <AdHead />
      {narrow ? <AdBox placement={narrow} className={wide ? css.narrowOnly : undefined} /> : null}
      {wide ? <AdBox placement={wide} className={css.wideOnly} /> : null}
      <SeenPixel narrow={narrow?.seenUrl ?? null} wide={wide ? wide.seenUrl : undefined} />
    </aside>
  );
}

function AdHead() {
  const { t } = useTranslation("ads");
  const lang = useLang();
  return (
    <div className={css.head}>
      <span className={css.label}>{t("ads.label")}</span>
      <a className={css.why} href={localePath(lang, "user/ads")} rel="nofollow">
        {t("ads.why")}
      </a>
    </div>
  );
}

/**
 * The impression pixel. `wide` undefined: the zone has one box, shown at every width. Otherwise each box's pixel is a
 * <source> for its own media query and the <img> itself holds an inline blank image: Chromium now and then also
 * fetched the fallback `src` beside the chosen source (the e2e test caught the narrow pixel on a wide screen), and a
 * fallback that is no request cannot count. A box without a pixel (a partner's frame, counted by the partner) leaves
 * its side without a source, so nothing loads there.
 */
function SeenPixel({ narrow, wide }: { narrow: string | null; wide: string | null | undefined }) {
  const pixel = (src: string) => (
    <img className={css.pixel} src={src} width={1} height={1} alt="" loading="lazy" decoding="async" data-testid="ad-seen" />
  );
  if (wide === undefined) return narrow ? pixel(narrow) : null;
  if (!narrow && !wide) return null;
  return (
    <picture>
      {wide ? <source media={AD_WIDE_MEDIA} srcSet={wide} /> : null}
      {narrow ? <source media={NARROW_MEDIA} srcSet={narrow} /> : null}
      {pixel(BLANK_PIXEL)}
    </picture>
  );
}

function AdBox({ placement, className }: { placement: AdPlacementData; className: string | undefined }) {
  const { t } = useTranslation("ads");
  const lang = useLang();
  return (
    <div
      className={className ? `${css.box} ${className}` : css.box}
      data-testid="ad-box"
      data-size={placement.size}
      style={{ maxWidth: `${placement.width}px`, aspectRatio: `${placement.width} / ${placement.height}` }}
    >
      {placement.source === "partner" && placement.frameSrc ? (
        <iframe
          className={css.frame}
          src={placement.frameSrc}
          title={t("ads.zone_label")}
          width={placement.width}
          height={placement.height}
          loading="lazy"
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        />
      ) : placement.creativeId !== null && placement.imageUrl ? (
        // An image ad (ADR 140): width and height in the tag and the box's aspect ratio reserve its room; zones sit
        // under the page's content, so the image loads lazily. Its alt text is the ad's name for screen readers.
        <a
          className={css.house}
          style={{ padding: 0 }}
          href={localePath(lang, `ads/click/${placement.creativeId}`)}
          rel="sponsored nofollow"
          data-testid="ad-link"
        >
          <img
            className={css.image}
            src={placement.imageUrl}
            width={placement.width}
            height={placement.height}
            alt={placement.alt}
            loading="lazy"
            decoding="async"
            data-testid="ad-image"
          />
        </a>
      ) : placement.creativeId !== null ? (
        <a
          className={css.house}
          href={localePath(lang, `ads/click/${placement.creativeId}`)}
          rel="sponsored nofollow"
          aria-label={placement.alt || undefined}
          data-testid="ad-link"
        >
          <span className={css.headline}>{placement.headline}</span>
          {placement.text ? <span className={css.text}>{placement.text}</span> : null}
        </a>
      ) : null}
    </div>
  );
}

/** The island's part (./AdZone): the zone, or the zone in the page's width under a page whose layout is another feature's. */
export default function AdZoneMarkup({ data, pageKey, slot }: { data: AdZoneView; pageKey: string; slot: boolean }) {
  if (!slot) return <AdZone zone={data} pageKey={pageKey} />;
  return (
    <div className={ui.page} style={{ paddingTop: 0 }}>
      <AdZone zone={data} pageKey={pageKey} />
    </div>
  );
}
