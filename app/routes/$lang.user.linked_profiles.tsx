/**
 * user/linked_profiles (issue 9 item 9): the links between a business and its escorts. A thin adapter over
 * app/features/account (the page LinkedProfilesPage, the loader and action linked-profiles.server).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { loadLinkedProfiles, submitLinkedProfiles } from "~/features/account/linked-profiles.server";
import { LinkedProfilesPage } from "~/features/account/LinkedProfilesPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadLinkedProfiles(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export const action = (args: ActionFunctionArgs) => submitLinkedProfiles(args);

export default function LinkedProfilesRoute() {
  const { side, links, max, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <LinkedProfilesPage side={side} links={links} max={max} now={now} done={searchParams.get("done")} lastResult={actionData?.lastResult} />
  );
}
