/**
 * What the sign-up routes share on the server: starting the session the API
 * answered with (the same cookies as login), and the landing page a visitor
 * came through (remembered in a cookie until the sign-up, spec section 2
 * join/user/{userType}/lp/{landingPageId}).
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type * as v from "valibot";
import { createApiClient } from "~/api/client.server";
import { signUp, type SignUpAnswer, type SignUpBody, type SignUpKind } from "~/api/registration.server";
import { returnPathCookie } from "~/session/return-path.server";
import { isBotSubmission, parseForm, replyWithApiErrors, returnPathOf } from "~/utils/forms.server";
import { AFFILIATE_COOKIE } from "#server/contract/affiliates";
import { INVITATION_COOKIE } from "#server/contract/invites";
import { affiliateCodeOf } from "~/features/affiliates/link.server";
import { nextRegisterStep, registerStepPath } from "#server/contract/registration";
import { TRACKING_ID_PATTERN } from "#server/contract/registration-sign-up";
import { clearCookie, loginCookies, parseCookies, serializeCookie } from "~/session/session.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const LANDING_PAGE_COOKIE = "join_lp";
/** A week: people often look twice before they sign up. */
const LANDING_PAGE_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

export function landingPageCookie(landingPageId: string): string {
  return serializeCookie(LANDING_PAGE_COOKIE, landingPageId, { maxAge: LANDING_PAGE_COOKIE_MAX_AGE_S, httpOnly: true });
}

function trackingCookie(request: Request, name: string): string {
  const value = parseCookies(request.headers.get("cookie")).get(name) ?? "";
  return TRACKING_ID_PATTERN.test(value) ? value : "";
}

/** Landing page and invitation the visitor brought along (empty strings when none). */
export function signupOrigin(request: Request): { landingPageId: string; invitationCode: string } {
  return { landingPageId: trackingCookie(request, LANDING_PAGE_COOKIE), invitationCode: trackingCookie(request, INVITATION_COOKIE) };
}

/**
 * After a successful sign-up: signed in (as after a login without "keep me
 * logged in"), the tracking cookies spent, and on to the next step.
 */
export function redirectIntoRegistration(lang: string, answer: SignUpAnswer, returnTo: string | null = null): never {
  const headers = new Headers(PRIVATE_HEADERS);
  // The page the visitor came from waits at the end of registration and verification.
  if (returnTo) headers.append("Set-Cookie", returnPathCookie(returnTo));
  for (const cookie of loginCookies(answer.accessToken, false, Date.now())) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", clearCookie(LANDING_PAGE_COOKIE));
  headers.append("Set-Cookie", clearCookie(INVITATION_COOKIE));
  headers.append("Set-Cookie", clearCookie(AFFILIATE_COOKIE));
  const next = nextRegisterStep(answer.userType, answer.registerCompletedStep);
  const path = next && next.key !== "completed" ? registerStepPath(answer.userType, next.key) : "my_dashboard";
  throw redirect(`/${lang}/${path}`, { headers });
}

/**
 * The action of both sign-up forms: validate with the shared schema, refuse
 * bots quietly, create the account through the API, and either answer the
 * form with its errors at their fields (password never echoed) or sign the
 * new user in and move on to the next registration step.
 */
export async function submitSignUp<K extends SignUpKind>(
  { request, context, lang }: { request: Request; context: AppLoadContext; lang: string },
  // The schema validates what the kind's sign-up operation takes (the contract's own schema for it).
  form: { schema: v.GenericSchema<unknown, SignUpBody<K>>; kind: K; fields: readonly string[] },
) {
  const submission = await parseForm(request, form.schema);
  const hide = ["password"];
  if (submission.status !== "success") {
    return data(
      { lastResult: submission.reply({ hideFields: hide, formErrors: ["validation.correct_all_fields"] }) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  // Bots fill the hidden field: they get a plain refusal and no account.
  if (isBotSubmission(submission)) {
    return data(
      { lastResult: submission.reply({ formErrors: ["exception.common.something_wrong_happened"], hideFields: hide }) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const api = createApiClient({ request, context });
  // The partner the visitor chose to sign up through (a/{code}, ADR 135): bound by the API with the account.
  const affiliateCode = affiliateCodeOf(request);
  const result = await signUp(api, form.kind, affiliateCode ? { ...submission.value, affiliate_code: affiliateCode } : submission.value);
  if (!result.ok) {
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, form.fields, hide) },
      { status: result.status === 429 ? 429 : 400, headers: PRIVATE_HEADERS },
    );
  }
  return redirectIntoRegistration(lang, result.data, returnPathOf(submission, lang));
}
