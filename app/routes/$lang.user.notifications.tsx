/** user/notifications (issue 10). A thin adapter over app/features/settings. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { allErrors, readReply } from "~/components/form/reply";
import { loadNotifications, submitNotifications } from "~/features/settings/notifications.server";
import { NotificationsPage } from "~/features/settings/NotificationsPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadNotifications(args);

export const action = (args: ActionFunctionArgs) => submitNotifications(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function NotificationsRoute() {
  const { preferences, push } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <NotificationsPage
      preferences={preferences}
      push={push}
      saved={searchParams.get("saved") === "1" && !answer}
      formErrors={allErrors(readReply(answer?.lastResult))}
    />
  );
}
