/** The verification group's endpoints (issue 30 item 2, ADR 107), as the web tier calls them. */
import { verificationOps } from "#server/contract/operations/verification";
import type { VerificationFileSide, VerificationRejectionReason } from "#server/contract/verification";
import type { ApiClient, ApiResult, DataOf, RawCallOptions } from "./client.server";

export type VerificationOverviewData = DataOf<typeof verificationOps.overview>;
export type VerificationQueueData = DataOf<typeof verificationOps.queue>;

export function fetchVerificationOverview(api: ApiClient): Promise<ApiResult<VerificationOverviewData>> {
  return api.op(verificationOps.overview, { handleErrors: true });
}

export function startWebcamCheck(api: ApiClient) {
  return api.op(verificationOps.startWebcam, { handleErrors: true });
}

/** The member's multipart body, streamed through unread (ADR 018): the webcam photo, or a document's front and back. */
export function uploadCheck(
  api: ApiClient,
  kind: "webcam" | "id" | "prostschg",
  body: NonNullable<RawCallOptions["body"]>,
): Promise<Response> {
  return kind === "webcam"
    ? api.raw(verificationOps.submitWebcam, { body })
    : api.raw(verificationOps.submitDocument, { params: { kind }, body });
}

/** A check's photo through the API's staff-only gate. */
export function fetchCheckFile(api: ApiClient, id: number, side: VerificationFileSide): Promise<Response> {
  return api.raw(verificationOps.file, { params: { id, side } });
}

export function fetchVerificationQueue(api: ApiClient, page: number): Promise<ApiResult<VerificationQueueData>> {
  return api.op(verificationOps.queue, { query: { page }, handleErrors: true });
}

export function decideCheck(api: ApiClient, id: number, reason: VerificationRejectionReason | null) {
  return reason === null
    ? api.op(verificationOps.accept, { params: { id }, handleErrors: true })
    : api.op(verificationOps.reject, { params: { id }, body: { reason }, handleErrors: true });
}

export function forceFakeCheck(api: ApiClient, userId: number, reason: string) {
  return api.op(verificationOps.forceFakeCheck, { params: { id: userId }, body: { reason }, handleErrors: true });
}
