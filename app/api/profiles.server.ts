/**
 * The profile page's data: one batch of /profiles/{username}/detail and
 * /regionbox, the username rules of spec section 5 (redirects) and the
 * caching headers. Shared by p/{username} and its tabs.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { profilesOps } from "#server/contract/operations/profiles";
import { isValidProfileUsername } from "#server/contract/validation";
import { localePath } from "~/i18n/lang";
import { readSession } from "~/session/session.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { batchCall, createApiClient, type DataOf } from "./client.server";
import { profileExtrasBatch, type InterviewsData, type PreferredDatesData } from "./profile-extras.server";
import { GUEST_MAX_AGE, guestPage, memberView, noStore } from "~/utils/cache-headers";

/** GET /profiles/{username}/detail as the web tier reads it. */
export type ProfileDetail = DataOf<typeof profilesOps.detail>;

/** GET /profiles/{username}/regionbox: the profile's place and the cities around it. */
export type RegionBox = DataOf<typeof profilesOps.regionbox>;

export type ProfilePageData =
  | {
      kind: "profile";
      lang: Language;
      signedIn: boolean;
      profile: ProfileDetail;
      regionbox: RegionBox;
      /** The interview and an escort's preferred dates (ADR 039); null when not answered (or not an escort). */
      interviews: InterviewsData | null;
      preferredDates: PreferredDatesData | null;
    }
  | { kind: "members_only"; lang: Language; signedIn: false; username: string };

/** Guests share a page for a minute (then revalidate with the ETag); a signed-in viewer's page is theirs alone. */
export function publicPageHeaders(request: Request): Record<string, string> {
  const signedIn = readSession(request, Date.now()).token !== null;
  return signedIn ? memberView() : guestPage(GUEST_MAX_AGE.profile, { revalidate: true, varyCookie: true });
}

/**
 * Spec section 2/5: favicon.ico as a username → /error/500 (a browser asking
 * for an icon relative to the page); any other invalid username →
 * /error/404?reason=username_invalid.
 */
export function checkProfileUsername(lang: Language, username: string): void {
  if (username.toLowerCase() === "favicon.ico") throw redirect(localePath(lang, "error/500"));
  if (username === "" || !isValidProfileUsername(username)) throw redirect(`${localePath(lang, "error/404")}?reason=username_invalid`);
}

export async function loadProfilePage(request: Request, context: AppLoadContext, params: { lang?: string; username?: string }) {
  const lang: Language = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const username = params.username ?? "";
  checkProfileUsername(lang, username);
  const api = createApiClient({ request, context });
  const results = await api.batch({
    detail: batchCall(profilesOps.detail, { params: { username } }),
    regionbox: batchCall(profilesOps.regionbox, { params: { username } }),
    ...profileExtrasBatch(username),
  });
  const headers = publicPageHeaders(request);
  const signedIn = api.session.token !== null;
  if (!results.detail.ok) {
    const { status, errors } = results.detail;
    if (status === 403 && errors.some((e) => e.key === "exception.profile.members_only")) {
      return data({ kind: "members_only", lang, signedIn: false, username } as ProfilePageData, { headers });
    }
    // Unknown, hidden or blocked: the same real 404 page either way.
    if (status === 404) throw await notFoundResponse(request);
    throw new Response(null, { status: status >= 500 && status < 600 ? status : 502, headers: noStore() });
  }
  const regionbox: RegionBox = results.regionbox.ok ? results.regionbox.data : { ...results.detail.data.location, nearbyCities: [] };
  const interviews = results.interviews.ok ? results.interviews.data : null;
  const preferredDates = results.preferredDates.ok ? results.preferredDates.data : null;
  return data({ kind: "profile", lang, signedIn, profile: results.detail.data, regionbox, interviews, preferredDates } as ProfilePageData, {
    headers,
  });
}
