/**
 * join/user/{userType}/lp and join/user/{userType}/lp/{landingPageId} (G): landing-page variants of the
 * sign-up with the type chosen. A thin adapter over app/features/join.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { SignUpLandingPage } from "~/features/join/SignUpPage";
import { loadSignUpLanding } from "~/features/join/sign-up.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["join", "traits"] };

export const loader = (args: LoaderFunctionArgs) => loadSignUpLanding(args);

export const headers = () => PRIVATE_HEADERS;

// Campaign variants are not search landing pages (those are lp/{shortUrl}).
export const meta = metaFromLoader({ noindex: true });

export default SignUpLandingPage;
