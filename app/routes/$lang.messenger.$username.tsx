/** messenger/{username} (spec section 2, no footer): one conversation. A thin adapter over app/features/messenger. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConversationPage } from "~/features/messenger/ConversationPage";
import { loadConversation, submitConversation } from "~/features/messenger/messenger.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

// Hydrated: with JavaScript the conversation is live (its client code is this route's chunk); every form still posts.
export const handle = { i18n: ["messenger", "reports", "warnings"], layout: "no-footer" };

export const loader = (args: LoaderFunctionArgs) => loadConversation(args);

export const action = (args: ActionFunctionArgs) => submitConversation(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ConversationRoute() {
  const { viewerId, conversation, before, done, mediums, reportId, sendKey, boostId, boostKey, warned, contactLimit, dateLink } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer?.refusal ?? null;
  const paid = answer?.paid ?? null;
  return (
    <ConversationPage
      viewerId={viewerId}
      conversation={conversation}
      before={before}
      done={refused || paid ? null : done}
      refused={refused}
      paid={paid}
      mediums={mediums}
      reportId={reportId}
      sendKey={sendKey}
      // After a boost the confirmation has done its work.
      boostId={paid ? null : boostId}
      boostKey={boostKey}
      warned={warned}
      contactLimit={contactLimit}
      dateLink={dateLink}
    />
  );
}
