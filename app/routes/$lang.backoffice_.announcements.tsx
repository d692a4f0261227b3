/** backoffice/announcements (ADR 044): staff publish announcements for the bar. A thin adapter over app/features/notifications. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BackofficeAnnouncementsPage } from "~/features/notifications/BackofficeAnnouncementsPage";
import { loadBackofficeAnnouncements, submitBackofficeAnnouncement } from "~/features/notifications/backoffice-announcements.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["notifications"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBackofficeAnnouncements(args);

export const action = (args: ActionFunctionArgs) => submitBackofficeAnnouncement(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeAnnouncementsRoute() {
  const { active, created } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BackofficeAnnouncementsPage active={active} created={created && !failure} failure={failure} />;
}
