/** /{lang}/login. A thin adapter over app/features/auth. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { loadLogin, submitLogin } from "~/features/auth/login.server";
import { LoginPage } from "~/features/auth/LoginPage";
import { pageMeta, PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["auth"] };

export const loader = (args: LoaderFunctionArgs) => loadLogin(args);

export const action = (args: ActionFunctionArgs) => submitLogin(args);

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: MetaFunction<typeof loader, { root: () => { origin: string } }> = ({ data, matches, location }) => {
  const origin = (matches.find((m) => m.id === "root")?.data as { origin?: string } | undefined)?.origin ?? "";
  return pageMeta({ title: data?.title ?? "", description: data?.description, origin, pathname: location.pathname, noindex: true });
};

export default function LoginRoute() {
  const { returnTo, googleSignIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <LoginPage returnTo={returnTo} googleSignIn={googleSignIn} actionData={actionData} />;
}
