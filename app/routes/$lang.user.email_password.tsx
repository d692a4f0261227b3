/** user/email_password (issue 10). A thin adapter over app/features/settings. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { EMAIL_PASSWORD_HEADERS, loadEmailPassword, submitEmailPassword } from "~/features/settings/email-password.server";
import { EmailPasswordPage } from "~/features/settings/EmailPasswordPage";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["account"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadEmailPassword(args);

export const action = (args: ActionFunctionArgs) => submitEmailPassword(args);

export const headers = () => EMAIL_PASSWORD_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function EmailPasswordRoute() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  const [searchParams] = useSearchParams();
  const notice = ["sent", "cancelled", "confirmed", "password_changed"].find((key) => searchParams.get(key) === "1") ?? null;
  return <EmailPasswordPage view={view} answer={answer} notice={notice} />;
}
