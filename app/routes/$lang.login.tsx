import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { CAPTCHA_TRIGGER_KEYS } from "#server/contract/errors";
import { loginSchema } from "#server/contract/validation";
import { issueCaptcha, passwordToken } from "~/api/auth.server";
import { createApiClient } from "~/api/client.server";
import { destinationForToken } from "~/api/destination.server";
import { loadViewer } from "~/api/viewer.server";
import { Field, FormErrors, Honeypot } from "~/components/Field";
import { LoginCaptcha, type LoginCaptchaChallenge as Captcha } from "~/components/LoginCaptcha";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import { loginCookies } from "~/session/session.server";
import * as ui from "~/styles/ui.css";
import { federatedProviders } from "~/utils/federated.server";
import { isBotSubmission, replyWithApiErrors, safeReturnPath } from "~/utils/forms.server";
import { pageMeta, PRIVATE_HEADERS } from "~/utils/seo";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["auth"] };

const loginFormSchema = v.object(
  {
    ...loginSchema.entries,
    keep_logged_in: v.optional(v.literal("on")),
    r: v.optional(v.string()),
  },
  "validation.required",
);
const FIELDS = ["username", "password", "captcha_answer"] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
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

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: MetaFunction<typeof loader, { root: () => { origin: string } }> = ({ data, matches, location }) => {
  const origin = (matches.find((m) => m.id === "root")?.data as { origin?: string } | undefined)?.origin ?? "";
  return pageMeta({ title: data?.title ?? "", description: data?.description, origin, pathname: location.pathname, noindex: true });
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const lang = params.lang!;
  const formData = await readFormData(request);
  const submission = parseWithValibot(formData, { schema: loginFormSchema });
  if (submission.status !== "success") {
    return data(
      { lastResult: submission.reply({ hideFields: ["password"] }), captcha: null as Captcha | null },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const api = createApiClient({ request, context });
  if (isBotSubmission(formData)) {
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
      const fresh = await issueCaptcha(api);
      captcha = fresh.ok ? { id: fresh.data.id, image: fresh.data.image, pow: fresh.data.pow } : null;
    }
    const lastResult = replyWithApiErrors(submission, result.errors, FIELDS, ["password", "captcha_answer"]);
    return data({ lastResult, captcha }, { status: result.status === 429 ? 429 : 400, headers: PRIVATE_HEADERS });
  }
  const headers = new Headers(PRIVATE_HEADERS);
  for (const cookie of loginCookies(result.data.access_token, submission.value.keep_logged_in === "on", Date.now()))
    headers.append("Set-Cookie", cookie);
  // Open duties first (forced age check, unfinished registration, e-mail), then r, then the dashboard.
  const duty = await destinationForToken(request, context, result.data.access_token, lang);
  throw redirect(duty ?? safeReturnPath(submission.value.r, lang) ?? `/${lang}/my_dashboard`, { headers });
}

export default function LoginPage() {
  const { returnTo, googleSignIn } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: loginFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const captcha = actionData?.captcha ?? null;
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("login.title")}</h1>
        {searchParams.get("reset") ? (
          <p className={ui.notice} role="status" data-testid="password-reset-done">
            {t("login.password_reset_done")}
          </p>
        ) : null}
        <Form method="post" className={ui.stack} {...getFormProps(form)}>
          <FormErrors errors={form.errors ?? []} />
          <Honeypot />
          <input type="hidden" name="r" value={returnTo} />
          <Field
            label={t("login.username")}
            autoComplete="username"
            {...getInputProps(fields.username, { type: "text" })}
            name="username"
            errors={fields.username.errors}
          />
          <Field
            label={t("login.password")}
            autoComplete="current-password"
            {...getInputProps(fields.password, { type: "password" })}
            name="password"
            errors={fields.password.errors}
          />
          {captcha ? (
            <LoginCaptcha
              key={captcha.id}
              captcha={captcha}
              answer={getInputProps(fields.captcha_answer, { type: "text" })}
              errors={fields.captcha_answer.errors}
            />
          ) : fields.captcha_answer.errors?.length ? (
            <FormErrors errors={fields.captcha_answer.errors} />
          ) : null}
          <label className={ui.checkboxRow}>
            <input type="checkbox" name="keep_logged_in" defaultChecked={false} />
            {t("login.keep_logged_in")}
          </label>
          <button className={ui.button} type="submit" disabled={navigation.state === "submitting"}>
            {t("login.submit")}
          </button>
        </Form>
        <p>
          <Link to={to("forgot_password")}>{t("login.forgot_password")}</Link>
        </p>
        {googleSignIn ? (
          // A plain link: the start route redirects to Google, no JavaScript needed.
          <p>
            <a
              className={ui.buttonSecondary}
              href={to(`federated/google/start${returnTo ? `?r=${encodeURIComponent(returnTo)}` : ""}`)}
              data-testid="google-sign-in"
            >
              {t("federated.google_sign_in")}
            </a>
          </p>
        ) : null}
        <p>
          {t("login.no_account")} <Link to={to("join/user")}>{t("login.join")}</Link>
        </p>
      </div>
    </main>
  );
}
