/**
 * invitation-code/{invitationCode} (G): a usable code is kept in the
 * invitation_code cookie (30 days) and the visitor goes on to join/user;
 * an unknown, expired or used-up code gets an explanation with status 404.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { createApiClient } from "~/api/client.server";
import { fetchInvitationCode } from "~/api/registration.server";
import { useLocalePath } from "~/i18n/lang";
import { i18nServer } from "~/i18n/i18next.server";
import { invitationCookie } from "~/session/invitation.server";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["invites"], hydrate: false };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const lang = params.lang!;
  const code = params.invitationCode ?? "";
  const api = createApiClient({ request, context });
  const result = await fetchInvitationCode(api, code);
  if (result.ok) {
    const headers = new Headers(PRIVATE_HEADERS);
    headers.append("Set-Cookie", invitationCookie(result.data.code));
    throw redirect(`/${lang}/join/user`, { headers });
  }
  const t = await i18nServer.getFixedT(request);
  const tooMany = result.status === 429;
  return data(
    { title: t("invites.invitation.invalid_title"), tooMany },
    // Anything but "too many" reads as an unknown code: the page never says which codes exist.
    { status: tooMany ? 429 : 404, headers: PRIVATE_HEADERS },
  );
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export default function InvitationCodePage() {
  const { title, tooMany } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.card} data-testid="invitation-invalid">
        <h1>{title}</h1>
        <p>{t(tooMany ? "invites.invitation.too_many" : "invites.invitation.invalid_text")}</p>
        <p>
          <Link className={ui.button} to={to("join/user")}>
            {t("invites.invitation.join_anyway")}
          </Link>
        </p>
      </div>
    </main>
  );
}
