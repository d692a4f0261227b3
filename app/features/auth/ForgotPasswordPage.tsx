/** forgot_password: the e-mail form, or the "sent" notice after it. */
import { getFormProps, useForm } from "~/components/form/use-form";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormField, FormErrors, Honeypot } from "~/components/Field";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { submitForgotPassword } from "./forgot-password.server";

// The form's schema, loaded on its first focus, input or submit (ADR 156): the action parses with the same.
const loadForgotPasswordSchema = () => import("#server/contract/validation").then((m) => m.forgotPasswordSchema);

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof submitForgotPassword>();
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    schema: loadForgotPasswordSchema,
    shouldValidate: "onBlur",
  });
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("forgot_password.title")}</h1>
        {searchParams.get("sent") ? (
          <p className={ui.notice} role="status" data-testid="forgot-sent">
            {t("forgot_password.sent")}
          </p>
        ) : (
          <Form method="post" className={ui.stack} {...getFormProps(form)}>
            <p>{t("forgot_password.intro")}</p>
            <FormErrors errors={form.errors ?? []} />
            <Honeypot />
            <FormField label={t("forgot_password.email")} autoComplete="email" field={fields.email} type="email" />
            <button className={ui.button} type="submit">
              {t("forgot_password.submit")}
            </button>
          </Form>
        )}
        <p>
          <Link to={to("login")}>{t("forgot_password.back_to_login")}</Link>
        </p>
      </div>
    </main>
  );
}
