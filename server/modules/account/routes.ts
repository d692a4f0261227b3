import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { confirmDeletionSchema, deleteAccountSchema, type SelfServiceStatus } from "../../contract/settings";
import { accountState, cancelDeletion, confirmDeletion, requestDeletion, setAccountStatus } from "./service";

const STATUS_ROUTES: Array<{ path: string; status: SelfServiceStatus; summary: string }> = [
  {
    path: "/user/pause",
    status: "paused",
    summary: "Pauses the account: the profile leaves search, the directory and its page until the member resumes.",
  },
  {
    path: "/user/deactivate",
    status: "deactivated",
    summary: "Deactivates the account: hidden like a pause, and every other session ends. Resumable after signing in.",
  },
  { path: "/user/resume", status: "active", summary: "Resumes a paused or deactivated account: the profile is listed again." },
];

/** The user group's pause, deactivate and delete (spec section 7), for the member's own account. */
export function registerAccount({ v2 }: ModuleContext): void {
  v2.add(
    {
      method: "get",
      path: "/user/account-state",
      response: "AccountState",
      summary: "The account's state (active, paused, deactivated), its membership and a deletion waiting for its link.",
      tag: "user",
      auth: "required",
    },
    async (c, { user }) => ok(c, await accountState(c.get("deps"), user!.id)),
  );
  for (const route of STATUS_ROUTES) {
    v2.add(
      { method: "post", path: route.path, summary: route.summary, tag: "user", auth: "required", response: "AccountState" },
      async (c, { user }) => ok(c, await setAccountStatus(c.get("deps"), user!.id, user!.tokenId, route.status)),
    );
  }
  v2.add(
    {
      method: "post",
      path: "/user/delete",
      response: "AccountState",
      summary:
        "Asks to delete the account, confirmed by the current password: a link goes to the account's address (24 hours). Nothing is deleted before the link is opened. 400 exception.settings.current_password_wrong, 429 after 5 wrong passwords in 15 minutes.",
      tag: "user",
      auth: "required",
      body: deleteAccountSchema,
      statuses: [400, 401, 429],
    },
    async (c, { body, user }) =>
      ok(c, await requestDeletion(c.get("deps"), user!.id, body.current_password, c.get("lang")), { status: 202 }),
  );
  v2.add(
    {
      method: "delete",
      path: "/user/delete",
      summary: "Withdraws a deletion that waits for its link.",
      tag: "user",
      auth: "required",
      response: "AccountState",
    },
    async (c, { user }) => ok(c, await cancelDeletion(c.get("deps"), user!.id)),
  );
  v2.add(
    {
      method: "post",
      path: "/user/delete/confirm",
      response: "AccountDeleted",
      summary:
        "Opens the deletion link: the account is deleted now (profile, photos, texts, settings, sessions; an anonymous tombstone stays). A signed-in caller must own it (403).",
      tag: "user",
      auth: "optional",
      body: confirmDeletionSchema,
      statuses: [400, 403],
    },
    async (c, { body, user }) => ok(c, await confirmDeletion(c.get("deps"), body.token, user?.id ?? null)),
  );
}
