/**
 * join/user: the way in for individuals. Two big choices, plain links, so it works without JavaScript; each
 * leads to the sign-up form with the type chosen, carrying the return path `r` of the prompt that sent the
 * visitor here (a profile's "write to Lena"); so does the login link for those who have an account.
 */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { INDIVIDUAL_SIGNUP_TYPES } from "#server/contract/signup-types";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { withReturnPath } from "~/utils/return-path";
import type { loadJoinChoice } from "./choose.server";
import * as css from "./sign-up.css";

export function RegistrationChoosePage() {
  const { returnTo } = useLoaderData<typeof loadJoinChoice>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.page}>
      <h1>{t("registration.choose.title")}</h1>
      <p>{t("registration.choose.intro")}</p>
      <div className={css.bigChoices}>
        {INDIVIDUAL_SIGNUP_TYPES.map((type) => (
          <Link
            key={type}
            className={css.bigChoice}
            to={withReturnPath(`${to("join/user/sign-up")}?type=${type}`, returnTo)}
            data-testid={`join-as-${type}`}
          >
            <span className={css.bigChoiceTitle}>{t(`registration.choose.${type}_title`)}</span>
            <span>{t(`registration.choose.${type}_text`)}</span>
          </Link>
        ))}
        <Link className={css.bigChoice} to={to("join/business")} data-testid="join-as-business">
          <span className={css.bigChoiceTitle}>{t("registration.choose.business_title")}</span>
          <span>{t("registration.choose.business_text")}</span>
        </Link>
      </div>
      <p>
        {t("registration.sign_up.have_account")}{" "}
        <Link className={ui.linkButton} to={withReturnPath(to("login"), returnTo)} data-testid="join-login">
          {t("registration.sign_up.login")}
        </Link>
      </p>
      <p>
        <Link to={to("join/benefits")}>{t("registration.choose.benefits_link")}</Link>
      </p>
    </main>
  );
}
