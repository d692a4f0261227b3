/**
 * user/age_check_verification: the age check. With ?type=forced the account must pass it before anything
 * else (spec section 2, post-login order). The identity providers come with the KYC work; until then a
 * request is recorded as pending and the page says so honestly.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_TAGS } from "#server/contract/locales";
import { AGE_CHECK_METHODS } from "#server/contract/registration-sign-up";
import { FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { readReply } from "~/components/form/reply";
import { translateMessage } from "~/i18n/translate";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadAgeCheck, submitAgeCheck } from "./age-check.server";
import * as css from "./sign-up.css";

export function AgeCheckPage() {
  const { forced, latest } = useLoaderData<typeof loadAgeCheck>();
  const reply = readReply(useActionData<typeof submitAgeCheck>()?.lastResult);
  const methodError = reply.fieldErrors.method?.[0];
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalePath();
  const navigation = useNavigation();
  const pending = latest?.status === "pending";
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("registration.age_check.title")}</h1>
        {forced ? (
          <p className={ui.alert} role="alert" data-testid="age-check-forced">
            {t("registration.age_check.forced")}
          </p>
        ) : null}
        <p>{t("registration.age_check.intro")}</p>
        <p className={ui.muted}>{t("registration.age_check.providers_later")}</p>
        {pending && latest ? (
          <p className={ui.notice} role="status" data-testid="age-check-pending">
            {t("registration.age_check.pending", {
              method: t(`registration.age_check.method_${latest.method}`),
              date: new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { dateStyle: "medium", timeZone: "UTC" }).format(latest.createdAt),
            })}
          </p>
        ) : (
          <Form method="post" action={`${to("user/age_check_verification")}${forced ? "?type=forced" : ""}`} className={ui.stack}>
            <FormErrors errors={reply.formErrors} />
            <fieldset className={css.fieldset}>
              <legend className={ui.label}>{t("registration.age_check.method")}</legend>
              {AGE_CHECK_METHODS.map((method, index) => (
                <label key={method} className={css.choice}>
                  <input type="radio" name="method" value={method} defaultChecked={index === 0} />
                  <span>{t(`registration.age_check.method_${method}`)}</span>
                </label>
              ))}
              <ErrorLine name="method" message={methodError ? translateMessage(t, methodError) : undefined} />
            </fieldset>
            <button className={ui.button} type="submit" disabled={navigation.state === "submitting"}>
              {t("registration.age_check.submit")}
            </button>
          </Form>
        )}
        <p>
          <Link to={to("about/guidelines_and_policies")}>{t("registration.age_check.why")}</Link>
        </p>
        <Form method="post" action={to("logout")}>
          <button className={ui.buttonSecondary} type="submit">
            {t("nav.logout")}
          </button>
        </Form>
      </div>
    </main>
  );
}
