/**
 * user/phone: verify a phone number by SMS. Pick the country (DE 49, AT 43, CH 41, NL 31), enter the
 * number, then the 6-digit code from the SMS. Two plain forms; works without JavaScript.
 */
import { getFormProps, getSelectProps, useForm } from "~/components/form/use-form";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PHONE_COUNTRY_CODES } from "#server/contract/countries";
import { FormField, FormErrors } from "~/components/Field";
import { allErrors, readReply } from "~/components/form/reply";
import { VerificationCodeField } from "~/components/form/VerificationCodeField";
import { SelectField } from "~/components/FieldControls";
import * as ui from "~/styles/ui.css";
import type { loadPhone, submitPhone } from "./phone.server";

// The form's schema, loaded on its first focus, input or submit (ADR 156): the action parses with the same.
const loadSmsSendSchema = () => import("#server/contract/invites").then((m) => m.smsSendSchema);
const loadSmsVerifySchema = () => import("#server/contract/invites").then((m) => m.smsVerifySchema);

export function PhonePage() {
  const { status } = useLoaderData<typeof loadPhone>();
  const actionData = useActionData<typeof submitPhone>();
  const reply = readReply(actionData?.lastResult);
  const [searchParams] = useSearchParams();
  const { t, i18n } = useTranslation();
  const regions = new Intl.DisplayNames([i18n.language], { type: "region" });
  const countryOptions = Object.entries(PHONE_COUNTRY_CODES).map(([region, cc]) => ({
    value: String(cc),
    label: `${regions.of(region) ?? region} (+${cc})`,
  }));

  const [sendForm, sendFields] = useForm({
    id: "phone-send",
    lastResult: reply.intent === "send" ? actionData?.lastResult : undefined,
    defaultValue: { country_code: String(PHONE_COUNTRY_CODES.DE) },
    schema: loadSmsSendSchema,
    shouldValidate: "onSubmit",
  });
  const [verifyForm, verifyFields] = useForm({
    id: "phone-verify",
    lastResult: reply.intent === "verify" ? actionData?.lastResult : undefined,
    schema: loadSmsVerifySchema,
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
        {/* A post of neither form (no or an unknown intent). */}
        <FormErrors errors={reply.intent === "send" || reply.intent === "verify" ? [] : allErrors(reply)} />

        {status.pending ? (
          <Form method="post" className={ui.stack} {...getFormProps(verifyForm)}>
            {searchParams.get("sent") ? (
              <p className={ui.notice} role="status" data-testid="phone-sent">
                {t("phone.sent", { phone: status.pending.phoneHint })}
              </p>
            ) : null}
            <FormErrors errors={verifyForm.errors ?? []} />
            <input type="hidden" name="intent" value="verify" />
            <VerificationCodeField
              label={t("phone.code_label")}
              hint={t("phone.code_hint", { count: status.pending.attemptsLeft })}
              field={verifyFields.code}
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
          <FormField
            label={t("phone.number")}
            hint={t("phone.number_hint")}
            inputMode="tel"
            autoComplete="tel-national"
            field={sendFields.phone}
            type="tel"
          />
          <button className={status.pending ? ui.buttonSecondary : ui.button} type="submit">
            {t("phone.send")}
          </button>
        </Form>
      </div>
    </main>
  );
}
