/**
 * join/user/sign-up: registration step 1 for clients and escorts. The type
 * comes from join/user (?type=client|escort) or is chosen in the form; a
 * landing page or invitation the visitor came through rides along.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { individualSignUpSchema, isIndividualSignupType } from "#server/contract/signup";
import { loadViewer } from "~/api/viewer.server";
import { IndividualSignUpForm, SIGN_UP_FIELDS } from "~/features/join/IndividualSignUpForm";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { returnPathParam } from "~/session/return-path.server";
import { withReturnPath } from "~/utils/return-path";
import { signupOrigin, submitSignUp } from "~/utils/signup.server";

export const handle = { i18n: ["join", "traits"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Signed in already: the layout sends unfinished registrations on; the rest go home.
  if (await loadViewer(request, context)) throw redirect(`/${params.lang}/my_dashboard`, { headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const type = new URL(request.url).searchParams.get("type");
  return data(
    {
      title: t("join.sign_up.meta_title"),
      description: t("join.sign_up.meta_description"),
      userType: isIndividualSignupType(type) ? type : ("" as const),
      returnTo: returnPathParam(request, params.lang ?? ""),
      ...signupOrigin(request),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export function action({ request, context, params }: ActionFunctionArgs) {
  return submitSignUp(
    { request, context, lang: params.lang! },
    { schema: individualSignUpSchema(Date.now), kind: "individual", fields: SIGN_UP_FIELDS },
  );
}

export default function SignUpPage() {
  const { userType, landingPageId, invitationCode, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("join.sign_up.title")}</h1>
        <p className={ui.muted}>{t("join.sign_up.intro")}</p>
        <IndividualSignUpForm
          lastResult={actionData?.lastResult}
          defaultUserType={userType}
          landingPageId={landingPageId}
          invitationCode={invitationCode}
          returnTo={returnTo}
        />
        <p>
          {t("join.sign_up.have_account")} <Link to={withReturnPath(to("login"), returnTo)}>{t("join.sign_up.login")}</Link>
        </p>
        <p>
          <Link to={to("join/business")}>{t("join.sign_up.business_instead")}</Link>
        </p>
      </div>
    </main>
  );
}
