/** live/recordings ("watch recording"): the recordings the viewer may see (issue 31, ADR 124). A thin adapter over app/features/live. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { RecordingsPage } from "~/features/live/LivePages";
import { loadRecordings, submitRecording } from "~/features/live/live.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["live"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadRecordings(args, false);

export const action = (args: ActionFunctionArgs) => submitRecording(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function LiveRecordingsRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <RecordingsPage
      title={page.title}
      items={page.items}
      mine={false}
      signedIn={page.signedIn}
      done={page.done}
      buyPath={page.buyPath}
      reply={answer?.lastResult ? readReply(answer.lastResult) : null}
    />
  );
}
