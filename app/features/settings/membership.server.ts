/**
 * user/forum_notifications (issue 10): the forum arrives later; the page shows the member's real state today.
 * (user/membership is the plus feature's page, user/billing_invoices the invoices feature's: issue 26.)
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

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
