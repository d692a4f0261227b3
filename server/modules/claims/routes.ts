/**
 * API group "profile claims" (spec section 7): preview, resend code, verify
 * code, bind password. The invite code from invites/{code} names the claim.
 */
import * as v from "valibot";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { claimInviteCodeSchema } from "../../contract/invites";
import type { claimableProfileSchema } from "../../contract/invites";
import { USER_TYPE } from "../../contract/users";
import { claimsOps } from "../../contract/operations/claims";
import type { ModuleContext } from "../../api/module-context";
import {
  assertTeam,
  bindClaimPassword,
  createClaimableProfile,
  type NewClaimableProfile,
  previewClaim,
  sendClaimCode,
  verifyClaimCode,
} from "./service";

function inviteCodeOf(raw: string | undefined): string {
  const parsed = v.safeParse(claimInviteCodeSchema, raw ?? "");
  if (!parsed.success) throw fail.notFound("exception.claim.not_found");
  return parsed.output;
}

export function registerClaims({ v2, deps }: ModuleContext): void {
  const base = { tag: "profile claims", auth: "optional" as const };

  v2.add(
    claimsOps.preview,
    {
      ...base,
      summary:
        "Preview of a claimable profile: name, city, avatar, masked target, state (new|code_sent|locked|verified). 404 unknown/expired, 409 claimed.",
      statuses: [404, 409],
    },
    async (c) => ok(c, await previewClaim(c.get("deps"), inviteCodeOf(c.req.param("code")))),
  );

  v2.add(
    claimsOps.resendCode,
    {
      ...base,
      summary: "Send a new 6-digit code to the e-mail address or phone on file (10 minutes; 3 per hour, 10 in all).",
      statuses: [404, 409, 429],
    },
    async (c) => ok(c, await sendClaimCode(c.get("deps"), inviteCodeOf(c.req.param("code")), c.get("lang"))),
  );

  v2.add(
    claimsOps.verifyCode,
    {
      ...base,
      summary: "Check the 6-digit code (5 tries); answers the bind_token for the password step (30 minutes).",
      statuses: [404, 409, 429],
    },
    async (c, { body }) => ok(c, await verifyClaimCode(c.get("deps"), inviteCodeOf(c.req.param("code")), body.code)),
  );

  v2.add(
    claimsOps.bindPassword,
    {
      ...base,
      summary:
        "Bind a password with the bind_token: the account turns active and the token pair is answered. Phone claims also give an e-mail address.",
      statuses: [403, 404, 409],
    },
    async (c, { body }) => ok(c, await bindClaimPassword(c.get("deps"), inviteCodeOf(c.req.param("code")), body, c.get("clientIp"))),
  );

  v2.add(
    claimsOps.create,
    {
      summary:
        "Team only (user types backend 9, team 10): pre-create a claimable profile for its owner's e-mail address or phone (E.164); answers the invite code for invites/{code} once.",
      tag: "profile claims",
      auth: "required",
      statuses: [201, 403, 409],
    },
    async (c, { body, user }) => {
      assertTeam(user!.userType);
      return ok(c, await createClaimableProfile(c.get("deps"), claimableInput(body)), { status: 201 });
    },
  );

  // Dev only (DEV_ROUTES): QA and the e2e suite create claimable profiles.
  if (deps.config.devRoutes === "off") return;
  v2.add(
    claimsOps.devCreate,
    {
      summary: "Dev only: create a claimable profile for an e-mail address; answers the invite code.",
      tag: "dev",
      auth: "optional",
      statuses: [201, 409],
    },
    async (c, { body }) =>
      ok(
        c,
        await createClaimableProfile(c.get("deps"), {
          username: body.username,
          displayName: body.display_name,
          cityName: body.city_name,
          targetKind: "email",
          target: body.email,
        }),
        {
          status: 201,
        },
      ),
  );
}

function claimableInput(body: v.InferOutput<typeof claimableProfileSchema>): NewClaimableProfile {
  return {
    username: body.username,
    displayName: body.display_name,
    cityName: body.city_name ?? null,
    userType: body.user_type === "client" ? USER_TYPE.client : USER_TYPE.escort,
    language: body.language,
    ...(body.email ? { targetKind: "email" as const, target: body.email } : { targetKind: "phone" as const, target: body.phone! }),
  };
}
