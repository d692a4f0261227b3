import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN, resetPasswordSchema } from "#server/contract/validation";
import { createApiClient } from "~/api/client.server";
import { resetPassword } from "~/api/registration.server";
import { Field, FormErrors } from "~/components/Field";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { replyWithApiErrors } from "~/utils/forms.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["auth"] };

/** The reset link from the e-mail: /{lang}/reset_password?token=… */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // same-origin, not no-referrer: the token must not leak to other sites, but
  // browsers send "Origin: null" under no-referrer and Remix then refuses the post.
  return data({ token, title: t("reset_password.meta_title") }, { headers: { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" } });
}

export function headers() {
  return { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };
}

export const meta = metaFromLoader({ noindex: true });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithValibot(formData, { schema: resetPasswordSchema });
  const hide = ["password", "password_confirmation"];
  if (submission.status !== "success")
    return data({ lastResult: submission.reply({ hideFields: hide }) }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const result = await resetPassword(api, submission.value);
  if (!result.ok) {
    // The token is a hidden field: its errors belong to the form, not a field.
    const errors = result.errors.map((e) => (e.source === "token" ? { ...e, source: undefined } : e));
    return data(
      { lastResult: replyWithApiErrors(submission, errors, ["password", "password_confirmation"], hide) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`/${params.lang}/login?reset=1`, { headers: PRIVATE_HEADERS });
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const to = useLocalePath();
  const { pathname } = useLocation();
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: resetPasswordSchema }),
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
            <Field
              label={t("reset_password.password")}
              hint={t("reset_password.password_hint", { min: PASSWORD_MIN })}
              autoComplete="new-password"
              {...getInputProps(fields.password, { type: "password" })}
              name="password"
              errors={fields.password.errors}
            />
            <Field
              label={t("reset_password.password_confirmation")}
              autoComplete="new-password"
              {...getInputProps(fields.password_confirmation, { type: "password" })}
              name="password_confirmation"
              errors={fields.password_confirmation.errors}
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
