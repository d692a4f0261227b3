import type { ErrorItem } from "../../contract/errors";
import { ApiError, errorItem } from "../../api/errors";
import { ok, okWithoutEnvelope, type Answer } from "../../api/router";
import { UNSUPPORTED_GRANT_TYPE } from "../../contract/operations/auth";
import { authOps } from "../../contract/operations/auth";
import type { ModuleContext } from "../../api/module-context";
import { issueLoginCaptcha, passwordGrant, requestPasswordReset, resetPassword } from "./service";
import { revokeToken, rotateRefreshToken } from "./tokens";
import { userShell } from "./shell";
import { getUserData } from "./user-data";
import { jsonTextAnswer } from "../../api/errors";
import { withResponseText } from "../../api/internal-call";
import { SECOND_FACTOR_PAGES } from "../../contract/staff-totp";

/** RFC 6749 §5.2: token errors carry an `error` code beside our error items. */
function oauthErrorFields(items: ErrorItem[]): Record<string, unknown> {
  return { error: items.some((item) => item.key === UNSUPPORTED_GRANT_TYPE) ? "unsupported_grant_type" : "invalid_request" };
}

export function registerAuth({ v2, oauth }: ModuleContext): void {
  oauth.add(
    authOps.token,
    {
      summary: "Issue tokens (password or refresh_token grant). Form-encoded. Answers the OAuth token response, not the envelope.",
      tag: "registration",
      auth: "optional",
      errorFields: oauthErrorFields,
      statuses: [403, 429],
    },
    async (c, { body: input }) => {
      const deps = c.get("deps");
      if (input.grant_type === "password") {
        return okWithoutEnvelope(c, await passwordGrant(deps, input, c.get("clientIp")));
      }
      const tokens = await rotateRefreshToken(deps.db, deps.clock, input.refresh_token, c.get("clientIp"));
      if (!tokens)
        throw new ApiError(400, [errorItem(400, "exception.oauth.invalid_refresh_token", "refresh_token")], { error: "invalid_grant" });
      return okWithoutEnvelope(c, tokens);
    },
  );

  v2.add(
    authOps.logout,
    { summary: "Revoke the calling token.", tag: "user", auth: "required", beforeSecondFactor: true },
    async (c, { user }) => {
      const deps = c.get("deps");
      await revokeToken(deps.db, deps.clock, user!.tokenId);
      return ok(c, { logged_out: true });
    },
  );

  v2.add(
    authOps.userData,
    {
      summary:
        "The signed-in user's info (spec section 3 'User info'). A staff sign-in that owes its second factor (ADR 117) gets it too, with next_destination naming the second step (login/second-factor) or the enrolment (backoffice/security).",
      tag: "user",
      auth: "required",
      beforeSecondFactor: true,
    },
    async (c, { user }) => {
      const data = await getUserData(c.get("deps"), user!.id, user!.tokenId);
      // The second factor comes before any other duty: nothing else is open to this sign-in until it is done.
      const due = user!.secondFactorDue;
      return ok(c, due ? { ...data, next_destination: SECOND_FACTOR_PAGES[due] } : data);
    },
  );

  v2.add(
    authOps.userShell,
    {
      summary:
        "The layout's data in one call (ADR 148): `user` as /user/data answers it, `announcements` as /definitions/announcements answers them for lang and dismissed. From a per-member cache that the member's own writes, the realtime events of their counts and any staff write forget at once; other changes show at most 20 s late. Use /user/data where exactness matters.",
      tag: "user",
      auth: "required",
      beforeSecondFactor: true,
      statuses: [400],
    },
    async (c, { user, query }) => {
      const dismissed = query.dismissed ? query.dismissed.split(",").map(Number) : [];
      const { shell, json } = await userShell(c.get("deps"), user!, query.lang, dismissed);
      const due = user!.secondFactorDue;
      if (due) return ok(c, { ...shell, user: { ...shell.user, next_destination: SECOND_FACTOR_PAGES[due] } });
      // The cached text as it is: no JSON.stringify per page (ok() would make the same envelope).
      const text = `{"code":200,"data":${json}}`;
      return withResponseText(jsonTextAnswer(c, text, 200), text) as Answer<typeof shell>;
    },
  );

  v2.add(
    authOps.captcha,
    {
      summary:
        "A new captcha challenge: a PNG data URI of the code (typed as captcha_answer) and an ALTCHA proof-of-work challenge (its solution sent as captcha_pow); single use, 10 minutes; 30 per IP per 10 minutes. The proof of work's level (0-4; each doubles the work) rises with failed logins past a limit from the address and, with username= (as typed in the login form), for that account; the token endpoint refuses a proof below the level then due.",
      tag: "registration",
      auth: "optional",
      statuses: [400, 429],
    },
    async (c, { query }) => {
      return ok(c, await issueLoginCaptcha(c.get("deps"), c.get("clientIp"), query.username || undefined));
    },
  );

  v2.add(
    authOps.forgotPassword,
    {
      summary: "Send a reset link; answers 202 whether or not the address exists.",
      tag: "registration",
      auth: "optional",
      statuses: [202],
    },
    async (c, { body }) => {
      await requestPasswordReset(c.get("deps"), body.email, c.get("lang"));
      return ok(c, { sent: true }, { status: 202 });
    },
  );

  v2.add(
    authOps.resetPassword,
    {
      summary: "Set a new password with a reset token; ends all sessions.",
      tag: "registration",
      auth: "optional",
    },
    async (c, { body }) => {
      await resetPassword(c.get("deps"), body.token, body.password);
      return ok(c, { reset: true });
    },
  );

  v2.add(
    authOps.validatePassword,
    {
      summary: "Check a password against the strength rules.",
      tag: "registration",
      auth: "optional",
    },
    (c) => ok(c, { valid: true } as const),
  );
}
