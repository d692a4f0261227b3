/**
 * The profile page's data: the batch of api/profiles.server.ts, the username rules of spec section 5 (redirects)
 * and the caching headers. Shared by p/{username} and its tabs.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { isValidProfileUsername } from "#server/contract/validation";
import { createApiClient } from "~/api/client.server";
import type { InterviewsData, PreferredDatesData } from "~/api/profile-extras.server";
import { fetchProfilePage, type ContactOutlook, type ProfileDetail, type RegionBox } from "~/api/profiles.server";
import { localePath } from "~/i18n/lang";
import { noStore } from "~/utils/cache-headers";
import { warnedFor } from "~/features/warnings/warnings.server";
import { ROBOTS_HEADER } from "./meta";
import { notFoundResponse } from "~/utils/not-found.server";
import { publicPageHeaders } from "~/utils/page-headers.server";

export type ProfilePageData =
  | {
      kind: "profile";
      lang: Language;
      signedIn: boolean;
      profile: ProfileDetail;
      regionbox: RegionBox;
      /** May the viewer write, which contact rule applies, what instead (ADR 068); null when it could not be read. */
      contact: ContactOutlook | null;
      /** The interview and an escort's preferred dates (ADR 039); null when not answered (or not an escort). */
      interviews: InterviewsData | null;
      preferredDates: PreferredDatesData | null;
      /** The escorts' warning list (ADR 121): true only for an escort viewing a flagged client. */
      warned: boolean;
    }
  | { kind: "members_only"; lang: Language; signedIn: false; username: string }
  /** Its owner paused it (ADR 026): the page says so (200, noindex; ADR 070), nothing more of the profile. */
  | { kind: "paused"; lang: Language; signedIn: boolean; username: string };

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
  const results = await fetchProfilePage(api, username);
  const headers = publicPageHeaders(request);
  const signedIn = api.session.token !== null;
  if (!results.detail.ok) {
    const { status, errors } = results.detail;
    if (status === 403 && errors.some((e) => e.key === "exception.profile.members_only")) {
      return data({ kind: "members_only", lang, signedIn: false, username } as ProfilePageData, { headers });
    }
    // A paused profile is not gone: 200 with the page that says so, kept out of search engines (X-Robots-Tag and
    // the meta robots tag) while it is paused; when it resumes, the same address is the profile again (ADR 070).
    if (status === 403 && errors.some((e) => e.key === "exception.profile.paused")) {
      return data({ kind: "paused", lang, signedIn, username } as ProfilePageData, { headers: { ...headers, [ROBOTS_HEADER]: "noindex" } });
    }
    // Unknown, hidden or blocked: the same real 404 page either way.
    if (status === 404) throw await notFoundResponse(request);
    throw new Response(null, { status: status >= 500 && status < 600 ? status : 502, headers: noStore() });
  }
  const regionbox: RegionBox = results.regionbox.ok ? results.regionbox.data : { ...results.detail.data.location, nearbyCities: [] };
  const contact = results.contact.ok ? results.contact.data : null;
  const interviews = results.interviews.ok ? results.interviews.data : null;
  const preferredDates = results.preferredDates.ok ? results.preferredDates.data : null;
  const warned = await warnedFor(api, results.detail.data);
  return data(
    {
      kind: "profile",
      lang,
      signedIn,
      profile: results.detail.data,
      regionbox,
      contact,
      interviews,
      preferredDates,
      warned,
    } as ProfilePageData,
    {
      headers,
    },
  );
}
