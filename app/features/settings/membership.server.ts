/**
 * user/membership, user/billing_invoices, user/forum_notifications (issue 10): pages whose subject arrives
 * later (buying plus, invoices, the forum). Each shows the member's real state today and what will appear;
 * none offers an action that does not exist yet (no buy button, no invoice download).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { fetchMembershipState } from "~/api/settings.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import { PRIVATE_HEADERS } from "~/utils/seo";

async function membershipOf({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const state = await fetchMembershipState(createApiClient({ request, context }));
  if (!state.ok) throw new Response(null, { status: state.status >= 500 ? 503 : state.status, headers: PRIVATE_HEADERS });
  const lang = isLanguage(params.lang) ? params.lang : "de";
  const until = state.data.member_until === null ? null : formatCalendarDate(homeDayOf(state.data.member_until), lang);
  return { viewer, membership: { ...state.data, until } };
}

export type MembershipView = Awaited<ReturnType<typeof membershipOf>>["membership"];

export async function loadMembership(args: LoaderFunctionArgs) {
  const { membership } = await membershipOf(args);
  const t = await i18nServer.getFixedT(args.request);
  return data({ title: t("settings.pages.membership.title"), membership }, { headers: PRIVATE_HEADERS });
}

/** No invoice or billing address is stored anywhere yet (payments issue); the plan shown is the real one. */
export async function loadBillingInvoices(args: LoaderFunctionArgs) {
  const { membership } = await membershipOf(args);
  const t = await i18nServer.getFixedT(args.request);
  return data({ title: t("settings.pages.billing_invoices.title"), membership }, { headers: PRIVATE_HEADERS });
}

/** The forum does not exist yet: no subscriptions; replies will be mailed to the account's address. */
export async function loadForumNotifications({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("settings.pages.forum_notifications.title"),
      email: viewer.email,
      emailVerified: viewer.isEmailVerified,
    },
    { headers: PRIVATE_HEADERS },
  );
}
