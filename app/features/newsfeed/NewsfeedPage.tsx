/**
 * /{lang}/newsfeed (G; issue 28 item 5, ADR 095): the four tabs as links, the items as tiles (an open medium's photo;
 * a locked medium or a bundle as a calm panel with what opening it takes), and a "more" link to the next page — which
 * the lazy-list script (public/scripts/lazy-list.js, shared with favorites) follows as the member scrolls.
 */
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LiveStrip } from "~/features/live/LivePages";
import { LAZY_LOAD_THRESHOLD, NEWSFEED_TABS } from "#server/contract/newsfeed";
import { chartDayOf } from "#server/contract/dashboard";
import type { NewsfeedData } from "~/api/newsfeed.server";
import { TileImage } from "~/components/tiles/TileImage";
import * as tiles from "~/components/tiles/tiles.css";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatDayMonth, formatHomeMoment } from "~/utils/dates";
import { livePaths } from "#server/contract/live";
import { useNumbers } from "~/utils/numbers";
import { returnPathHere, withReturnPath } from "~/utils/return-path";
import * as css from "./newsfeed.css";
import { newsfeedHref, type loadNewsfeed } from "./newsfeed.server";

/** The list's one script: loads the next page as the member scrolls (a static file, no framework). */
const LAZY_LIST_SCRIPT = "/scripts/lazy-list.js";

type Item = NewsfeedData["items"][number];

