/** join/user/sign-up and its campaign variants: the individual sign-up form with its surroundings. */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { withReturnPath } from "~/utils/return-path";
import { IndividualSignUpForm } from "./IndividualSignUpForm";
import type { loadSignUp, loadSignUpLanding, submitIndividualSignUp } from "./sign-up.server";
import * as css from "./sign-up.css";

export function SignUpPage() {
  const { userType, landingPageId, invitationCode, returnTo, monthNames } = useLoaderData<typeof loadSignUp>();
  const actionData = useActionData<typeof submitIndividualSignUp>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("registration.sign_up.title")}</h1>
        <p className={ui.muted}>{t("registration.sign_up.intro")}</p>
        <IndividualSignUpForm
          lastResult={actionData?.lastResult}
          defaultUserType={userType}
          landingPageId={landingPageId}
          invitationCode={invitationCode}
          returnTo={returnTo}
          monthNames={monthNames}
        />
        <p>
          {t("registration.sign_up.have_account")} <Link to={withReturnPath(to("login"), returnTo)}>{t("registration.sign_up.login")}</Link>
        </p>
        <p>
          <Link to={to("join/business")}>{t("registration.sign_up.business_instead")}</Link>
        </p>
      </div>
    </main>
  );
}

export function SignUpLandingPage() {
  const { userType, landingPageId, invitationCode, title, description, returnTo, monthNames } = useLoaderData<typeof loadSignUpLanding>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{title}</h1>
        <p>{description}</p>
        <ul className={css.benefitList}>
          {[1, 2, 3].map((n) => (
            <li key={n}>{t(`registration.landing.${userType}_point_${n}`)}</li>
          ))}
        </ul>
        <IndividualSignUpForm
          defaultUserType={userType}
          landingPageId={landingPageId}
          invitationCode={invitationCode}
          returnTo={returnTo}
          monthNames={monthNames}
        />
        <p>
          {t("registration.sign_up.have_account")} <Link to={withReturnPath(to("login"), returnTo)}>{t("registration.sign_up.login")}</Link>
        </p>
      </div>
    </main>
  );
}
