/**
 * join/user/sign-up: registration step 1 for clients and escorts. The type
 * comes from join/user (?type=client|escort) or is chosen in the form; a
 * landing page or invitation the visitor came through rides along.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { individualSignUpSchema, isIndividualSignupType } from "#server/contract/signup";
import { createApiClient } from "~/api/client.server";
import { loadViewer } from "~/api/viewer.server";
import { IndividualSignUpForm, SIGN_UP_FIELDS } from "~/components/join/IndividualSignUpForm";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { isBotSubmission, replyWithApiErrors } from "~/utils/forms.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { redirectIntoRegistration, signupOrigin } from "~/utils/signup.server";

export const handle = { i18n: ["common"] };

interface SignUpData {
  accessToken: string;
  userType: number;
  registerCompletedStep: number;
}

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
      ...signupOrigin(request),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithValibot(formData, { schema: individualSignUpSchema(Date.now) });
  const hide = ["password"];
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply({ hideFields: hide, formErrors: ["validation.correct_all_fields"] }) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  // Bots fill the hidden field: they get a plain refusal and no account.
  if (isBotSubmission(formData)) {
    return data({ lastResult: submission.reply({ formErrors: ["exception.common.something_wrong_happened"], hideFields: hide }) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  const api = createApiClient({ request, context });
  const result = await api.call<SignUpData>("/api/v2/registration/sign-up", { method: "POST", body: submission.value, auth: false, handleErrors: true });
  if (!result.ok) {
    return data({ lastResult: replyWithApiErrors(submission, result.errors, SIGN_UP_FIELDS, hide) }, { status: result.status === 429 ? 429 : 400, headers: PRIVATE_HEADERS });
  }
  redirectIntoRegistration(params.lang!, result.data);
}

export default function SignUpPage() {
  const { userType, landingPageId, invitationCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("join.sign_up.title")}</h1>
        <p className={ui.muted}>{t("join.sign_up.intro")}</p>
        <IndividualSignUpForm lastResult={actionData?.lastResult} defaultUserType={userType} landingPageId={landingPageId} invitationCode={invitationCode} />
        <p>
          {t("join.sign_up.have_account")} <Link to={to("login")}>{t("join.sign_up.login")}</Link>
        </p>
        <p>
          <Link to={to("join/business")}>{t("join.sign_up.business_instead")}</Link>
        </p>
      </div>
    </main>
  );
}
