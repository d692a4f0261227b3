/** messenger (spec section 2: messenger/{targetUsername?}, no footer): the thread list. A thin adapter over app/features/messenger. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { ThreadsPage } from "~/features/messenger/ThreadsPage";
import { loadThreads, submitThreads } from "~/features/messenger/messenger.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { AdSlot } from "~/features/ads/AdZone";
import { withAdZone } from "~/features/ads/ads.server";

// Hydrated: with JavaScript the list follows the socket (its client code is in the messenger chunks); forms still post.
export const handle = { i18n: ["messenger", "ads"], layout: "no-footer" };

export const loader = (args: LoaderFunctionArgs) => withAdZone(args, "messenger", loadThreads(args));

export const action = (args: ActionFunctionArgs) => submitThreads(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function MessengerRoute() {
  const { viewerId, list, done, q, matches, ad } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer ? readReply(answer.lastResult) : null;
  // The thread list only: never inside a conversation (messenger/{username} has no zone).
  return (
    <>
      <ThreadsPage viewerId={viewerId} list={list} done={refused ? null : done} refused={refused} q={q} matches={matches} />
      <AdSlot zone={ad} pageKey="messenger" />
    </>
  );
}
