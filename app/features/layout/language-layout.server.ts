/**
 * The loader of the language layout ($lang): every page lives under a required language segment, and the layout
 * loads what the chrome shows on every page (the viewer, once per request; the announcements; the search link).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { requiredRedirect } from "~/api/destination.server";
import { loadViewer, loadViewerShell } from "~/api/viewer.server";
import { dismissedOf, loadAnnouncements } from "~/features/notifications/announcements.server";
import { searcherOf } from "~/features/search/search.server";
import { readSession } from "~/session/session.server";
import { searchHomePath } from "~/session/user-filters.server";
import { privateAnswer } from "~/utils/cache-headers";

/** A path whose first segment is not a supported language is moved under one (cookie, else de). */
export async function loadLanguageLayout({ request, params, context }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang)) {
    const url = new URL(request.url);
    const lang = readSession(request, Date.now()).languageCookie ?? DEFAULT_LANGUAGE;
    throw redirect(`/${lang}${url.pathname}${url.search}`, { headers: { Vary: "Cookie" } });
  }
  // A member's viewer and announcements come in one call (ADR 148); a guest's announcements alone.
  const shell = await loadViewerShell(request, context, params.lang, dismissedOf(request));
  const [viewer, announcements] = shell
    ? [shell.viewer, shell.announcements]
    : await Promise.all([loadViewer(request, context), loadAnnouncements(request, context, params.lang)]);
  // A signed-in user with an open duty (age check, unfinished registration) goes there first; an unverified
  // e-mail address is none (ADR 024).
  const duty = requiredRedirect(viewer, new URL(request.url).pathname, params.lang);
  if (duty) throw redirect(duty, { headers: privateAnswer() });
  // The header's search link: the saved search of clients and escorts (spec section 2).
  const searchHome = viewer ? searchHomePath(request, searcherOf(viewer)) : null;
  return { lang: params.lang, viewer, searchHome, announcements };
}
