import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { requiredRedirect } from "~/api/destination.server";
import { AnnouncementBar } from "~/components/AnnouncementBar";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { EmailVerificationNotice, SiteFooter, SiteHeader } from "~/components/SiteChrome";
import { searcherOf } from "~/search/search.server";
import { loadViewer } from "~/api/viewer.server";
import { loadAnnouncements } from "~/features/notifications/announcements.server";
import { RealtimeConnector } from "~/features/realtime/RealtimeConnector";
import { readSession } from "~/session/session.server";
import { searchHomePath } from "~/session/user-filters.server";
import { privateAnswer } from "~/utils/cache-headers";

/** The popups of realtime notifications (ADR 044): a static file, no framework, for signed-in members only. */
const NOTIFICATIONS_SCRIPT = "/scripts/notifications.js";

export type LayoutKind = "full" | "no-footer" | "bare";

/**
 * Every page lives under a required language segment. A path whose first
 * segment is not a supported language is moved under one (cookie, else de).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang)) {
    const url = new URL(request.url);
    const lang = readSession(request, Date.now()).languageCookie ?? DEFAULT_LANGUAGE;
    throw redirect(`/${lang}${url.pathname}${url.search}`, { headers: { Vary: "Cookie" } });
  }
  const [viewer, announcements] = await Promise.all([loadViewer(request, context), loadAnnouncements(request, context, params.lang)]);
  // A signed-in user with an open duty (age check, unfinished registration) goes there first; an unverified
  // e-mail address is none (ADR 024).
  const duty = requiredRedirect(viewer, new URL(request.url).pathname, params.lang);
  if (duty) throw redirect(duty, { headers: privateAnswer() });
  // The header's search link: the saved search of clients and escorts (spec section 2).
  const searchHome = viewer ? searchHomePath(request, searcherOf(viewer)) : null;
  return { lang: params.lang, viewer, searchHome, announcements };
}

function useLayoutKind(): LayoutKind {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const kind = (matches[i]?.handle as { layout?: LayoutKind } | undefined)?.layout;
    if (kind) return kind;
  }
  return "full";
}

export default function LanguageLayout() {
  const { viewer, searchHome, announcements } = useLoaderData<typeof loader>();
  const kind = useLayoutKind();
  return (
    <>
      {kind !== "bare" ? <SiteHeader viewer={viewer} searchHome={searchHome} /> : null}
      {kind !== "bare" ? <AnnouncementBar announcements={announcements} /> : null}
      {kind !== "bare" ? <EmailVerificationNotice viewer={viewer} /> : null}
      {viewer ? <script src={NOTIFICATIONS_SCRIPT} defer /> : null}
      {viewer ? <RealtimeConnector /> : null}
      <div id="main-content">
        <Outlet />
      </div>
      {kind === "full" ? <SiteFooter /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
