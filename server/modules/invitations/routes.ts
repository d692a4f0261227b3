import * as v from "valibot";
import { ok } from "../../api/router";
import { fail } from "../../api/errors";
import { invitationCodeSchema } from "../../contract/invites";
import { invitationsOps } from "../../contract/operations/invitations";
import type { ModuleContext } from "../../api/module-context";
import { assertTeam } from "../claims/index";
import { checkInvitationCode, createInvitationCode } from "./service";

export function registerInvitations({ v2, deps }: ModuleContext): void {
  v2.add(
    invitationsOps.info,
    {
      summary:
        "Whether an invitation code is usable (404 exception.invitation.invalid_or_expired otherwise); 30 lookups per IP per 10 minutes.",
      tag: "registration",
      auth: "optional",
      statuses: [404, 429],
    },
    async (c) => {
      const parsed = v.safeParse(invitationCodeSchema, c.req.param("code") ?? "");
      if (!parsed.success) throw fail.notFound("exception.invitation.invalid_or_expired");
      return ok(c, await checkInvitationCode(c.get("deps"), parsed.output, c.get("clientIp")));
    },
  );

  v2.add(
    invitationsOps.create,
    {
      summary: "Team only (user types backend 9, team 10): create an invitation code (chosen or random; max_uses and expires_at optional).",
      tag: "registration",
      auth: "required",
      statuses: [201, 403, 409],
    },
    async (c, { body, user }) => {
      assertTeam(user!.userType);
      const code = await createInvitationCode(c.get("deps"), {
        code: body.code,
        createdByUserId: user!.id,
        maxUses: body.max_uses ?? null,
        expiresAt: body.expires_at ?? null,
      });
      return ok(c, { code }, { status: 201 });
    },
  );

  // Dev only (DEV_ROUTES): QA and the e2e suite make their own codes.
  if (deps.config.devRoutes === "off") return;
  v2.add(
    invitationsOps.devCreate,
    {
      summary: "Dev only: create an invitation code (max_uses, expires_in_ms optional).",
      tag: "dev",
      auth: "optional",
      statuses: [201, 409],
    },
    async (c, { body }) => {
      const now = deps.clock.now();
      const code = await createInvitationCode(c.get("deps"), {
        code: body.code,
        maxUses: body.max_uses ?? null,
        expiresAt: body.expires_in_ms === undefined ? null : now + body.expires_in_ms,
      });
      return ok(c, { code }, { status: 201 });
    },
  );
}
