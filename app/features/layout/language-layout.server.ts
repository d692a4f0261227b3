/**
 * The loader of the language layout ($lang): every page lives under a required language segment, and the layout
 * loads what the chrome shows on every page (the viewer, once per request; the announcements; the search link).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { requiredRedirect } from "~/api/destination.server";
import { loadViewer, loadViewerShell } from "~/api/viewer.server";
import { loadAnnouncements } from "~/features/notifications/announcements.server";
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
  // A member's viewer and announcements come in one API call, shared with the page's loaders (ADR 148).
  const [viewer, shell] = await Promise.all([loadViewer(request, context), loadViewerShell(request, context)]);
  const announcements = shell ? shell.announcements : await loadAnnouncements(request, context, params.lang);
  // A signed-in user with an open duty (age check, unfinished registration) goes there first; an unverified
  // e-mail address is none (ADR 024).
  const duty = requiredRedirect(viewer, new URL(request.url).pathname, params.lang);
  if (duty) throw redirect(duty, { headers: privateAnswer() });
  // The header's search link: the saved search of clients and escorts (spec section 2).
  const searchHome = viewer ? searchHomePath(request, searcherOf(viewer)) : null;
  return { lang: params.lang, viewer, searchHome, announcements };
}
