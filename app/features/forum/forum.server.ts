/**
 * The community forum's pages (spec section 2 "community/* (embedded forum, G)", section 7 "language-change path with
 * an id query"; issue 32 item 5, ADR 134): the community pages, DiscourseConnect's sign-on address, the language-change
 * path and user/forum_notifications. Every page asks the API server-side.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { FORUM_NOTIFICATION_LEVELS, type ForumNotificationLevel } from "#server/contract/forum";
import * as v from "valibot";
import { isLanguage, SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { DEFAULT_ERROR_KEY } from "#server/contract/errors";
import { createApiClient } from "~/api/client.server";
import {
  answerForumSignOn,
  fetchForumNotifications,
  fetchForumOverview,
  saveForumLanguage,
  saveForumNotifications,
} from "~/api/forum.server";
import { requireViewer } from "~/api/viewer.server";
import { loginAndReturn } from "~/features/helpdesk/helpdesk.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** community/*: the forum's addresses (or none); `path` is the rest of the address, opened on the forum. */
export async function loadCommunity({ request, context }: LoaderFunctionArgs) {
  const overview = await fetchForumOverview(createApiClient({ request, context }));
  if (!overview.ok) throw new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  // The rest of the address after /{lang}/community/, however the route matched it (splat or the deeper routes).
  const rest = new URL(request.url).pathname.split("/").slice(3).join("/");
  const saved = new URL(request.url).searchParams.get("language_saved");
  const forum = overview.data;
  // The sign-on start of Discourse, coming back to the forum page this community address names.
  const openUrl = forum.signInUrl ? forum.signInUrl.replace(/return_path=[^&]*/, `return_path=${encodeURIComponent(`/${rest}`)}`) : null;
  return data(
    {
      title: t("forum.title"),
      description: t("forum.meta_description"),
      configured: forum.configured,
      forumUrl: forum.url,
      openUrl,
      languageSaved: isLanguage(saved) ? saved : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** community/sso: Discourse's discourse_connect_url. Answered for the signed-in member; a guest logs in and comes back. */
export async function loadForumSignOn({ request, context, params }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const result = await answerForumSignOn(createApiClient({ request, context }), search.get("sso") ?? "", search.get("sig") ?? "");
  if (result.ok) throw redirect(result.data.url, { headers: PRIVATE_HEADERS });
  if (result.status === 401) throw loginAndReturn(request, params.lang!);
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("forum.sso_title"), errorKey: result.errors[0]?.title ?? DEFAULT_ERROR_KEY },
    { status: result.status === 404 ? 404 : result.status === 409 ? 409 : 400, headers: PRIVATE_HEADERS },
  );
}

/**
 * Whether a GET of the language-change path may act at once: a link on our forum (same site) or on our own pages.
 * From anywhere else the page asks first, so a foreign page cannot change a member's language behind their back.
 */
function fromOurSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === "same-origin" || site === "same-site";
}

/** community/language?id={lang}: sets the member's forum language and goes back to the forum. */
export async function loadForumLanguage({ request, context, params }: LoaderFunctionArgs) {
  const lang = params.lang!;
  const viewer = await requireViewer(request, context);
  const id = new URL(request.url).searchParams.get("id");
  const t = await i18nServer.getFixedT(request);
  const language = isLanguage(id) ? id : null;
  if (language && fromOurSite(request)) {
    const saved = await saveForumLanguage(createApiClient({ request, context }), language);
    if (saved.ok) throw redirect(saved.data.url, { headers: PRIVATE_HEADERS });
    if (saved.status === 404) throw redirect(`/${lang}/community`, { headers: PRIVATE_HEADERS });
  }
  return data(
    { title: t("forum.language_title"), language, current: viewer.language ?? lang },
    { status: id === null || language ? 200 : 400, headers: PRIVATE_HEADERS },
  );
}

/** The language-change path's form (no JavaScript needed): saved, then our community page says so. */
export async function submitForumLanguage({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, languageFormSchema);
  const id = submission.status === "success" ? submission.value.id : null;
  const t = await i18nServer.getFixedT(request);
  if (!isLanguage(id))
    return data({ title: t("forum.language_title"), errorKey: "validation.invalid" }, { status: 400, headers: PRIVATE_HEADERS });
  const saved = await saveForumLanguage(createApiClient({ request, context }), id);
  if (!saved.ok) {
    return data(
      { title: t("forum.language_title"), errorKey: saved.errors[0]?.title ?? DEFAULT_ERROR_KEY },
      { status: saved.status === 404 ? 404 : 400, headers: PRIVATE_HEADERS },
    );
  }
  // A form's answer stays on our site (form-action 'self'): the community page links on to the forum.
  throw redirect(`/${params.lang}/community?language_saved=${id}`, { headers: PRIVATE_HEADERS });
}

/** user/forum_notifications: the member's level per forum category. */
export async function loadForumNotifications({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const result = await fetchForumNotifications(createApiClient({ request, context }));
  if (!result.ok) throw new Response(null, { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("settings.pages.forum_notifications.title"),
      email: viewer.email,
      emailVerified: viewer.isEmailVerified,
      forum: result.data,
    },
    { headers: PRIVATE_HEADERS },
  );
}

const languageFormSchema = v.object({ id: v.picklist(SUPPORTED_LANGUAGES, "validation.invalid") });
const noFieldsSchema = v.object({});

const LEVEL_VALUES = new Set<number>(Object.values(FORUM_NOTIFICATION_LEVELS));

/** The form's `level_{category id}` selects as the API's body; anything else in the form is ignored. */
function levelsOf(payload: Record<string, unknown>): Array<{ category_id: number; level: ForumNotificationLevel }> | null {
  const levels: Array<{ category_id: number; level: ForumNotificationLevel }> = [];
  for (const [name, value] of Object.entries(payload)) {
    const match = /^level_(\d{1,9})$/.exec(name);
    if (!match) continue;
    const level = Number(value);
    if (typeof value !== "string" || !/^\d$/.test(value) || !LEVEL_VALUES.has(level)) return null;
    levels.push({ category_id: Number(match[1]), level: level as ForumNotificationLevel });
  }
  return levels;
}

export async function submitForumNotifications({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  // The selects' names carry the forum's category ids, unknown before the forum answers: read from the raw payload.
  const levels = levelsOf((await parseForm(request, noFieldsSchema)).payload);
  if (levels === null) return data({ errorKey: "validation.invalid" }, { status: 400, headers: PRIVATE_HEADERS });
  const saved = await saveForumNotifications(createApiClient({ request, context }), levels);
  if (!saved.ok) {
    return data(
      { errorKey: saved.errors[0]?.title ?? DEFAULT_ERROR_KEY },
      { status: saved.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`/${params.lang}/user/forum_notifications?saved=1`, { headers: PRIVATE_HEADERS });
}
