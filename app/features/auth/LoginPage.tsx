/** The login page: username or e-mail, password, the captcha after repeated failures, keep me logged in. */
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps, useForm } from "~/components/form/use-form";
import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormField, FormErrors, Honeypot } from "~/components/Field";
import { LoginCaptcha, type LoginCaptchaChallenge as Captcha } from "~/components/LoginCaptcha";
import { useLocalePath } from "~/i18n/lang";
import { withReturnPath } from "~/utils/return-path";
import * as ui from "~/styles/ui.css";

// The form's schema, loaded on its first focus, input or submit (ADR 156): the action parses with the same.
const loadLoginSchema = () => import("./login-form").then((m) => m.loginFormSchema);

export function LoginPage({
  returnTo,
  googleSignIn,
  actionData,
}: {
  returnTo: string;
  googleSignIn: boolean;
  actionData: { lastResult: SubmissionResult<string[]>; captcha: Captcha | null } | undefined;
}) {
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    schema: loadLoginSchema,
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
          <FormField label={t("login.username")} autoComplete="username" field={fields.username} type="text" />
          <FormField label={t("login.password")} autoComplete="current-password" field={fields.password} type="password" />
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
          {t("login.no_account")}{" "}
          <Link to={withReturnPath(to("join/user"), returnTo)} data-testid="login-join">
            {t("login.join")}
          </Link>
        </p>
      </div>
    </main>
  );
}
