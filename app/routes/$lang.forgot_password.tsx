/** forgot_password: ask for a password reset e-mail. A thin adapter over app/features/auth. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ForgotPasswordPage } from "~/features/auth/ForgotPasswordPage";
import { loadForgotPassword, submitForgotPassword } from "~/features/auth/forgot-password.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["auth"] };

export const loader = (args: LoaderFunctionArgs) => loadForgotPassword(args);

export const action = (args: ActionFunctionArgs) => submitForgotPassword(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default ForgotPasswordPage;
