/** The auth group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { forgotPasswordSchema, passwordCheckSchema, resetPasswordSchema, tokenRequestSchema } from "../validation";

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
  // The browser's solver reads the challenge as issued.
  captcha: defineOperation({ method: "get", path: "/api/v2/captcha", response: "IssuedCaptcha", camelize: false }),
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
