/** The profile tabs p/{username}/events and p/{username}/blogs (issue 29 item 5), each with its empty state. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { UserBlogsData, UserEventsData } from "~/api/community.server";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { Pager } from "./SearchParts";
import { BlogTiles, EventTiles } from "./Tiles";

export function ProfileEventsTab({ events, lang, name }: { events: UserEventsData; lang: Language; name: string }) {
  const { t } = useTranslation("community");
  return (
    <section className={ui.stack} aria-labelledby="tab-heading" data-testid="profile-events">
      <h2 id="tab-heading" className={ui.sectionTitle}>
        {t("community.profile.events_upcoming")}
      </h2>
      {events.upcoming.length > 0 ? (
        <EventTiles events={events.upcoming} lang={lang} />
      ) : (
        <p className={ui.card} data-testid="profile-events-empty">
          {t("community.profile.events_empty", { name })} <Link to={localePath(lang, "events")}>{t("community.profile.events_all")}</Link>
        </p>
      )}
      {events.past.length > 0 ? (
        <>
          <h2 className={ui.sectionTitle}>{t("community.profile.events_past")}</h2>
          <EventTiles events={events.past} lang={lang} view="list" />
        </>
      ) : null}
      {events.attending !== null ? (
        <>
          <h2 className={ui.sectionTitle}>{t("community.profile.events_attending")}</h2>
          <p className={ui.muted} style={{ margin: 0 }}>
            {t("community.profile.events_attending_private")}
          </p>
          {events.attending.length > 0 ? (
            <EventTiles events={events.attending} lang={lang} view="list" />
          ) : (
            <p className={ui.card}>{t("community.profile.events_attending_empty")}</p>
          )}
        </>
      ) : null}
    </section>
  );
}

export function ProfileBlogsTab({ posts, lang, name, base }: { posts: UserBlogsData; lang: Language; name: string; base: string }) {
  const { t } = useTranslation("community");
  return (
    <section className={ui.stack} aria-labelledby="tab-heading" data-testid="profile-blogs">
      <h2 id="tab-heading" className={ui.sectionTitle}>
        {t("community.profile.blogs")}
      </h2>
      {posts.items.length > 0 ? (
        <BlogTiles posts={posts.items} lang={lang} view="list" />
      ) : (
        <p className={ui.card} data-testid="profile-blogs-empty">
          {t("community.profile.blogs_empty", { name })} <Link to={localePath(lang, "blogs")}>{t("community.profile.blogs_all")}</Link>
        </p>
      )}
      <Pager base={base} search="" page={posts.page} hasMore={posts.hasMore} />
    </section>
  );
}
