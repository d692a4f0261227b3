/**
 * Registration step 1 for clients and escorts: join/user/sign-up (the type from join/user or chosen in the
 * form) and its campaign variants join/user/{userType}/lp/{landingPageId?}, whose landing page id is
 * remembered (cookie and hidden field) and stored with the account; both forms post to join/user/sign-up.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, type Language } from "#server/contract/locales";
import { individualSignUpSchema, isIndividualSignupType, TRACKING_ID_PATTERN } from "#server/contract/registration-sign-up";
import { loadViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { returnPathParam } from "~/session/return-path.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { landingPageCookie, signupOrigin, submitSignUp } from "~/features/registration/sign-up-session.server";
import { SIGN_UP_FIELDS } from "./IndividualSignUpForm";

const monthNames = new Map<Language, readonly string[]>();
/**
 * The birth month's names in the page's language, January first, as the form's select shows them. Written by the
 * server into the loader data: a browser's first Intl date formatter loads its locale and zone data, which was the
 * form's largest cost while hydrating (ADR 175).
 */
function monthNamesOf(lang: string | undefined): readonly string[] {
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  let names = monthNames.get(language);
  if (!names) {
    const format = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { month: "long", timeZone: "UTC" });
    names = Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2000, month, 1)));
    monthNames.set(language, names);
  }
  return names;
}

export async function loadSignUp({ request, context, params }: LoaderFunctionArgs) {
  // Signed in already: the layout sends unfinished registrations on; the rest go home.
  if (await loadViewer(request, context)) throw redirect(`/${params.lang}/my_dashboard`, { headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const type = new URL(request.url).searchParams.get("type");
  return data(
    {
      title: t("registration.sign_up.meta_title"),
      description: t("registration.sign_up.meta_description"),
      userType: isIndividualSignupType(type) ? type : ("" as const),
      returnTo: returnPathParam(request, params.lang ?? ""),
      monthNames: monthNamesOf(params.lang),
      ...signupOrigin(request),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export function submitIndividualSignUp({ request, context, params }: ActionFunctionArgs) {
  return submitSignUp(
    { request, context, lang: params.lang! },
    { schema: individualSignUpSchema(Date.now), kind: "individual", fields: SIGN_UP_FIELDS },
  );
}

export async function loadSignUpLanding({ request, context, params }: LoaderFunctionArgs) {
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
      title: t(`registration.landing.${userType}_title`),
      description: t(`registration.landing.${userType}_text`),
      userType,
      landingPageId: validLandingPage || origin.landingPageId,
      invitationCode: origin.invitationCode,
      returnTo: returnPathParam(request, params.lang ?? ""),
      monthNames: monthNamesOf(params.lang),
    },
    { headers },
  );
}
