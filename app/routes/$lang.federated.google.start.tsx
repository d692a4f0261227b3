/**
 * federated/google/start: sends the browser to Google's consent page (a GET,
 * as a link works without JavaScript). Nothing changes on the server; the
 * state cookie only binds the coming callback to this browser.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { startFederatedSignIn } from "~/utils/federated.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { i18nServer } from "~/i18n/i18next.server";
import { FederatedErrorPage } from "~/components/FederatedError";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["auth"], hydrate: false };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { errorKey } = await startFederatedSignIn({ request, context, lang: params.lang!, provider: "google" });
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("federated.error_title"), errorKey },
    { status: errorKey === "exception.federated.provider_not_configured" ? 404 : 400, headers: PRIVATE_HEADERS },
  );
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export default FederatedErrorPage;
