/** join/user/sign-up: registration step 1 for clients and escorts. A thin adapter over app/features/registration. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SignUpPage } from "~/features/registration/SignUpPage";
import { loadSignUp, submitIndividualSignUp } from "~/features/registration/sign-up.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["registration", "traits"] };

export const loader = (args: LoaderFunctionArgs) => loadSignUp(args);

export const action = (args: ActionFunctionArgs) => submitIndividualSignUp(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default SignUpPage;
