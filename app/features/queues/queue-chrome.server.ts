/** The way around the back office's queues (ADR 119): one loader helper every queue page calls. */
import type { AppLoadContext } from "@remix-run/node";
import { createApiClient, type ApiClient } from "~/api/client.server";
import { i18nServer } from "~/i18n/i18next.server";
import { fetchQueueClaims, fetchQueueOverview, type QueueSummaryData, type StaffClaimData } from "~/api/queues.server";

/** What every queue page shows above its list: the queues with their counts, and the live claims on its items. */
export interface QueueChrome {
  queue: string;
  /** Each with its title in the page's language (translated here: titles live in their features' namespaces). */
  queues: Array<QueueSummaryData & { label: string }>;
  claims: StaffClaimData[];
  now: number;
  /** The outcome of the last claim form (?claim=…), for the notice. */
  claimNotice: "claimed" | "released" | "nothing" | "taken" | null;
}

const CLAIM_NOTICES = ["claimed", "released", "nothing", "taken"] as const;

/** The same for a page loader's args (the pages that do not use loadStaffQueue: content, reports, promotions ...). */
export const queueChromeFor = ({ request, context }: { request: Request; context: AppLoadContext }, queue: string) =>
  loadQueueChrome(createApiClient({ request, context }), request, queue);

/** The way around for a queue page (`queue`: its manifest name). Answers null for anyone the API refuses. */
export async function loadQueueChrome(api: ApiClient, request: Request, queue: string): Promise<QueueChrome | null> {
  const [overview, claims] = await Promise.all([fetchQueueOverview(api), fetchQueueClaims(api, queue)]);
  if (!overview.ok) return null;
  const notice = new URL(request.url).searchParams.get("claim");
  const t = await i18nServer.getFixedT(request);
  return {
    queue,
    queues: overview.data.queues.map((summary) => ({ ...summary, label: t(summary.title, { ns: summary.namespace }) })),
    claims: claims.ok ? claims.data.claims : [],
    now: overview.data.now,
    claimNotice: (CLAIM_NOTICES as readonly string[]).includes(notice ?? "") ? (notice as QueueChrome["claimNotice"]) : null,
  };
}
