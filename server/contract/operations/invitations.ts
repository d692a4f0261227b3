/** The invitations group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import * as v from "valibot";
import { invitationCodeSchema } from "../invites";
import { defineOperation } from "../operation";

/** POST /registration/invitation-codes (team only): a chosen or random code, its uses and end. */
const newInvitationSchema = v.object(
  {
    code: v.optional(invitationCodeSchema),
    max_uses: v.optional(v.pipe(v.number("validation.invalid"), v.integer("validation.invalid"), v.minValue(1, "validation.invalid"))),
    expires_at: v.optional(v.pipe(v.number("validation.invalid"), v.integer("validation.invalid"))),
  },
  "validation.required",
);

export const invitationsOps = {
  info: defineOperation({ method: "get", path: "/api/v2/registration/invitation-codes/:code", response: "InvitationInfo" }),
  create: defineOperation({
    method: "post",
    path: "/api/v2/registration/invitation-codes",
    body: newInvitationSchema,
    response: "InvitationCodeCreated",
  }),
  /** Dev only (DEV_ROUTES): QA and the e2e suite make their own codes. */
  devCreate: defineOperation({
    method: "post",
    path: "/api/v2/dev/invitation-codes",
    body: v.object({
      code: v.optional(invitationCodeSchema),
      max_uses: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
      expires_in_ms: v.optional(v.pipe(v.number(), v.integer())),
    }),
    response: "InvitationCodeCreated",
  }),
};
