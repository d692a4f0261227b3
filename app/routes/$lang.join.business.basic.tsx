/**
 * join/business/basic: the first business step. Creates the business
 * account (signed in right away) and moves on to the next business step.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadViewer } from "~/api/viewer.server";
import { BusinessBasicForm } from "~/features/registration/BusinessBasicForm";
import { submitBusinessBasic } from "~/features/registration/business-basic.server";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { signupOrigin } from "~/features/registration/sign-up-session.server";

export const handle = { i18n: ["registration", "search"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (await loadViewer(request, context)) throw redirect(`/${params.lang}/my_dashboard`, { headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("registration.business_basic.meta_title"), ...signupOrigin(request) }, { headers: PRIVATE_HEADERS });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export const action = (args: ActionFunctionArgs) => submitBusinessBasic(args);

export default function BusinessBasicPage() {
  const { landingPageId, invitationCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("registration.business_basic.title")}</h1>
        <p className={ui.muted}>{t("registration.business_basic.intro")}</p>
        <BusinessBasicForm lastResult={actionData?.lastResult} landingPageId={landingPageId} invitationCode={invitationCode} />
        <p>
          {t("registration.sign_up.have_account")} <Link to={to("login")}>{t("registration.sign_up.login")}</Link>
        </p>
      </div>
    </main>
  );
}
