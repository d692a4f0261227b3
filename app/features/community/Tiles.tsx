/** Event and post tiles and list entries: the searches, the profile tabs and the directory's city pages show these. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FindView } from "#server/contract/community";
import type { Language } from "#server/contract/locales";
import type { BlogTileData, EventTileData } from "~/api/community.server";
import { localePath } from "~/i18n/lang";
import * as css from "./community.css";
import { formatCount, formatEuros, formatEventStart, formatPostDate } from "./format";

export function eventPath(lang: Language, event: Pick<EventTileData, "category" | "slug">): string {
  return localePath(lang, `events/${event.category}/${event.slug}`);
}

export function blogPath(lang: Language, post: Pick<BlogTileData, "category" | "slug">): string {
  return localePath(lang, `blogs/${post.category}/${post.slug}`);
}

function EventEntry({ event, lang, view }: { event: EventTileData; lang: Language; view: FindView }) {
  const { t } = useTranslation("community");
  return (
    <li className={view === "list" ? css.listEntry : css.tile} data-testid="event-tile">
      <span className={css.badge}>{t(`community.event_categories.${event.category}`)}</span>
      <h3 className={css.tileTitle}>
        <Link className={css.tileLink} to={eventPath(lang, event)}>
          {event.title}
        </Link>
      </h3>
      <p className={css.meta}>
        <time dateTime={new Date(event.startsAt).toISOString()}>{formatEventStart(event.startsAt, event.timeZone, lang)}</time>
        {" · "}
        {event.cityName}
        {event.distanceKm !== null ? ` · ${t("community.events.distance", { km: formatCount(event.distanceKm, lang) })}` : null}
      </p>
      <p className={css.meta}>
        {event.price === 0 ? t("community.events.free") : formatEuros(event.price, lang)}
        {" · "}
        {t("community.events.attendees", { count: event.attendeeCount, formatted: formatCount(event.attendeeCount, lang) })}
        {event.status === 3 ? ` · ${t("community.events.cancelled")}` : null}
      </p>
      <p className={css.meta}>
        {t("community.events.by")} <Link to={localePath(lang, `p/${event.organizer.username}`)}>{event.organizer.displayName}</Link>
      </p>
    </li>
  );
}

export function EventTiles({ events, lang, view = "tiles" }: { events: EventTileData[]; lang: Language; view?: FindView }) {
  return (
    <ul className={view === "list" ? css.list : css.eventTiles}>
      {events.map((event) => (
        <EventEntry key={event.id} event={event} lang={lang} view={view} />
      ))}
    </ul>
  );
}

function BlogEntry({ post, lang, view }: { post: BlogTileData; lang: Language; view: FindView }) {
  const { t } = useTranslation("community");
  return (
    <li className={view === "list" ? css.listEntry : css.tile} data-testid="blog-tile">
      <span className={css.badge}>{t(`community.blog_categories.${post.category}`)}</span>
      <h3 className={css.tileTitle}>
        <Link className={css.tileLink} to={blogPath(lang, post)}>
          {post.title}
        </Link>
      </h3>
      {view === "tiles" && post.excerpt ? <p style={{ margin: 0 }}>{post.excerpt}</p> : null}
      <p className={css.meta}>
        <Link to={localePath(lang, `p/${post.author.username}`)}>{post.author.displayName}</Link>
        {" · "}
        <time dateTime={new Date(post.publishedAt).toISOString()}>{formatPostDate(post.publishedAt, lang)}</time>
      </p>
      <p className={css.meta}>
        {t("community.blogs.likes", { count: post.likeCount, formatted: formatCount(post.likeCount, lang) })}
        {" · "}
        {t("community.blogs.comments", { count: post.commentCount, formatted: formatCount(post.commentCount, lang) })}
      </p>
    </li>
  );
}

export function BlogTiles({ posts, lang, view = "tiles" }: { posts: BlogTileData[]; lang: Language; view?: FindView }) {
  return (
    <ul className={view === "list" ? css.list : css.blogTiles}>
      {posts.map((post) => (
        <BlogEntry key={post.id} post={post} lang={lang} view={view} />
      ))}
    </ul>
  );
}
