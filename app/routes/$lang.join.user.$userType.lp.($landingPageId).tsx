/**
 * join/user/{userType}/lp and join/user/{userType}/lp/{landingPageId} (G):
 * landing-page variants of the sign-up with the type chosen. The landing
 * page id is remembered (cookie and hidden field) and stored with the
 * account; the form posts to join/user/sign-up.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isIndividualSignupType, TRACKING_ID_PATTERN } from "#server/contract/signup";
import { loadViewer } from "~/api/viewer.server";
import { IndividualSignUpForm } from "~/features/join/IndividualSignUpForm";
import * as css from "~/features/join/signup.css";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { returnPathParam } from "~/session/return-path.server";
import { landingPageCookie, signupOrigin } from "~/utils/signup.server";

export const handle = { i18n: ["join", "traits"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { userType, landingPageId } = params;
  // An unknown type is a mistyped link: the chooser is the best answer.
  if (!isIndividualSignupType(userType)) throw redirect(`/${params.lang}/join/user`);
  if (await loadViewer(request, context)) throw redirect(`/${params.lang}/my_dashboard`, { headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const origin = signupOrigin(request);
  const headers = new Headers(PRIVATE_HEADERS);
  const validLandingPage = landingPageId && TRACKING_ID_PATTERN.test(landingPageId) ? landingPageId : "";
  if (validLandingPage) headers.append("Set-Cookie", landingPageCookie(validLandingPage));
  return data(
    {
      title: t(`join.landing.${userType}_title`),
      description: t(`join.landing.${userType}_text`),
      userType,
      landingPageId: validLandingPage || origin.landingPageId,
      invitationCode: origin.invitationCode,
      returnTo: returnPathParam(request, params.lang ?? ""),
    },
    { headers },
  );
}

export function headers() {
  return PRIVATE_HEADERS;
}

// Campaign variants are not search landing pages (those are lp/{shortUrl}).
export const meta = metaFromLoader({ noindex: true });

export default function SignUpLandingPage() {
  const { userType, landingPageId, invitationCode, title, description, returnTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{title}</h1>
        <p>{description}</p>
        <ul className={css.benefitList}>
          {[1, 2, 3].map((n) => (
            <li key={n}>{t(`join.landing.${userType}_point_${n}`)}</li>
          ))}
        </ul>
        <IndividualSignUpForm
          defaultUserType={userType}
          landingPageId={landingPageId}
          invitationCode={invitationCode}
          returnTo={returnTo}
        />
        <p>
          {t("join.sign_up.have_account")} <Link to={to("login")}>{t("join.sign_up.login")}</Link>
        </p>
      </div>
    </main>
  );
}
