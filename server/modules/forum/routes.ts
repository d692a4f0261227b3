import type { ModuleContext } from "../../api/module-context";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { FORUM_NONCE_RETENTION_MS } from "../../contract/forum";
import { forumOps } from "../../contract/operations/forum";
import { answerForumSignOn, forumNotifications, forumOverview, saveForumLanguage, saveForumNotifications } from "./service";

/** The community forum (spec sections 2 and 7 "community/*", "forum_notifications"; ADR 134). */
export function registerForum({ v2 }: ModuleContext): void {
  v2.add(
    forumOps.overview,
    {
      tag: "forum",
      auth: "optional",
      summary:
        "Whether a community forum is configured, its start page and the address that opens it signed in (Discourse's /session/sso).",
    },
    (c) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, forumOverview(c.get("deps")));
    },
  );
  v2.add(
    forumOps.signOn,
    {
      tag: "forum",
      auth: "optional",
      summary: `DiscourseConnect's provider side: verifies sig (HMAC-SHA256 of sso with the shared secret, compared in constant time) and the payload (nonce, return_sso_url on the configured forum), records the nonce (kept ${FORUM_NONCE_RETENTION_MS / 3_600_000} h; a replay is refused with 409) and answers the address that signs the member on: return_sso_url with sso (external_id, email, username, name, avatar_url, add_groups/remove_groups for plus and verified members, require_activation unless the e-mail is confirmed, locale) and its sig. 404 without a forum; 400 for a bad signature or payload; 401 for guests (nothing recorded).`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { query }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await answerForumSignOn(c.get("deps"), c.get("user")?.id ?? null, query.sso, query.sig));
    },
  );
  v2.add(
    forumOps.language,
    {
      tag: "forum",
      auth: "required",
      summary:
        "The community's language-change path: keeps the member's forum language (sent with every sign-on as Discourse's locale) and pushes it to the forum's API where one is configured; answers the forum's address to return to. 404 without a forum.",
      statuses: [400, 404],
    },
    async (c, { body }) => ok(c, await saveForumLanguage(c.get("deps"), c.get("user")!.id, body.language)),
  );
  v2.add(
    forumOps.notifications,
    {
      tag: "forum",
      auth: "required",
      summary:
        "The member's notification level per forum category (Discourse's levels: muted 0, regular 1, tracking 2, watching 3, watching first post 4; regular where none was chosen), the categories read from the forum. configured=false without a forum.",
      statuses: [],
    },
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await forumNotifications(c.get("deps"), c.get("user")!.id));
    },
  );
  v2.add(
    forumOps.saveNotifications,
    {
      tag: "forum",
      auth: "required",
      summary:
        "Saves the member's level per forum category and pushes all their levels to the forum's API (as the member, found by external_id); a failed push keeps the choice (pushed=false). 400 for a category the forum does not have; 404 without a forum; 503 when the forum's category list cannot be read.",
      statuses: [400, 404, 503],
    },
    async (c, { body }) => {
      if (!c.get("deps").config.forum.url) throw fail.notFound("exception.forum.off");
      return ok(c, await saveForumNotifications(c.get("deps"), c.get("user")!.id, body.levels));
    },
  );
}
