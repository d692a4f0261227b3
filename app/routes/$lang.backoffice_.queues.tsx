/** backoffice/queues: every queue with its open items and oldest wait (issue 30 item 5, ADR 119); a 404 for everyone else. A thin adapter over app/features/queues. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { QueuesHomePage } from "~/features/queues/QueuesHomePage";
import { loadQueuesHome } from "~/features/queues/queues.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["queues"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadQueuesHome(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeQueuesRoute() {
  const { queues, now } = useLoaderData<typeof loader>();
  return <QueuesHomePage queues={queues} now={now} />;
}
