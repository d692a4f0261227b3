/**
 * user/phone: verify a phone number by SMS (spec sections 5 and 9). Pick the
 * country (DE 49, AT 43, CH 41, NL 31), enter the number, then the 6-digit
 * code from the SMS. Two plain forms; works without JavaScript.
 */
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PHONE_COUNTRY_CODES } from "#server/contract/countries";
import type { ErrorItem } from "#server/contract/errors";
import { smsSendSchema, smsVerifySchema } from "#server/contract/invites";
import { createApiClient } from "~/api/client.server";
import { fetchPhoneStatus, sendSmsCode, verifySmsCode } from "~/api/registration.server";
import { requireViewer } from "~/api/viewer.server";
import { Field, FormErrors } from "~/components/Field";
import { SelectField } from "~/components/FieldControls";
import { i18nServer } from "~/i18n/i18next.server";
import * as ui from "~/styles/ui.css";
import { replyWithApiErrors } from "~/utils/forms.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["account"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const t = await i18nServer.getFixedT(request);
  const api = createApiClient({ request, context });
  const status = await fetchPhoneStatus(api);
  if (!status.ok) throw new Response(null, { status: status.status >= 500 ? 503 : status.status });
  return data({ title: t("phone.meta_title"), status: status.data }, { headers: PRIVATE_HEADERS });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const api = createApiClient({ request, context });
  const answer = (status: number, lastResult: unknown, formErrors: ErrorItem[] = []) =>
    data({ intent, lastResult, formErrors }, { status, headers: PRIVATE_HEADERS });

  if (intent === "send") {
    const submission = parseWithValibot(formData, { schema: smsSendSchema });
    if (submission.status !== "success") return answer(400, submission.reply());
    const result = await sendSmsCode(api, submission.value);
    if (!result.ok)
      return answer(result.status === 429 ? 429 : 400, replyWithApiErrors(submission, result.errors, ["country_code", "phone"]));
    throw redirect(`/${params.lang}/user/phone?sent=1`, { headers: PRIVATE_HEADERS });
  }
  if (intent === "verify") {
    const submission = parseWithValibot(formData, { schema: smsVerifySchema });
    if (submission.status !== "success") return answer(400, submission.reply());
    const result = await verifySmsCode(api, submission.value);
    if (!result.ok) return answer(result.status === 429 ? 429 : 400, replyWithApiErrors(submission, result.errors, ["code"]));
    throw redirect(`/${params.lang}/user/phone?verified=1`, { headers: PRIVATE_HEADERS });
  }
  return answer(400, null, [{ code: 400, title: "validation.invalid", message: "validation.invalid", key: "validation.invalid" }]);
}

export default function PhonePage() {
  const { status } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t, i18n } = useTranslation();
  const regions = new Intl.DisplayNames([i18n.language], { type: "region" });
  const countryOptions = Object.entries(PHONE_COUNTRY_CODES).map(([region, cc]) => ({
    value: String(cc),
    label: `${regions.of(region) ?? region} (+${cc})`,
  }));

  const [sendForm, sendFields] = useForm({
    id: "phone-send",
    lastResult: actionData?.intent === "send" ? (actionData.lastResult as never) : undefined,
    defaultValue: { country_code: String(PHONE_COUNTRY_CODES.DE) },
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: smsSendSchema }),
    shouldValidate: "onSubmit",
  });
  const [verifyForm, verifyFields] = useForm({
    id: "phone-verify",
    lastResult: actionData?.intent === "verify" ? (actionData.lastResult as never) : undefined,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: smsVerifySchema }),
    shouldValidate: "onSubmit",
  });

  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("phone.title")}</h1>
        {status.phone && status.phoneVerifiedAt ? (
          <p className={ui.notice} role="status" data-testid="phone-verified">
            {t(searchParams.get("verified") ? "phone.verified_now" : "phone.verified", { phone: status.phone })}
          </p>
        ) : (
          <p className={ui.muted}>{t("phone.intro")}</p>
        )}
        <FormErrors errors={actionData?.formErrors ?? []} />

        {status.pending ? (
          <Form method="post" className={ui.stack} {...getFormProps(verifyForm)}>
            {searchParams.get("sent") ? (
              <p className={ui.notice} role="status" data-testid="phone-sent">
                {t("phone.sent", { phone: status.pending.phoneHint })}
              </p>
            ) : null}
            <FormErrors errors={verifyForm.errors ?? []} />
            <input type="hidden" name="intent" value="verify" />
            <Field
              label={t("phone.code_label")}
              hint={t("phone.code_hint", { count: status.pending.attemptsLeft })}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...getInputProps(verifyFields.code, { type: "text" })}
              name="code"
              errors={verifyFields.code.errors}
            />
            <button className={ui.button} type="submit">
              {t("phone.verify")}
            </button>
          </Form>
        ) : null}

        <Form method="post" className={ui.stack} {...getFormProps(sendForm)}>
          <h2 style={{ fontSize: "1.1rem" }}>{t(status.pending ? "phone.other_number" : status.phone ? "phone.change" : "phone.add")}</h2>
          <FormErrors errors={sendForm.errors ?? []} />
          <input type="hidden" name="intent" value="send" />
          <SelectField
            label={t("phone.country")}
            options={countryOptions}
            {...getSelectProps(sendFields.country_code)}
            name="country_code"
            errors={sendFields.country_code.errors}
          />
          <Field
            label={t("phone.number")}
            hint={t("phone.number_hint")}
            inputMode="tel"
            autoComplete="tel-national"
            {...getInputProps(sendFields.phone, { type: "tel" })}
            name="phone"
            errors={sendFields.phone.errors}
          />
          <button className={status.pending ? ui.buttonSecondary : ui.button} type="submit">
            {t("phone.send")}
          </button>
        </Form>
      </div>
    </main>
  );
}
