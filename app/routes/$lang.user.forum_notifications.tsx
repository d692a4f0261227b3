/** user/forum_notifications (issue 10; levels: issue 32 item 5, ADR 134). A thin adapter over app/features. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { loadForumNotifications, submitForumNotifications } from "~/features/forum/forum.server";
import { ForumNotificationsPage } from "~/features/settings/ForumNotificationsPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "membership", "forum"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadForumNotifications(args);

export const action = (args: ActionFunctionArgs) => submitForumNotifications(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ForumNotificationsRoute() {
  const { email, emailVerified, forum } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <ForumNotificationsPage
      email={email}
      emailVerified={emailVerified}
      forum={forum}
      saved={searchParams.get("saved") === "1" && !answer}
      errorKey={answer?.errorKey ?? null}
    />
  );
}
