/** The back office's queues overview, staff claims and the reviews queue through the API (issue 30 item 5, ADR 119). */
import { queuesOps } from "#server/contract/operations/queues";
import type { ReviewDecisionBody } from "#server/contract/queues";
import type { ApiClient, DataOf } from "./client.server";

export type QueueOverviewData = DataOf<typeof queuesOps.overview>;
export type QueueSummaryData = QueueOverviewData["queues"][number];
export type StaffClaimData = DataOf<typeof queuesOps.claim>;
export type ReviewQueueData = DataOf<typeof queuesOps.reviews>;

export const fetchQueueOverview = (api: ApiClient) => api.op(queuesOps.overview, { handleErrors: true });
export const fetchQueueClaims = (api: ApiClient, queue: string) => api.op(queuesOps.claims, { query: { queue }, handleErrors: true });
export const claimQueueItem = (api: ApiClient, queue: string, itemId: number) =>
  api.op(queuesOps.claim, { body: { queue, item_id: itemId }, handleErrors: true });
export const releaseQueueItem = (api: ApiClient, queue: string, itemId: number) =>
  api.op(queuesOps.release, { body: { queue, item_id: itemId }, handleErrors: true });
export const claimNextQueueItem = (api: ApiClient, queue: string) => api.op(queuesOps.next, { body: { queue }, handleErrors: true });
export const fetchReviewQueue = (api: ApiClient, page: number) =>
  api.op(queuesOps.reviews, { query: { page: String(page) }, handleErrors: true });
export const decideQueuedReview = (api: ApiClient, kind: string, id: number, body: ReviewDecisionBody) =>
  api.op(queuesOps.decideReview, { params: { kind, id }, body, handleErrors: true });
