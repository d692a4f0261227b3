import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { emailVerificationPath } from "#server/contract/email-verification";
import { BUSINESS_REGISTER_STEPS, BUSINESS_SIGNUP_TRACKING } from "#server/contract/registration";
import { USER_TYPE } from "#server/contract/users";
import type { BusinessSignupTracking } from "~/features/registration/steps.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./steps.css";

/**
 * Where the business signup funnel stands (codes 1, 2, 3, 3.1, 4 of spec
 * section 3). Labels are keyed by step, not by code: i18next reads the dot
 * in "3.1" as a key separator.
 */
function SignupFunnel({ tracking }: { tracking: BusinessSignupTracking }) {
  const { t } = useTranslation();
  const reached = new Set(tracking.events.map((event) => event.type));
  const stages = BUSINESS_REGISTER_STEPS.flatMap((key) => {
    const code = BUSINESS_SIGNUP_TRACKING[key];
    return code && tracking.types.includes(code) ? [{ key, code }] : [];
  });
  return (
    <section className={ui.card} aria-labelledby="signup-funnel-title">
      <h2 id="signup-funnel-title">{t("registration_steps.tracking.title")}</h2>
      <ul>
        {stages.map(({ key, code }) => (
          <li key={code}>
            {t(reached.has(code) ? "registration_steps.tracking.item_done" : "registration_steps.tracking.item_open", {
              code,
              label: t(`registration_steps.tracking.stage.${key}`),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The welcome page at the end of registration: what to do next. */
export function CompletedStep({
  business,
  isEmailVerified,
  signupTracking,
  returnTo,
}: {
  business: boolean;
  isEmailVerified: boolean;
  signupTracking?: BusinessSignupTracking | null;
  returnTo: string | null;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const verifyPath = to(emailVerificationPath(business ? USER_TYPE.business : USER_TYPE.client));
  return (
    <div className={ui.stack}>
      <p>{t("registration_steps.completed.intro")}</p>
      {returnTo ? (
        <p>
          <Link className={ui.button} to={returnTo} data-testid="return-to">
            {t("registration_steps.completed.return")}
          </Link>
        </p>
      ) : null}
      {business && signupTracking ? <SignupFunnel tracking={signupTracking} /> : null}
      <ul className={css.nextSteps}>
        {!isEmailVerified ? (
          <li className={ui.card}>
            <h2>{t("registration_steps.completed.verify_email_title")}</h2>
            <p>{t("registration_steps.completed.verify_email_text")}</p>
            <Link className={ui.linkButton} to={verifyPath}>
              {t("registration_steps.completed.verify_email_link")}
            </Link>
          </li>
        ) : null}
        <li className={ui.card}>
          <h2>{t("registration_steps.completed.profile_title")}</h2>
          <p>{t("registration_steps.completed.profile_text")}</p>
          <Link className={ui.linkButton} to={to("user/name_characteristics")}>
            {t("registration_steps.completed.profile_link")}
          </Link>
        </li>
        <li className={ui.card}>
          <h2>{t("registration_steps.completed.benefits_title")}</h2>
          <p>{business ? t("registration_steps.completed.benefits_text_business") : t("registration_steps.completed.benefits_text")}</p>
          <Link className={ui.linkButton} to={to(business ? "join/business-benefits" : "join/benefits")}>
            {t("registration_steps.completed.benefits_link")}
          </Link>
        </li>
      </ul>
      <p>
        <Link to={to("my_dashboard")}>{t("registration_steps.completed.dashboard_link")}</Link>
      </p>
    </div>
  );
}
