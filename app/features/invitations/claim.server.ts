/**
 * invites/{code}: a person claims the profile prepared for them. The loader answers which step the claim is
 * in; the action sends or checks the code and sets the password. The API decides every rule.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { claimPasswordFormSchema, claimVerifySchema } from "#server/contract/invites";
import { createApiClient } from "~/api/client.server";
import { bindClaimPassword, fetchClaimPreview, resendClaimCode, verifyClaimCode } from "~/api/registration.server";
import { destinationForToken } from "~/api/destination.server";
import { i18nServer } from "~/i18n/i18next.server";
import { loginCookies } from "~/session/session.server";
import { claimTokenCookie, clearClaimTokenCookie, readClaimToken } from "~/utils/claims.server";
import { intentVariant } from "~/components/form/schema";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The invite code is in the URL: it must not leak to other sites through the Referer. */
export const CLAIM_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };

export type ClaimStep = "start" | "code" | "password" | "locked";

export async function loadClaim({ request, context, params }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const code = params.code ?? "";
  const api = createApiClient({ request, context });
  const result = await fetchClaimPreview(api, code);
  if (!result.ok) {
    const claimed = result.status === 409;
    return data(
      {
        kind: claimed ? ("claimed" as const) : ("missing" as const),
        title: t(claimed ? "invitations.claim.claimed_title" : "invitations.claim.missing_title"),
        claim: null,
        step: null,
        sent: false,
      },
      { status: claimed ? 410 : 404, headers: CLAIM_HEADERS },
    );
  }
  const claim = result.data;
  const hasToken = readClaimToken(request, code) !== null;
  const step: ClaimStep =
    claim.state === "verified" && hasToken
      ? "password"
      : claim.state === "code_sent"
        ? "code"
        : claim.state === "locked"
          ? "locked"
          : "start";
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return data(
    { kind: "open" as const, title: t("invitations.claim.title", { name: claim.displayName }), claim, step, sent },
    { headers: CLAIM_HEADERS },
  );
}

/** The claim page's forms: send (or resend) the code, check it, set the password. */
const claimFormSchema = intentVariant({ send: v.object({}), verify: claimVerifySchema, password: claimPasswordFormSchema });

export async function submitClaim({ request, context, params }: ActionFunctionArgs) {
  const lang = params.lang!;
  const code = params.code ?? "";
  const submission = await parseForm(request, claimFormSchema);
  const hide = ["password", "password_confirmation"];
  const fail = (status: number, lastResult: SubmissionResult<string[]>) => data({ lastResult }, { status, headers: CLAIM_HEADERS });
  if (submission.status !== "success") return fail(400, submission.reply({ hideFields: hide }));
  const api = createApiClient({ request, context });
  const form = submission.value;

  if (form.intent === "send") {
    const result = await resendClaimCode(api, code);
    if (!result.ok) return fail(result.status === 429 ? 429 : 400, replyWithApiErrors(submission, result.errors, []));
    throw redirect(`/${lang}/invites/${encodeURIComponent(code)}?sent=1`, { headers: CLAIM_HEADERS });
  }

  if (form.intent === "verify") {
    const result = await verifyClaimCode(api, code, { code: form.code });
    if (!result.ok) return fail(result.status === 429 ? 429 : 400, replyWithApiErrors(submission, result.errors, ["code"]));
    const headers = new Headers(CLAIM_HEADERS);
    headers.append("Set-Cookie", claimTokenCookie(code, result.data.bindToken));
    throw redirect(`/${lang}/invites/${encodeURIComponent(code)}`, { headers });
  }

  const bindToken = readClaimToken(request, code);
  if (!bindToken) return fail(403, submission.reply({ formErrors: ["exception.claim.verification_required"], hideFields: hide }));
  const { password, password_confirmation, email } = form;
  const result = await bindClaimPassword(api, code, { bind_token: bindToken, password, password_confirmation, email });
  if (!result.ok)
    return fail(
      result.status === 409 ? 409 : 400,
      replyWithApiErrors(submission, result.errors, ["password", "password_confirmation", "email"], hide),
    );
  const headers = new Headers(CLAIM_HEADERS);
  for (const cookie of loginCookies(result.data.accessToken, false, Date.now())) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", clearClaimTokenCookie());
  const duty = await destinationForToken(request, context, result.data.accessToken, lang);
  throw redirect(duty ?? `/${lang}/my_dashboard?claimed=1`, { headers });
}
