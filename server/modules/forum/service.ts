/**
 * The community forum (issue 32 item 5, ADR 134): DiscourseConnect's provider side — who may sign on and as whom —,
 * the member's forum language, and their notification level per forum category, kept here and pushed to the forum.
 */
import { fail, ApiError, errorItem } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  FORUM_DEFAULT_LEVEL,
  FORUM_ERRORS,
  FORUM_GROUPS,
  FORUM_LOCALES,
  FORUM_NONCE_RETENTION_MS,
  type ForumCategoryLevel,
  type ForumLanguageSaved,
  type ForumNotificationLevel,
  type ForumNotifications,
  type ForumOverview,
  type ForumSignOn,
} from "../../contract/forum";
import { isLanguage, type Language } from "../../contract/locales";
import { variantFileName } from "../../contract/media";
import { discourseApi } from "../../integrations/forum/discourse";
import type { ForumCategory } from "../../integrations/forum/port";
import { returnTargetOn } from "../../lib/return-to";
import { PLUS_COLUMNS, plusRunning } from "../access/index";
import { avatarsOf } from "../media/index";
import { verificationBadgesOf } from "../verification/index";
import { decodePayload, encodePayload, signatureValid } from "./discourse-connect";

function forumUrlOf(deps: ApiDeps): string {
  const url = deps.config.forum.url;
  if (!url) throw fail.notFound(FORUM_ERRORS.off);
  return url;
}

export function forumOverview(deps: ApiDeps): ForumOverview {
  const url = deps.config.forum.url;
  if (!url) return { configured: false, url: null, sign_in_url: null };
  return { configured: true, url: `${url}/`, sign_in_url: `${url}/session/sso?return_path=%2F` };
}

/** The request's signature and payload: 400 unless it is our forum's, with a nonce and a return address on the forum. */
function verifiedRequest(deps: ApiDeps, sso: string, sig: string): { nonce: string; returnUrl: URL } {
  const forumUrl = forumUrlOf(deps);
  if (!signatureValid(deps.config.forum.connectSecret, sso, sig)) throw fail.badRequest(FORUM_ERRORS.badSignature, "sig");
  const fields = decodePayload(sso);
  const nonce = fields?.get("nonce");
  const returnRaw = fields?.get("return_sso_url");
  if (!fields || !nonce || !returnRaw) throw fail.badRequest(FORUM_ERRORS.badPayload, "sso");
  // Signed by our forum, yet only ever answered on the forum itself: a leaked secret must not open a redirect.
  const returnUrl = returnTargetOn(returnRaw, [forumUrl]);
  if (!returnUrl) throw fail.badRequest(FORUM_ERRORS.foreignReturn, "sso");
  return { nonce, returnUrl };
}

/**
 * Answers Discourse's sign-on request for the signed-in member: checks the signature (constant time), the payload and
 * that the nonce was never answered (recorded now, so a replay is refused), then signs the member's fields for
 * return_sso_url. A guest's request is checked but not used: the page sends them to log in and back.
 */
export async function answerForumSignOn(deps: ApiDeps, userId: number | null, sso: string, sig: string): Promise<ForumSignOn> {
  const { nonce, returnUrl } = verifiedRequest(deps, sso, sig);
  if (userId === null) throw fail.unauthorized();
  const now = deps.clock.now();
  const member = await deps.db
    .selectFrom("users")
    .leftJoin("forum_members", "forum_members.user_id", "users.id")
    .select(["users.id", "users.username", "users.email", "users.email_verified_at", "users.user_type", "users.language", ...PLUS_COLUMNS])
    .select("forum_members.language as forum_language")
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!member) throw fail.unauthorized();
  await deps.db.deleteFrom("forum_sso_nonces").where("expires_at", "<", now).execute();
  const inserted = await deps.db
    .insertInto("forum_sso_nonces")
    .values({ nonce, user_id: member.id, used_at: now, expires_at: now + FORUM_NONCE_RETENTION_MS })
    .onConflict((oc) => oc.column("nonce").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw fail.conflict(FORUM_ERRORS.nonceUsed, "sso");

  const [badges, avatars] = await Promise.all([verificationBadgesOf(deps.db, [member.id]), avatarsOf(deps.db, [member.id], ["public"])]);
  const badge = badges.get(member.id);
  const groups: Array<[string, boolean]> = [
    [FORUM_GROUPS.plus, plusRunning(member, now)],
    [FORUM_GROUPS.verified, !!badge && (badge.photos_real || badge.identity_verified)],
  ];
  const language: Language = isLanguage(member.forum_language)
    ? member.forum_language
    : isLanguage(member.language)
      ? member.language
      : "de";
  const fields = new URLSearchParams({
    nonce,
    external_id: String(member.id),
    email: member.email,
    username: member.username,
    name: member.username,
    // An address nobody confirmed is confirmed by the forum itself before the account is used (Discourse maps by e-mail).
    require_activation: member.email_verified_at === null ? "true" : "false",
    add_groups: groups
      .filter(([, member]) => member)
      .map(([group]) => group)
      .join(","),
    remove_groups: groups
      .filter(([, member]) => !member)
      .map(([group]) => group)
      .join(","),
    locale: FORUM_LOCALES[language],
    locale_force_update: "true",
  });
  const avatar = avatars.get(member.id);
  const width = avatar?.widths.filter((w) => w <= 512).at(-1) ?? avatar?.widths[0];
  if (avatar && width !== undefined) fields.set("avatar_url", `${deps.config.publicUrl}${avatar.path}/${variantFileName(width, "webp")}`);
  const answer = encodePayload(deps.config.forum.connectSecret, fields);
  returnUrl.searchParams.set("sso", answer.sso);
  returnUrl.searchParams.set("sig", answer.sig);
  return { url: returnUrl.href };
}

