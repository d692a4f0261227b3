import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import type { SelfServiceStatus } from "../../contract/settings";
import { accountOps } from "../../contract/operations/account";
import { accountState, cancelDeletion, confirmDeletion, requestDeletion, setAccountStatus } from "./service";

const STATUS_ROUTES: Array<{ change: keyof typeof accountOps.status; status: SelfServiceStatus; summary: string }> = [
  {
    change: "pause",
    status: "paused",
    summary: "Pauses the account: the profile leaves search, the directory and its page until the member resumes.",
  },
  {
    change: "deactivate",
    status: "deactivated",
    summary: "Deactivates the account: hidden like a pause, and every other session ends. Resumable after signing in.",
  },
  { change: "resume", status: "active", summary: "Resumes a paused or deactivated account: the profile is listed again." },
];

/** The user group's pause, deactivate and delete (spec section 7), for the member's own account. */
export function registerAccount({ v2 }: ModuleContext): void {
  v2.add(
    accountOps.state,
    {
      summary: "The account's state (active, paused, deactivated), its membership and a deletion waiting for its link.",
      tag: "user",
      auth: "required",
    },
    async (c, { user }) => ok(c, await accountState(c.get("deps"), user!.id)),
  );
  for (const route of STATUS_ROUTES) {
    v2.add(accountOps.status[route.change], { summary: route.summary, tag: "user", auth: "required" }, async (c, { user }) =>
      ok(c, await setAccountStatus(c.get("deps"), user!.id, user!.tokenId, route.status)),
    );
  }
  v2.add(
    accountOps.requestDeletion,
    {
      summary:
        "Asks to delete the account, confirmed by the current password: a link goes to the account's address (24 hours). Nothing is deleted before the link is opened. 400 exception.settings.current_password_wrong, 429 after 5 wrong passwords in 15 minutes.",
      tag: "user",
      auth: "required",
      statuses: [400, 401, 429],
    },
    async (c, { body, user }) =>
      ok(c, await requestDeletion(c.get("deps"), user!.id, body.current_password, c.get("lang")), { status: 202 }),
  );
  v2.add(
    accountOps.cancelDeletion,
    {
      summary: "Withdraws a deletion that waits for its link.",
      tag: "user",
      auth: "required",
    },
    async (c, { user }) => ok(c, await cancelDeletion(c.get("deps"), user!.id)),
  );
  v2.add(
    accountOps.confirmDeletion,
    {
      summary:
        "Opens the deletion link: the account is deleted now (profile, photos, texts, settings, sessions; an anonymous tombstone stays). A signed-in caller must own it (403).",
      tag: "user",
      auth: "optional",
      statuses: [400, 403],
    },
    async (c, { body, user }) => ok(c, await confirmDeletion(c.get("deps"), body.token, user?.id ?? null)),
  );
}
