/**
 * A medium the viewer may see but not open (issue 28, ADR 093): the server's blurred preview with its price or the
 * fans lock, and in its open view the one way to open it — buy it (pay-per-view: the confirmation page) or subscribe
 * (fans-only: the creator's fans offer, contract/creators creatorFansPath). Plain links: no JavaScript needed.
 */
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { creatorMediaPaths } from "#server/contract/creator-media";
import { creatorFansPath } from "#server/contract/creators";
import type { Language } from "#server/contract/locales";
import type { LockedMedium } from "#server/contract/media";
import type { Camelize } from "~/api/camelize";
import { localePath } from "~/i18n/lang";
import * as css from "./creator-media.css";

type Locked = Camelize<LockedMedium>;

/** What opens it, in a few words: "5 dollars" or "For fans". */
export function useLockLabel(locked: Locked): string {
  const { t } = useTranslation("creator-media");
  return locked.access === "ppv" && locked.price !== null
    ? t("creator_media.lock.ppv", { count: locked.price })
    : t("creator_media.lock.fans");
}

export function LockedThumb({ locked, alt, eager }: { locked: Locked; alt: string; eager: boolean }) {
  const label = useLockLabel(locked);
  return (
    <span className={css.lockedTile}>
      <img
        src={locked.preview.path}
        alt={alt}
        width={locked.preview.width}
        height={locked.preview.height}
        className={css.lockedImage}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <span className={css.lockBadge} data-testid="locked-badge">
        {label}
      </span>
    </span>
  );
}

/** The open view's background for a locked medium: its preview (nothing else is fetched). */
export function lockedPhotoStyle(locked: Locked, cssUrl: (url: string) => string): CSSProperties {
  const url = cssUrl(locked.preview.path);
  return { "--photo": url, "--photo-wide": url, "--photo-jpeg": url } as CSSProperties;
}

export function LockedLightboxCall({
  locked,
  mediumId,
  lang,
  username,
}: {
  locked: Locked;
  mediumId: number;
  lang: Language;
  username: string;
}) {
  const { t } = useTranslation("creator-media");
  const ppv = locked.access === "ppv" && locked.price !== null;
  return (
    <div className={css.lockedCall}>
      <p style={{ margin: 0 }}>{ppv ? t("creator_media.lock.ppv_text", { count: locked.price! }) : t("creator_media.lock.fans_text")}</p>
      {ppv ? (
        <a className={css.lockedCallLink} href={creatorMediaPaths.buy(lang, mediumId)} rel="nofollow" data-testid="locked-buy">
          {t("creator_media.lock.buy", { count: locked.price! })}
        </a>
      ) : (
        <a className={css.lockedCallLink} href={localePath(lang, creatorFansPath(username))} rel="nofollow" data-testid="locked-subscribe">
          {t("creator_media.lock.subscribe")}
        </a>
      )}
    </div>
  );
}
