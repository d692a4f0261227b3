/**
 * user/friends (issue 11 item 3). The spec lists no route for the friend list (section 2 "Personal" has favorite,
 * visitor and favorite_visitor only); it lives under user/ with the member's other own pages (ADR 037).
 * A thin adapter over app/features/friends.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { FriendsPage } from "~/features/friends/FriendsPage";
import { loadFriends, submitFriends } from "~/features/friends/friends.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["friends"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadFriends(args);

export const action = (args: ActionFunctionArgs) => submitFriends(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function FriendsRoute() {
  const { list, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <FriendsPage list={list} done={answer ? null : done} reply={answer ? readReply(answer.lastResult) : null} />;
}