/** The language-change path: the member's forum language, kept (sent with every sign-on) and pushed to the forum. */
export async function saveForumLanguage(deps: ApiDeps, userId: number, language: Language): Promise<ForumLanguageSaved> {
  const forumUrl = forumUrlOf(deps);
  const pushed = await pushed_(deps, (api) => api.setLocale(String(userId), FORUM_LOCALES[language]));
  const now = deps.clock.now();
  await deps.db
    .insertInto("forum_members")
    .values({ user_id: userId, language, pushed: pushed ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ language, pushed: pushed ? 1 : 0, updated_at: now }))
    .execute();
  return { language, url: `${forumUrl}/` };
}

/** Runs a push to the forum's API: true when it went through; false when there is no API key or the forum failed. */
async function pushed_(deps: ApiDeps, push: (api: NonNullable<ReturnType<typeof discourseApi>>) => Promise<void>): Promise<boolean> {
  const api = deps.config.forum.apiKey ? discourseApi(deps.config.forum) : null;
  if (!api) return false;
  try {
    await push(api);
    return true;
  } catch (error) {
    deps.log.warn({ err: String(error) }, "forum API push failed");
    return false;
  }
}

async function forumCategories(deps: ApiDeps): Promise<ForumCategory[] | null> {
  const api = discourseApi(deps.config.forum);
  if (!api) return null;
  try {
    return await api.categories();
  } catch (error) {
    deps.log.warn({ err: String(error) }, "forum categories unreadable");
    return null;
  }
}

/** The member's level per forum category: the forum's categories with the member's saved choice (else the default). */
export async function forumNotifications(deps: ApiDeps, userId: number): Promise<ForumNotifications> {
  if (!deps.config.forum.url) return { configured: false, categories: [], forum_reachable: false, pushed: null };
  const [categories, saved, member] = await Promise.all([
    forumCategories(deps),
    deps.db.selectFrom("forum_category_levels").select(["category_id", "level"]).where("user_id", "=", userId).execute(),
    deps.db.selectFrom("forum_members").select("pushed").where("user_id", "=", userId).executeTakeFirst(),
  ]);
  const levels = new Map(saved.map((row) => [row.category_id, row.level as ForumNotificationLevel]));
  const list: ForumCategoryLevel[] = (categories ?? saved.map((row) => ({ id: row.category_id, name: `#${row.category_id}` }))).map(
    (c) => ({
      category_id: c.id,
      name: c.name,
      level: levels.get(c.id) ?? FORUM_DEFAULT_LEVEL,
    }),
  );
  return {
    configured: true,
    categories: list,
    forum_reachable: categories !== null,
    pushed: member?.pushed == null ? null : member.pushed === 1,
  };
}

/**
 * Saves the member's levels (only categories the forum has) and pushes them to the forum; a failed push keeps the
 * choice here (pushed: false) and the next save sends every level again.
 */
export async function saveForumNotifications(
  deps: ApiDeps,
  userId: number,
  levels: ReadonlyArray<{ category_id: number; level: ForumNotificationLevel }>,
): Promise<ForumNotifications> {
  forumUrlOf(deps);
  const categories = await forumCategories(deps);
  if (!categories) throw new ApiError(503, [errorItem(503, FORUM_ERRORS.unreachable)]);
  const known = new Set(categories.map((c) => c.id));
  const unknown = levels.find((l) => !known.has(l.category_id));
  if (unknown) throw fail.badRequest(FORUM_ERRORS.unknownCategory, "levels");
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    for (const { category_id, level } of levels) {
      await trx
        .insertInto("forum_category_levels")
        .values({ user_id: userId, category_id, level, updated_at: now })
        .onConflict((oc) => oc.columns(["user_id", "category_id"]).doUpdateSet({ level, updated_at: now }))
        .execute();
    }
  });
  const all = await deps.db.selectFrom("forum_category_levels").select(["category_id", "level"]).where("user_id", "=", userId).execute();
  const pushed = await pushed_(deps, (api) =>
    api.setCategoryLevels(
      String(userId),
      all.map((row) => ({ categoryId: row.category_id, level: row.level })),
    ),
  );
  await deps.db
    .insertInto("forum_members")
    .values({ user_id: userId, language: null, pushed: pushed ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ pushed: pushed ? 1 : 0, updated_at: now }))
    .execute();
  return forumNotifications(deps, userId);
}
