/** user/forum_notifications (issue 10). A thin adapter over app/features/settings. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadForumNotifications } from "~/features/settings/membership.server";
import { ForumNotificationsPage } from "~/features/settings/ForumNotificationsPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "membership"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadForumNotifications(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ForumNotificationsRoute() {
  const { email, emailVerified } = useLoaderData<typeof loader>();
  return <ForumNotificationsPage email={email} emailVerified={emailVerified} />;
}
