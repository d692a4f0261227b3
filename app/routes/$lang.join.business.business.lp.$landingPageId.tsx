/**
 * join/business/business/lp/{landingPageId} (G): the business basic form as
 * a campaign landing page; the landing page id is remembered and stored
 * with the account. Posts to join/business/basic.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadViewer } from "~/api/viewer.server";
import { BusinessBasicForm } from "~/features/registration/BusinessBasicForm";
import { i18nServer } from "~/i18n/i18next.server";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { isLandingPageId } from "~/features/registration/business-basic.server";
import { landingPageCookie, signupOrigin } from "~/features/registration/sign-up-session.server";

export const handle = { i18n: ["registration", "search"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (await loadViewer(request, context)) throw redirect(`/${params.lang}/my_dashboard`, { headers: PRIVATE_HEADERS });
  const id = params.landingPageId ?? "";
  if (!isLandingPageId(id)) throw redirect(`/${params.lang}/join/business`);
  const t = await i18nServer.getFixedT(request);
  const headers = new Headers(PRIVATE_HEADERS);
  headers.append("Set-Cookie", landingPageCookie(id));
  return data(
    { title: t("registration.landing.business_title"), landingPageId: id, invitationCode: signupOrigin(request).invitationCode },
    { headers },
  );
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export default function BusinessLandingPage() {
  const { landingPageId, invitationCode, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{title}</h1>
        <p>{t("registration.landing.business_text")}</p>
        <BusinessBasicForm landingPageId={landingPageId} invitationCode={invitationCode} />
      </div>
    </main>
  );
}
