import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forgotPasswordSchema } from "#server/contract/validation";
import { createApiClient } from "~/api/client.server";
import { requestPasswordReset } from "~/api/registration.server";
import { Field, FormErrors, Honeypot } from "~/components/Field";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { isBotSubmission, replyWithApiErrors } from "~/utils/forms.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["auth"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("forgot_password.meta_title"), description: t("forgot_password.meta_description") }, { headers: PRIVATE_HEADERS });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithValibot(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  // Bots get the same answer as people, and nothing is sent.
  if (!isBotSubmission(formData)) {
    const api = createApiClient({ request, context });
    const result = await requestPasswordReset(api, submission.value);
    if (!result.ok)
      return data({ lastResult: replyWithApiErrors(submission, result.errors, ["email"]) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  throw redirect(`/${params.lang}/forgot_password?sent=1`, { headers: PRIVATE_HEADERS });
}

export default function ForgotPassword() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: forgotPasswordSchema }),
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
            <Field
              label={t("forgot_password.email")}
              autoComplete="email"
              {...getInputProps(fields.email, { type: "email" })}
              name="email"
              errors={fields.email.errors}
            />
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