export function NewsfeedPage() {
  const { lang, tab, cursor, feed, live } = useLoaderData<typeof loadNewsfeed>();
  const { t } = useTranslation("newsfeed");
  const { t: tCommon } = useTranslation("common");
  const location = useLocation();
  return (
    <main className={ui.page}>
      <section className={ui.stack} aria-labelledby="newsfeed-heading" data-testid="newsfeed">
        <h1 id="newsfeed-heading" style={{ margin: 0 }}>
          {t("newsfeed.heading")}
        </h1>
        <nav aria-label={t("newsfeed.tabs_label")}>
          <ul className={ui.tabBar}>
            {NEWSFEED_TABS.map((key) => (
              <li key={key}>
                <Link
                  className={ui.tab}
                  to={newsfeedHref(lang, key)}
                  aria-current={key === tab ? "page" : undefined}
                  data-testid={`newsfeed-tab-${key}`}
                >
                  {t(`newsfeed.tabs.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={ui.muted} style={{ margin: 0 }}>
          {t(`newsfeed.intro.${tab}`)}
        </p>
        {live ? <LiveStrip live={live.live} upcoming={live.upcoming} /> : null}
        {feed.loginRequired ? (
          <div className={`${ui.card} ${ui.stack}`} data-testid="newsfeed-login">
            <p style={{ margin: 0 }}>{t("newsfeed.favorites_login")}</p>
            <p className={ui.row} style={{ margin: 0 }}>
              <Link className={ui.button} to={withReturnPath(localePath(lang, "login"), returnPathHere(location))}>
                {t("newsfeed.login")}
              </Link>
              <Link className={ui.buttonSecondary} to={withReturnPath(localePath(lang, "join/user"), returnPathHere(location))}>
                {t("newsfeed.join")}
              </Link>
            </p>
          </div>
        ) : feed.items.length === 0 ? (
          <div className={`${ui.card} ${ui.stack}`} data-testid="newsfeed-empty">
            <p style={{ margin: 0 }}>{tCommon(feed.empty ?? "exception.newsfeed.no_newsfeed_yet")}</p>
            <p style={{ margin: 0 }}>
              {cursor ? (
                <Link className={ui.buttonSecondary} to={newsfeedHref(lang, tab)}>
                  {t("newsfeed.back_to_start")}
                </Link>
              ) : (
                <Link className={ui.buttonSecondary} to={localePath(lang, "escorts")}>
                  {t("newsfeed.find_profiles")}
                </Link>
              )}
            </p>
          </div>
        ) : (
          // With JavaScript the next page joins this one as the member scrolls; without it, the "more" link pages.
          <div data-lazy-list="" data-threshold-phone={LAZY_LOAD_THRESHOLD.phone} data-threshold-other={LAZY_LOAD_THRESHOLD.other}>
            <ul className={tiles.grid} data-testid="newsfeed-items">
              {feed.items.map((item, index) => (
                <li
                  key={`${item.type}:${item.id}`}
                  data-testid="newsfeed-item"
                  data-item={`${item.type}:${item.id}`}
                  data-locked={item.locked}
                >
                  <FeedTile item={item} lang={lang} eager={!cursor && index < 2} />
                </li>
              ))}
            </ul>
            <nav aria-label={t("newsfeed.more_label")} className={css.more}>
              {feed.nextCursor ? (
                <Link className={ui.buttonSecondary} to={newsfeedHref(lang, tab, feed.nextCursor)} rel="next" data-testid="newsfeed-more">
                  {t("newsfeed.more")}
                </Link>
              ) : null}
            </nav>
            {feed.nextCursor ? <script src={LAZY_LIST_SCRIPT} defer /> : null}
          </div>
        )}
      </section>
    </main>
  );
}

/** One item: the whole tile links to its creator's profile (where the gallery, bundles and fan offer live). */
function FeedTile({ item, lang, eager }: { item: Item; lang: string; eager: boolean }) {
  if (item.type === "live" && item.live) return <LiveTile item={item} live={item.live} lang={lang} />;
  return <ContentTile item={item} lang={lang} eager={eager} />;
}

/**
 * A live stream's item (ADR 137): on air → the watch page; announced → the creator's live tab with the start in the
 * reader's language; ended → its recording when listed to the reader, else the live tab, saying it ended. A stream
 * whose audience does not admit the reader is locked and says what watching takes (the watch page offers it).
 */
function LiveTile({ item, live, lang }: { item: Item; live: NonNullable<Item["live"]>; lang: string }) {
  const { t } = useTranslation("newsfeed");
  const { t: tCommon } = useTranslation("common");
  const numbers = useNumbers();
  const name = item.owner.displayName ?? item.owner.username;
  const target =
    live.state === "live"
      ? livePaths.watch(live.streamId)
      : live.recordingId !== null
        ? `${livePaths.recordings}/${live.recordingId}`
        : livePaths.profileTab(item.owner.username);
  const headline =
    live.state === "scheduled" && live.scheduledAt !== null
      ? t("newsfeed.live.goes_live", { name, when: formatHomeMoment(live.scheduledAt, lang as never) })
      : live.state === "live"
        ? t("newsfeed.live.went_live", { name })
        : live.state === "ended"
          ? t("newsfeed.live.was_live", { name })
          : t("newsfeed.live.cancelled", { name });
  const lockText =
    live.audience === "paid" && item.price !== null
      ? tCommon("money.dollars", { count: item.price, amount: numbers.integer(item.price) })
      : t(`newsfeed.live.locked.${live.audience}`);
  const day = formatDayMonth(chartDayOf(item.publishedAt), lang as never);
  return (
    <Link className={tiles.tile} to={localePath(lang as never, target)}>
      <span className={tiles.media}>
        <span className={css.panel} data-testid="newsfeed-live-item" data-state={live.state}>
          <span className={css.panelContent}>
            <span className={live.state === "live" ? css.liveNow : css.liveState}>{t(`newsfeed.live.state.${live.state}`)}</span>
            <span className={css.panelTitle}>{item.title}</span>
            <span data-testid="newsfeed-live-headline">{headline}</span>
            {item.locked ? (
              <span className={css.price} data-testid="newsfeed-live-locked">
                {lockText}
              </span>
            ) : live.recordingId !== null ? (
              <span>{t("newsfeed.live.recording")}</span>
            ) : null}
          </span>
        </span>
      </span>
      <span className={tiles.body}>
        <span className={tiles.name}>{name}</span>
        <span className={tiles.line}>{t("newsfeed.item.line", { what: t("newsfeed.live.what"), day })}</span>
      </span>
    </Link>
  );
}

/** A medium or a bundle. */
function ContentTile({ item, lang, eager }: { item: Item; lang: string; eager: boolean }) {
  const { t } = useTranslation("newsfeed");
  const { t: tCommon } = useTranslation("common");
  const numbers = useNumbers();
  const name = item.owner.displayName ?? item.owner.username;
  const price = item.price === null ? null : tCommon("money.dollars", { count: item.price, amount: numbers.integer(item.price) });
  const day = formatDayMonth(chartDayOf(item.publishedAt), lang as never);
  const what =
    item.type === "bundle"
      ? t("newsfeed.item.bundle", { count: item.itemCount ?? 0, n: numbers.integer(item.itemCount ?? 0) })
      : t(item.mediaKind === "video" ? "newsfeed.item.video" : "newsfeed.item.photo");
  return (
    <Link className={tiles.tile} to={localePath(lang as never, `p/${item.owner.username}`)}>
      <span className={tiles.media}>
        {item.type === "media" && !item.locked ? (
          <TileImage image={item.image} initial={name.slice(0, 1)} eager={eager} priority={eager} />
        ) : (
          <span
            className={item.preview ? `${css.panel} ${css.withPreview}` : css.panel}
            data-testid={item.type === "bundle" ? "newsfeed-bundle" : "newsfeed-locked"}
          >
            {item.preview ? (
              <img
                className={css.previewImage}
                src={item.preview.path}
                width={item.preview.width}
                height={item.preview.height}
                alt=""
                loading={eager ? "eager" : "lazy"}
                data-testid="newsfeed-preview"
              />
            ) : null}
            <span className={css.panelContent}>
              {item.locked ? (
                // A padlock drawn inline: no emoji font or image file needed.
                <svg className={css.lockMark} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                  <path d="M7 10V7a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
                  <rect x="4.5" y="10" width="15" height="11" rx="2" fill="currentColor" />
                </svg>
              ) : null}
              {item.type === "bundle" ? <span className={css.panelTitle}>{item.title}</span> : null}
              <span>
                {item.type === "bundle"
                  ? item.locked
                    ? t("newsfeed.locked.bundle")
                    : t("newsfeed.open.bundle")
                  : item.access === "fans"
                    ? t("newsfeed.locked.fans")
                    : t("newsfeed.locked.ppv")}
              </span>
              {price && item.locked ? <span className={css.price}>{price}</span> : null}
            </span>
          </span>
        )}
      </span>
      <span className={tiles.body}>
        <span className={tiles.name}>{name}</span>
        <span className={tiles.line}>{t("newsfeed.item.line", { what, day })}</span>
      </span>
    </Link>
  );
}
