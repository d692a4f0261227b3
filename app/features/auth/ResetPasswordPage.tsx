/** reset_password: the new password form (the token from the e-mail rides along), or the expired-link notice. */
import { getFormProps, useForm } from "~/components/form/use-form";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN } from "#server/contract/form-limits";
import { FormErrors } from "~/components/Field";
import { NewPasswordFields } from "~/components/form/NewPasswordFields";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadResetPassword, submitResetPassword } from "./reset-password.server";

// The form's schema, loaded on its first focus, input or submit (ADR 156): the action parses with the same.
const loadResetPasswordSchema = () => import("#server/contract/validation").then((m) => m.resetPasswordSchema);

export function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loadResetPassword>();
  const actionData = useActionData<typeof submitResetPassword>();
  const { t } = useTranslation();
  const to = useLocalePath();
  const { pathname } = useLocation();
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    schema: loadResetPasswordSchema,
    shouldValidate: "onBlur",
  });
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("reset_password.title")}</h1>
        {token ? (
          // Remix's default form action drops the query string; keep the token in it.
          <Form method="post" action={`${pathname}?token=${encodeURIComponent(token)}`} className={ui.stack} {...getFormProps(form)}>
            <FormErrors errors={form.errors ?? []} />
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields
              password={fields.password}
              confirmation={fields.password_confirmation}
              label={t("reset_password.password")}
              hint={t("reset_password.password_hint", { min: PASSWORD_MIN })}
              confirmationLabel={t("reset_password.password_confirmation")}
            />
            <button className={ui.button} type="submit">
              {t("reset_password.submit")}
            </button>
          </Form>
        ) : (
          <FormErrors errors={["exception.password_reset.invalid_or_expired"]} />
        )}
        <p>
          <Link to={to("forgot_password")}>{t("reset_password.request_new")}</Link>
        </p>
      </div>
    </main>
  );
}
