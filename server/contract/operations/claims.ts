/** The claims group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import * as v from "valibot";
import { defineOperation } from "../operation";
import { claimBindSchema, claimVerifySchema, claimableProfileSchema } from "../invites";
import { emailSchema, usernameSchema } from "../validation";

export const claimsOps = {
  preview: defineOperation({ method: "get", path: "/api/v2/registration/claims/:code", response: "ClaimPreview" }),
  resendCode: defineOperation({ method: "post", path: "/api/v2/registration/claims/:code/resend", response: "ClaimCodeSent" }),
  verifyCode: defineOperation({
    method: "post",
    path: "/api/v2/registration/claims/:code/verify",
    body: claimVerifySchema,
    response: "ClaimCodeVerified",
  }),
  bindPassword: defineOperation({
    method: "post",
    path: "/api/v2/registration/claims/:code/password",
    body: claimBindSchema,
    response: "ClaimBound",
  }),
  create: defineOperation({
    method: "post",
    path: "/api/v2/registration/claims",
    body: claimableProfileSchema,
    response: "ClaimableProfileCreated",
  }),
  /** Dev only (DEV_ROUTES): a claimable profile for an e-mail address. */
  devCreate: defineOperation({
    method: "post",
    path: "/api/v2/dev/claimable-profiles",
    body: v.object(
      { username: usernameSchema, email: emailSchema, display_name: v.optional(v.string()), city_name: v.optional(v.string()) },
      "validation.required",
    ),
    response: "ClaimableProfileCreated",
  }),
};
