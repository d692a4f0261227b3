/**
 * join/user/email and join/business/email: "check your inbox" with a resend
 * button, and the target of the verification link. The link never verifies
 * on GET (mail scanners open links); the page shows a confirm button that
 * posts the token.
 */
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { emailVerifySchema } from "#server/contract/registration-sign-up";
import { createApiClient } from "~/api/client.server";
import { resendVerificationMail, verifyEmail } from "~/api/registration.server";
import { loadViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { intentVariant } from "~/components/form/schema";
import { clearReturnPath, readReturnPath, returnPathCookie, returnPathParam } from "~/session/return-path.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export type VerificationKind = "user" | "business";

/** Tokens are URL-safe base64 with one dot; anything else is not ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}\.[A-Za-z0-9_-]{16,128}$/;

function pagePath(lang: string, kind: VerificationKind): string {
  return `/${lang}/join/${kind}/email`;
}

export async function emailVerificationLoader({ request, context, params }: LoaderFunctionArgs, kind: VerificationKind) {
  const url = new URL(request.url);
  const rawToken = url.searchParams.get("token");
  const token = rawToken && TOKEN_SHAPE.test(rawToken) ? rawToken : null;
  const verified = url.searchParams.get("verified") === "1";
  const viewer = await loadViewer(request, context as AppLoadContext);
  // Without a link to confirm, the page is about the signed-in user's inbox.
  if (!viewer && !token && !verified && rawToken === null) {
    throw redirect(`/${params.lang}/login?r=${encodeURIComponent(url.pathname)}`, { headers: PRIVATE_HEADERS });
  }
  const t = await i18nServer.getFixedT(request);
  // Where "later" and "continue" lead: the page that asked for verification (r), remembered for the mail's link.
  const lang = params.lang ?? "";
  const returnParam = returnPathParam(request, lang);
  const returnTo = returnParam ?? readReturnPath(request, lang);
  const headers = new Headers({ ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" });
  if (returnParam) headers.append("Set-Cookie", returnPathCookie(returnParam));
  // Verified: the way back is shown once, then forgotten.
  else if (verified && returnTo) headers.append("Set-Cookie", clearReturnPath());
  return data(
    {
      title: t("registration.email.meta_title"),
      kind,
      token,
      badLink: rawToken !== null && token === null,
      verified,
      sent: url.searchParams.get("sent") === "1",
      signedIn: viewer !== null,
      email: viewer?.email ?? null,
      isEmailVerified: viewer?.isEmailVerified ?? false,
      returnTo,
    },
    // The token is in the URL: keep it out of Referer headers to other sites (Referrer-Policy above).
    { headers },
  );
}

/** The page's two buttons: confirm the link's token, send the mail again. */
const verificationFormSchema = intentVariant({ verify: emailVerifySchema, resend: v.object({}) });

export async function emailVerificationAction({ request, context, params }: ActionFunctionArgs, kind: VerificationKind) {
  const submission = await parseForm(request, verificationFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const path = pagePath(params.lang!, kind);
  const form = submission.value;
  if (form.intent === "verify") {
    const result = await verifyEmail(api, form.token);
    if (!result.ok)
      return data(
        { lastResult: replyWithApiErrors(submission, result.errors) },
        { status: result.status === 403 ? 403 : 400, headers: PRIVATE_HEADERS },
      );
    throw redirect(`${path}?verified=1`, { headers: PRIVATE_HEADERS });
  }
  const result = await resendVerificationMail(api);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status === 429 ? 429 : 400, headers: PRIVATE_HEADERS },
    );
  throw redirect(`${path}?sent=1`, { headers: PRIVATE_HEADERS });
}
