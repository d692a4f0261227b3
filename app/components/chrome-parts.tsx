/**
 * The chrome as its islands draw it (ADR 167): the header with the lines under it (announcements, the e-mail notice),
 * and the footer. A chunk of its own: a hydrated page keeps the server's HTML of the chrome and loads this only when
 * the browser must draw the chrome itself (a client-side navigation, a revalidation after a post).
 */
import type { ChromeFootData, ChromeTopData } from "./ChromeIslands";
import { AnnouncementBar } from "./AnnouncementBar";
import { EmailVerificationNotice, SiteFooter, SiteHeader } from "./SiteChrome";

export function ChromeTop({ data }: { data: ChromeTopData }) {
  return (
    <>
      <SiteHeader viewer={data.viewer} searchHome={data.searchHome} />
      <AnnouncementBar announcements={data.announcements} />
      <EmailVerificationNotice viewer={data.viewer} />
    </>
  );
}

export function ChromeFoot(_props: { data: ChromeFootData }) {
  return <SiteFooter />;
}
