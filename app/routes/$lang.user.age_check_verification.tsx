/**
 * user/age_check_verification: the age check. With ?type=forced the account
 * must pass it before anything else (spec section 2, post-login order). The
 * identity providers come with the KYC work; until then a request is
 * recorded as pending and the page says so honestly.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createApiClient } from "~/api/client.server";
import { fetchLatestAgeCheck, requestAgeCheck } from "~/api/registration.server";
import { requireViewer } from "~/api/viewer.server";
import { FormErrors } from "~/components/Field";
import * as css from "~/features/join/signup.css";
import { i18nServer } from "~/i18n/i18next.server";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { LANGUAGE_TAGS } from "#server/contract/locales";
import { AGE_CHECK_METHODS } from "#server/contract/signup";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["join"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const latest = await fetchLatestAgeCheck(api);
  const t = await i18nServer.getFixedT(request);
  const forced = new URL(request.url).searchParams.get("type") === "forced";
  return data({ title: t("join.age_check.meta_title"), forced, latest: latest.ok ? latest.data : null }, { headers: PRIVATE_HEADERS });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const api = createApiClient({ request, context });
  const result = await requestAgeCheck(api, formData.get("method"));
  if (!result.ok) return data({ errors: result.errors.map((e) => e.title) }, { status: 400, headers: PRIVATE_HEADERS });
  const forced = new URL(request.url).searchParams.get("type") === "forced";
  throw redirect(`/${params.lang}/user/age_check_verification${forced ? "?type=forced" : ""}`, { headers: PRIVATE_HEADERS });
}

export default function AgeCheckPage() {
  const { forced, latest } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalePath();
  const navigation = useNavigation();
  const pending = latest?.status === "pending";
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("join.age_check.title")}</h1>
        {forced ? (
          <p className={ui.alert} role="alert" data-testid="age-check-forced">
            {t("join.age_check.forced")}
          </p>
        ) : null}
        <p>{t("join.age_check.intro")}</p>
        <p className={ui.muted}>{t("join.age_check.providers_later")}</p>
        {pending && latest ? (
          <p className={ui.notice} role="status" data-testid="age-check-pending">
            {t("join.age_check.pending", {
              method: t(`join.age_check.method_${latest.method}`),
              date: new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { dateStyle: "medium", timeZone: "UTC" }).format(latest.createdAt),
            })}
          </p>
        ) : (
          <Form method="post" action={`${to("user/age_check_verification")}${forced ? "?type=forced" : ""}`} className={ui.stack}>
            <FormErrors errors={actionData?.errors ?? []} />
            <fieldset className={css.fieldset}>
              <legend className={ui.label}>{t("join.age_check.method")}</legend>
              {AGE_CHECK_METHODS.map((method, index) => (
                <label key={method} className={css.choice}>
                  <input type="radio" name="method" value={method} defaultChecked={index === 0} />
                  <span>{t(`join.age_check.method_${method}`)}</span>
                </label>
              ))}
            </fieldset>
            <button className={ui.button} type="submit" disabled={navigation.state === "submitting"}>
              {t("join.age_check.submit")}
            </button>
          </Form>
        )}
        <p>
          <Link to={to("about/guidelines_and_policies")}>{t("join.age_check.why")}</Link>
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
