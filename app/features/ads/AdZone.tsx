/**
 * One ad zone (ADR 131), rendered on the server: labelled as an ad in the page's language, with a link to why it
 * shows and the ad settings. The box is reserved by width and aspect ratio, so nothing moves when an image or a
 * partner's frame loads. A house ad is a plain link through the counting redirect; a partner ad (only after
 * consent, the API decides) is a sandboxed frame. No zone without a placement: an empty box would only cost room.
 */
import { useTranslation } from "react-i18next";
import type { AdPlacementData } from "~/api/ads.server";
import { localePath, useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./ads.css";

export function AdZone({ placement, pageKey }: { placement: AdPlacementData | null; pageKey: string }) {
  const { t } = useTranslation("ads");
  const lang = useLang();
  if (!placement) return null;
  return (
    <aside
      className={css.zone}
      aria-label={t("ads.zone_label")}
      data-testid="ad-zone"
      data-page-key={pageKey}
      data-source={placement.source}
    >
      <div className={css.head}>
        <span className={css.label}>{t("ads.label")}</span>
        <a className={css.why} href={localePath(lang, "user/ads")} rel="nofollow">
          {t("ads.why")}
        </a>
      </div>
      <div
        className={css.box}
        data-testid="ad-box"
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
    </aside>
  );
}

/** The zone under a page whose layout belongs to another feature: in the page's width, above the footer. */
export function AdSlot({ placement, pageKey }: { placement: AdPlacementData | null; pageKey: string }) {
  if (!placement) return null;
  return (
    <div className={ui.page} style={{ paddingTop: 0 }}>
      <AdZone placement={placement} pageKey={pageKey} />
    </div>
  );
}
