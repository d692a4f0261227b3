/** reset_password?token=…: set a new password. A thin adapter over app/features/auth. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ResetPasswordPage } from "~/features/auth/ResetPasswordPage";
import { loadResetPassword, RESET_PASSWORD_HEADERS, submitResetPassword } from "~/features/auth/reset-password.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["auth"] };

export const loader = (args: LoaderFunctionArgs) => loadResetPassword(args);

export const action = (args: ActionFunctionArgs) => submitResetPassword(args);

export const headers = () => RESET_PASSWORD_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default ResetPasswordPage;
