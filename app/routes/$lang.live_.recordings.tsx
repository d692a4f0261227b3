/** live/recordings ("watch recording"): the recordings the viewer may see (issue 31, ADR 124). A thin adapter over app/features/live. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecordingsPage } from "~/features/live/LivePages";
import { loadRecordings } from "~/features/live/live.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["live"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadRecordings(args, false);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function LiveRecordingsRoute() {
  const page = useLoaderData<typeof loader>();
  return <RecordingsPage title={page.title} items={page.items} mine={false} signedIn={page.signedIn} done={null} reply={null} />;
}
