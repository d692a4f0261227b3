import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { logout } from "~/api/auth.server";
import { createApiClient } from "~/api/client.server";
import { logoutCookies } from "~/session/session.server";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { privateAnswer } from "~/utils/cache-headers";

/** The layout's language check does not run before an action: an unknown segment ("/Ā/logout") must not reach a Location header. */
const homeOf = (lang: string | undefined) => `/${isLanguage(lang) ? lang : DEFAULT_LANGUAGE}`;

/** Logout is a POST (never mutate on GET); it revokes the token in the API. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const api = createApiClient({ request, context });
  if (api.session.token) await logout(api);
  const headers = new Headers(privateAnswer());
  for (const cookie of logoutCookies()) headers.append("Set-Cookie", cookie);
  throw redirect(`${homeOf(params.lang)}?logged_out=1`, { headers });
}

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(homeOf(params.lang));
}
