/**
 * join/user/{userType}/lp and join/user/{userType}/lp/{landingPageId} (G): landing-page variants of the
 * sign-up with the type chosen. A thin adapter over app/features/registration.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { SignUpLandingPage } from "~/features/registration/SignUpPage";
import { loadSignUpLanding } from "~/features/registration/sign-up.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["registration", "traits"] };

export const loader = (args: LoaderFunctionArgs) => loadSignUpLanding(args);

export const headers = () => PRIVATE_HEADERS;

// Campaign variants are not search landing pages (those are lp/{shortUrl}).
export const meta = metaFromLoader({ noindex: true });

export default SignUpLandingPage;
