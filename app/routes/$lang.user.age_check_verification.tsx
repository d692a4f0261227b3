/** user/age_check_verification: the fsk18 age verification (spec section 2; ADR 105). A thin adapter over app/features/age-verification. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AgeVerificationPage } from "~/features/age-verification/AgeVerificationPage";
import { loadAgeVerification, submitAgeVerification } from "~/features/age-verification/age-verification.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["age-verification"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAgeVerification(args);

export const action = (args: ActionFunctionArgs) => submitAgeVerification(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default AgeVerificationPage;
