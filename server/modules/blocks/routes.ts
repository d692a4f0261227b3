import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { isValidProfileUsername } from "../../contract/validation";
import { blocksOps } from "../../contract/operations/blocks";
import { blockList, blockMember, unblockMember } from "./service";

/** A name no username can have names nobody: 404 before any lookup. */
function usernameOf(raw: string | undefined): string {
  // The rule of profile addresses, not of sign-up: older accounts have names sign-up no longer allows.
  if (!raw || !isValidProfileUsername(raw)) throw fail.notFound("exception.block.user_not_found");
  return raw;
}

/** The block group (spec section 7): the member's own list, block and unblock by username. */
export function registerBlocks({ v2 }: ModuleContext): void {
  v2.add(
    blocksOps.list,
    {
      summary: "The signed-in member's block list, newest first (at most 500).",
      tag: "block",
      auth: "required",
    },
    async (c, { user }) => ok(c, await blockList(c.get("deps"), user!.id)),
  );
  v2.add(
    blocksOps.block,
    {
      summary:
        "Blocks a member: from now on neither finds, sees or writes to the other. Again: no change. 400 exception.block.self, 404 exception.block.user_not_found, 409 exception.block.limit_reached at 500.",
      tag: "block",
      auth: "required",
      statuses: [400, 404, 409],
    },
    async (c, { user }) => ok(c, await blockMember(c.get("deps"), user!.id, usernameOf(c.req.param("username")))),
  );
  v2.add(
    blocksOps.unblock,
    {
      summary: "Lifts the member's own block of a username (a block the other member set stays).",
      tag: "block",
      auth: "required",
      statuses: [404],
    },
    async (c, { user }) => ok(c, await unblockMember(c.get("deps"), user!.id, usernameOf(c.req.param("username")))),
  );
}
