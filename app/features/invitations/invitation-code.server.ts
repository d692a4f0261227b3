/**
 * invitation-code/{invitationCode} (G): a usable code is kept in the invitation_code cookie (30 days) and
 * the visitor goes on to join/user; an unknown, expired or used-up code gets an explanation with status 404.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { fetchInvitationCode } from "~/api/registration.server";
import { i18nServer } from "~/i18n/i18next.server";
import { invitationCookie } from "~/session/invitation.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadInvitationCode({ request, context, params }: LoaderFunctionArgs) {
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
    { title: t("invitations.invitation.invalid_title"), tooMany },
    // Anything but "too many" reads as an unknown code: the page never says which codes exist.
    { status: tooMany ? 429 : 404, headers: PRIVATE_HEADERS },
  );
}
