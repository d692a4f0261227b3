/** The auth group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import * as v from "valibot";
import { announcementListQuerySchema } from "../notifications";
import { defineOperation } from "../operation";
import { captchaQuerySchema, forgotPasswordSchema, loginSchema, passwordSchema, resetPasswordSchema } from "../validation";

// Schemas only these operations use sit here, not in contract/validation: the login and sign-up pages import that
// file into the browser (ADR 050).
/** The key of a token request whose grant_type is neither password nor refresh_token (OAuth's unsupported_grant_type). */
export const UNSUPPORTED_GRANT_TYPE = "exception.oauth.unsupported_grant_type";

/** POST /oauth/v2/token (RFC 6749 §4.3, §6): the password grant (the login fields) or a refresh. */
export const tokenRequestSchema = v.variant(
  "grant_type",
  [
    // The objects' message is what a missing field reports.
    v.object({ grant_type: v.literal("password"), ...loginSchema.entries }, "validation.required"),
    v.object(
      {
        grant_type: v.literal("refresh_token"),
        refresh_token: v.pipe(v.string("validation.required"), v.nonEmpty("validation.required"), v.maxLength(256, "validation.invalid")),
      },
      "validation.required",
    ),
  ],
  UNSUPPORTED_GRANT_TYPE,
);

/** POST /registration/password/validate: a password checked against the strength rules alone. */
export const passwordCheckSchema = v.object({ password: passwordSchema }, "validation.required");

export const authOps = {
  token: defineOperation({
    method: "post",
    path: "/oauth/v2/token",
    body: tokenRequestSchema,
    bodyFormat: "form",
    response: "IssuedTokens",
    envelope: false,
    // The token answer's keys are the protocol's (access_token, expires_in): read as they are.
    camelize: false,
  }),
  logout: defineOperation({ method: "post", path: "/api/v2/user/logout", response: "LoggedOut" }),
  userData: defineOperation({ method: "get", path: "/api/v2/user/data", response: "UserData" }),
  /** The layout's data in one call (ADR 148): /user/data and the announcements (lang, a guest cookie's dismissed ids). */
  userShell: defineOperation({ method: "get", path: "/api/v2/user/shell", query: announcementListQuerySchema, response: "UserShell" }),
  // The browser's solver reads the challenge as issued.
  captcha: defineOperation({
    method: "get",
    path: "/api/v2/captcha",
    query: captchaQuerySchema,
    response: "IssuedCaptcha",
    camelize: false,
  }),
  forgotPassword: defineOperation({
    method: "post",
    path: "/api/v2/registration/password/forgot",
    body: forgotPasswordSchema,
    response: "ResetMailRequested",
  }),
  validatePassword: defineOperation({
    method: "post",
    path: "/api/v2/registration/password/validate",
    body: passwordCheckSchema,
    response: "PasswordAccepted",
  }),
  resetPassword: defineOperation({
    method: "post",
    path: "/api/v2/registration/password/reset",
    body: resetPasswordSchema,
    response: "PasswordResetDone",
  }),
};
