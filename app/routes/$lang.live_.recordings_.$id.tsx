/** live/recordings/{id}: one recording played in a native <video> (issue 31 item 4, ADR 130). A thin adapter over app/features/live. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { RecordingPage } from "~/features/live/LivePages";
import { loadRecordingPage, submitRecordingPage } from "~/features/live/live.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["live"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadRecordingPage(args);

export const action = (args: ActionFunctionArgs) => submitRecordingPage(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function LiveRecordingRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <RecordingPage
      recording={page.recording}
      video={page.video}
      signedIn={page.signedIn}
      done={page.done}
      loginPath={page.loginPath}
      buyPath={page.buyPath}
      reply={answer?.lastResult ? readReply(answer.lastResult) : null}
    />
  );
}
