/** my_notification (spec section 2; issue 12 item 7, ADR 044). A thin adapter over app/features/notifications. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { NotificationsPage } from "~/features/notifications/NotificationsPage";
import { loadNotificationsPage, submitNotificationsPage } from "~/features/notifications/notifications.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { AdSlot } from "~/features/ads/AdZone";
import { withAdZone } from "~/features/ads/ads.server";

export const handle = { i18n: ["notifications", "ads"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => withAdZone(args, "my_notification", loadNotificationsPage(args));

export const action = (args: ActionFunctionArgs) => submitNotificationsPage(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function MyNotificationRoute() {
  const { list, filter, done, ad } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer ? readReply(answer.lastResult) : null;
  return (
    <>
      <NotificationsPage list={list} filter={filter === "unread" ? "unread" : "all"} done={refused ? null : done} refused={refused} />
      <AdSlot zone={ad} pageKey="my_notification" />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
