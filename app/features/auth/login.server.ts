/** The login page's loader and action (ADR 005 captcha, ADR 016 session window): a thin route calls these. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { CAPTCHA_TRIGGER_KEYS } from "#server/contract/errors";
import { SECOND_FACTOR_PAGES } from "#server/contract/staff-totp";
import { issueCaptcha, passwordToken } from "~/api/auth.server";
import { createApiClient } from "~/api/client.server";
import { destinationForToken } from "~/api/destination.server";
import { loadViewer } from "~/api/viewer.server";
import type { LoginCaptchaChallenge as Captcha } from "~/components/LoginCaptcha";
import { i18nServer } from "~/i18n/i18next.server";
import { loginCookies } from "~/session/session.server";
import { federatedProviders } from "~/utils/federated.server";
import { isBotSubmission, parseForm, replyWithApiErrors, safeReturnPath } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { loginFormSchema } from "./login-form";

const FIELDS = ["username", "password", "captcha_answer"] as const;

export async function loadLogin({ request, context, params }: LoaderFunctionArgs) {
  const lang = params.lang!;
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("r"), lang);
  if (await loadViewer(request, context)) throw redirect(returnTo ?? `/${lang}/my_dashboard`, { headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("login.meta_title"),
      description: t("login.meta_description"),
      returnTo: returnTo ?? "",
      googleSignIn: (await federatedProviders(request, context)).includes("google"),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitLogin({ request, context, params }: ActionFunctionArgs) {
  const lang = params.lang!;
  const submission = await parseForm(request, loginFormSchema);
  if (submission.status !== "success") {
    return data(
      { lastResult: submission.reply({ hideFields: ["password"] }), captcha: null as Captcha | null },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const api = createApiClient({ request, context });
  if (isBotSubmission(submission)) {
    return data(
      { lastResult: submission.reply({ formErrors: ["exception.login.invalid_credentials"], hideFields: ["password"] }), captcha: null },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const { username, password, captcha_id, captcha_answer, captcha_pow } = submission.value;
  const result = await passwordToken(api, {
    username,
    password,
    captcha_id,
    captcha_answer,
    captcha_pow,
    keep_logged_in: submission.value.keep_logged_in === "on" ? "1" : "0",
  });
  if (!result.ok) {
    const needsCaptcha = result.errors.some(
      (e) => (CAPTCHA_TRIGGER_KEYS as readonly string[]).includes(e.key) || (CAPTCHA_TRIGGER_KEYS as readonly string[]).includes(e.title),
    );
    let captcha: Captcha | null = null;
    if (needsCaptcha) {
      // Not camelized: the proof-of-work parameters are signed as the API wrote them.
      const fresh = await issueCaptcha(api, username);
      captcha = fresh.ok ? { id: fresh.data.id, image: fresh.data.image, pow: fresh.data.pow, level: fresh.data.level } : null;
    }
    const lastResult = replyWithApiErrors(submission, result.errors, FIELDS, ["password", "captcha_answer"]);
    return data({ lastResult, captcha }, { status: result.status === 429 ? 429 : 400, headers: PRIVATE_HEADERS });
  }
  const headers = new Headers(PRIVATE_HEADERS);
  for (const cookie of loginCookies(result.data.access_token, submission.value.keep_logged_in === "on", Date.now()))
    headers.append("Set-Cookie", cookie);
  // Open duties first (forced age check, unfinished registration, e-mail), then r, then the dashboard.
  const duty = await destinationForToken(request, context, result.data.access_token, lang);
  const returnTo = safeReturnPath(submission.value.r, lang);
  // A staff sign-in's second step (ADR 117) carries the way back: the code is the last step before the page.
  if (duty === `/${lang}/${SECOND_FACTOR_PAGES.verify}` && returnTo)
    throw redirect(`${duty}?r=${encodeURIComponent(returnTo)}`, { headers });
  throw redirect(duty ?? returnTo ?? `/${lang}/my_dashboard`, { headers });
}
