/**
 * The announcement bar's data and its dismiss form (ADR 044). Members' dismissals are stored by the API; a guest's
 * are the ids in one cookie (at most 20, newest kept), sent along as `dismissed`.
 */
import { redirect, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/node";
import * as v from "valibot";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { ANNOUNCEMENTS_DISMISSED_COOKIE } from "#server/contract/shared-cache";
import { createApiClient } from "~/api/client.server";
import { dismissAnnouncement, fetchAnnouncements, type AnnouncementListData } from "~/api/notifications.server";
import { ANNOUNCEMENTS_DISMISSED_MAX, dismissedAnnouncements, loadViewer } from "~/api/viewer.server";
import { serializeCookie } from "~/session/session.server";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, returnPathOf } from "~/utils/forms.server";

const COOKIE = ANNOUNCEMENTS_DISMISSED_COOKIE;
const COOKIE_MAX = ANNOUNCEMENTS_DISMISSED_MAX;
const COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;
const dismissedOf = dismissedAnnouncements;

/** The announcements for this page's header; none when the API cannot answer (the page still renders). */
export async function loadAnnouncements(request: Request, context: AppLoadContext, lang: Language): Promise<AnnouncementListData["items"]> {
  const result = await fetchAnnouncements(createApiClient({ request, context }), lang, dismissedOf(request));
  return result.ok ? result.data.items : [];
}

/** The dismiss button: the announcement's id, and the page to return to (`r`). */
const dismissSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/), v.transform(Number)) });

/** POST /{lang}/announcements/dismiss: id, r (the page to return to). No page of its own: an odd post just goes back. */
export async function submitAnnouncementDismiss({ request, context, params }: ActionFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const submission = await parseForm(request, dismissSchema);
  const back = returnPathOf(submission, lang) ?? `/${lang}`;
  if (submission.status !== "success") throw redirect(back, { headers: privateAnswer() });
  const { id } = submission.value;
  const viewer = await loadViewer(request, context);
  if (viewer) {
    await dismissAnnouncement(createApiClient({ request, context }), id);
    throw redirect(back, { headers: privateAnswer() });
  }
  const ids = [...dismissedOf(request).filter((known) => known !== id), id].slice(-COOKIE_MAX);
  const headers = new Headers(privateAnswer());
  headers.append("Set-Cookie", serializeCookie(COOKIE, ids.join(","), { maxAge: COOKIE_MAX_AGE_S }));
  throw redirect(back, { headers });
}
