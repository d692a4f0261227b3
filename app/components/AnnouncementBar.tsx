/**
 * Announcements in the bar at the top (spec section 7 "GET announcement list with lang", ADR 044): one line each,
 * most severe first, each with a "dismiss" form that works without JavaScript (remembered for the member, or in
 * a cookie for guests) and returns to the page it was posted from.
 */
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AnnouncementListData } from "~/api/notifications.server";
import { useLocalePath } from "~/i18n/lang";
import * as css from "./notifications.css";

export function AnnouncementBar({ announcements }: { announcements: AnnouncementListData["items"] }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const location = useLocation();
  if (announcements.length === 0) return null;
  return (
    <div className={css.announcements} data-testid="announcements">
      {announcements.map((item) => (
        <section
          key={item.id}
          aria-label={t("bell.announcement")}
          className={[
            css.announcement,
            item.severity === "warning" ? css.announcementWarning : "",
            item.severity === "critical" ? css.announcementCritical : "",
          ].join(" ")}
          data-testid="announcement"
        >
          <div className={css.announcementInner}>
            <p className={css.announcementText} role={item.severity === "critical" ? "alert" : undefined}>
              {item.title ? <strong>{item.title} </strong> : null}
              {item.url ? <Link to={to(item.url)}>{item.text}</Link> : item.text}
            </p>
            <Form method="post" action={to("announcements/dismiss")} reloadDocument>
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="r" value={location.pathname + location.search} />
              <button type="submit" className={css.dismiss} aria-label={t("bell.dismiss")} title={t("bell.dismiss")}>
                ×
              </button>
            </Form>
          </div>
        </section>
      ))}
    </div>
  );
}
