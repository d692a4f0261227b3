/**
 * federated/google/callback: Google sends the browser back here with code
 * and state (or error=access_denied). Success signs in and redirects; any
 * failure shows a translated error page with a 400, never a 5xx.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { FederatedErrorPage } from "~/components/FederatedError";
import { i18nServer } from "~/i18n/i18next.server";
import { completeFederatedSignIn } from "~/utils/federated.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["auth"], hydrate: false };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { errorKey, setCookies } = await completeFederatedSignIn({ request, context, lang: params.lang!, provider: "google" });
  const t = await i18nServer.getFixedT(request);
  const headers = new Headers(PRIVATE_HEADERS);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data({ title: t("federated.error_title"), errorKey }, { status: 400, headers });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export default FederatedErrorPage;
