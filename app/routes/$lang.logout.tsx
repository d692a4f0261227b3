import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { logoutCookies } from "~/session/session.server";

/** Logout is a POST (never mutate on GET); it revokes the token in the API. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const api = createApiClient({ request, context });
  if (api.session.token) await api.call("/api/v2/user/logout", { method: "POST", handleErrors: true });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const cookie of logoutCookies()) headers.append("Set-Cookie", cookie);
  throw redirect(`/${params.lang}?logged_out=1`, { headers });
}

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/${params.lang}`);
}
