/**
 * The loader of a feature's own back-office queue page (bundles, blogs, events, verifications): one page of the
 * queue from the API, its title and the last decision's notice. Whoever lacks the page's permission gets the back
 * office's 404 (it does not exist for them); the API asks the same matrix again.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { pageQueryParam } from "#server/contract/paging";
import type { StaffPermission } from "#server/contract/staff-permissions";
import { createApiClient, type ApiClient, type ApiResult } from "~/api/client.server";
import { loadQueueChrome } from "~/features/queues/queue-chrome.server";
import { i18nServer } from "~/i18n/i18next.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { requireStaffPage } from "./staff-access.server";

export interface StaffQueuePage<Done extends string> {
  /** The queue's page from the API (page from `?page=`, the first when it is odd). */
  fetch: (api: ApiClient, page: number) => Promise<ApiResult<unknown>>;
  /** The page's title: a key of the feature's namespace. */
  title: { key: string; ns: string };
  /** The `?done=` values the page confirms after a decision's redirect. */
  done: readonly Done[];
  /** The staff matrix's permission the page needs (ADR 116); without it the page does not exist (404). */
  permission: StaffPermission;
  /** The queue's manifest name: the page then shows the way around the queues and the claims (ADR 119). */
  queue?: string;
}

export async function loadStaffQueue<Queue, Done extends string>(
  { request, context }: LoaderFunctionArgs,
  page: Omit<StaffQueuePage<Done>, "fetch"> & { fetch: (api: ApiClient, page: number) => Promise<ApiResult<Queue>> },
) {
  await requireStaffPage(request, context, page.permission);
  const url = new URL(request.url);
  const number = v.safeParse(pageQueryParam, url.searchParams.get("page") ?? undefined);
  // The list and the way around the queues in parallel: two API calls, one wait.
  const [result, chrome] = await Promise.all([
    page.fetch(createApiClient({ request, context }), number.success ? number.output : 1),
    page.queue ? loadQueueChrome(createApiClient({ request, context }), request, page.queue) : null,
  ]);
  if (!result.ok) {
    if (result.status === 403 || result.status === 404) throw await notFoundResponse(request);
    throw new Response(null, { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS });
  }
  const t = await i18nServer.getFixedT(request);
  const done = url.searchParams.get("done");
  return data(
    {
      title: t(page.title.key, { ns: page.title.ns }),
      queue: result.data,
      done: (page.done as readonly string[]).includes(done ?? "") ? (done as Done) : null,
      chrome,
    },
    { headers: PRIVATE_HEADERS },
  );
}
